"""Template tags of the game tables: the translated strings the table scripts show.

The scripts never carry their own text: the page renders these strings with
``json_script`` in the reader's language, so every word on the table goes
through the same translation catalogue as the templates.
"""

import importlib

from django import template
from django.conf import settings
from django.utils.html import format_html
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from accounts import pseudonyms
from games import registry
from rooms.host_words import host_strings, target_choices
from rooms.messages import catalogue
from rooms.policies import policy

register = template.Library()


def counted(phrase) -> dict:
    """A phrase with a count, in both plural forms: ``{"one": ..., "other": ...}``.

    ``phrase(n)`` is a lambda around ``ngettext`` (so that makemessages finds its literals).
    The scripts' ``fill`` picks the form with ``Intl.PluralRules`` of the page's language,
    whose categories match the catalogue's plural forms for pt-BR and English ("1 ponto",
    "2 pontos"; "1 point", "2 points")."""
    return {"one": phrase(1), "other": phrase(2)}


@register.simple_tag
def heartbeat_attrs():
    """The page's heartbeat (docs/protocol.md "Heartbeat") as data attributes of the element that reads them."""
    return format_html(
        'data-ping-ms="{}" data-pong-timeout-ms="{}"', settings.HEARTBEAT_PING_MS, settings.HEARTBEAT_TIMEOUT_MS
    )


def _common() -> dict:
    return {
        "suits": {"C": _("clubs"), "D": _("diamonds"), "H": _("hearts"), "S": _("spades")},
        "ranks": {
            "A": _("ace"),
            "2": "2",
            "3": "3",
            "4": "4",
            "5": "5",
            "6": "6",
            "7": "7",
            "8": "8",
            "9": "9",
            "T": "10",
            "J": _("jack"),
            "Q": _("queen"),
            "K": _("king"),
        },
        "card_name": _("%(rank)s of %(suit)s"),
        "card_back": _("face-down card"),
        "status": {
            "waiting": _("waiting for players"),
            "playing": _("playing"),
            "hand_over": _("between hands"),
            "match_over": _("match over"),
            "closed": _("closed"),
        },
        "levels": {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")},
        "connecting": _("Connecting…"),
        "reconnecting": _("Reconnecting…"),
        "connected": _("Connected"),
        "conn_offline": _("Offline"),
        "offline_banner": _("No connection: the table comes back by itself when the network does."),
        "away_moves": counted(
            lambda n: ngettext(
                "%(n)s automatic move was made for you while you were away.",
                "%(n)s automatic moves were made for you while you were away.",
                n,
            )
        ),
        "leaves_in": _("leaves the table in %(time)s"),
        "offline_move": _("You are offline: that move was not sent. Wait for the table to reconnect."),
        "closed_room": _("This room is closed."),
        "no_session": _("Your session has ended: log in again."),
        "paused_host": _("The host paused the game."),
        "paused_empty": _("Paused: nobody is at the table."),
        "paused_staff": _(
            "The site's staff paused this room: the clock is stopped and every hand is kept. "
            "Stay here or come back later; only the staff can resume it."
        ),
        "too_many_tabs": _("This account has too many tabs open; close one and reload this page."),
        "your_turn": _("Your turn"),
        "your_turn_title": _("● Your turn"),
        "you_drew": _("You drew %(card)s."),
        # A Buraco team is "Team N" for everyone (the log, the morto, the verify page say so too);
        # the reader's own team says it is theirs (docs/ui.md, the glossary).
        "team_yours": _("Team %(n)s (yours)"),
        "target_n": _("Target %(n)s"),
        "points_n": counted(lambda n: ngettext("%(n)s point", "%(n)s points", n)),
        "cards_word": _("cards"),
        "stand_in_short": _("stand-in"),
        "rating_n": _("Rating %(n)s"),
        "rating_profile": _("%(name)s's page: ratings and statistics (opens in a new tab)"),
        "view_profile": _("See profile"),
        "rating_changes": _("Rating after this match"),
        "rating_change": _("Change"),
        "rating_new": _("New rating"),
        "rating_left": _("left"),
        "waiting_next": _("plays from the next deal"),
        "plays_next_hand": _("You have a seat: you play from the next hand."),
        "plays_next_match": _("You have a seat: you play from the next match."),
        "reserved_yours": _("Seat %(n)s is reserved for you. %(when)s"),
        "watching": _("You are watching this table. Sit in an empty seat to play."),
        "watching_full": _("You are watching this table. Every seat is taken."),
        "confirm_leave": _(
            "Leave your seat? A bot plays your cards or they go back to the table, as the game's rules say."
        ),
        "confirm_new_match": _("Start a new match now? The match being played ends without a result."),
        "end_match": _("End the match"),
        "confirm_end_match": _(
            "End the match now? It ends without a result; in a rated room it counts as leaving it for you, "
            "and everyone else keeps their rating."
        ),
        "match_ended_early": _("The host ended the match early: no result."),
        "match_deserted": _("No person was left to play the match: it ended without a result."),
        "confirm_remove_bot": _("Remove this bot? It leaves at the end of the hand or match."),
        "confirm_take_over": _("Reserve this seat? %(when)s"),
        "setting_game": _("Game"),
        "setting_variations": _("Variations"),
        "setting_direction": _("Direction of play"),
        "setting_target": _("Target"),
        "setting_games": _("Games in the match"),
        "setting_seats": _("Seats"),
        "clockwise": _("clockwise"),
        "counter_clockwise": _("counter-clockwise"),
        "none": _("none"),
        "match_won": _("Winner of the match: %(names)s"),
        "match_tie": _("The match ends in a tie: %(names)s"),
        "hand_best": _("Hand %(n)s, best score: %(names)s. The match goes on."),
        "hand_tie": _("Hand %(n)s: %(names)s tied. The match goes on."),
        "match_over_title": _("Match over"),
        "hand_over_title": _("Hand %(n)s is over"),
        "waiting_host": _("Waiting for the host to go on."),
        "see_table": _("See the table"),
        "this_hand": _("This hand"),
        "match_total": _("Match total"),
        "dealt_nobody": _("Hand %(hand)s dealt."),
        "turn_of": _("%(name)s's turn"),
        "bot": _("bot"),
        "bot_level": _("bot (%(level)s)"),
        "stand_in": _("bot playing for a player who left"),
        "you": _("you"),
        "host": _("host"),
        "dealer": _("dealer"),
        "online": _("online"),
        "offline": _("offline"),
        "empty_seat": _("Empty seat"),
        "seat_n": _("Seat %(n)s"),
        "reserved_by": _("reserved by %(name)s"),
        "remove_pending": _("leaves at the end"),
        "cards_n": counted(lambda n: ngettext("%(n)s card", "%(n)s cards", n)),
        "card_1": _("1 card"),
        "sit": _("Sit here"),
        "take_over": _("Take this seat"),
        "leave": _("Leave the seat"),
        "add_bot": _("Add bot"),
        "remove_bot": _("Remove bot"),
        "bot_level_label": _("Bot level"),
        "start": _("Start the match"),
        "start_now": _("Start now"),
        "quick_start": _("Starting with bots in %(s)s s"),
        "new_match": _("New match"),
        "play_again": _("Play again"),
        "next_hand": _("Deal the next hand"),
        "pause": _("Pause"),
        "resume": _("Resume"),
        "time_limit": _("Time per move"),
        "no_limit": _("none"),
        "seconds_n": _("%(n)s s"),
        "timer": _("Time left: %(s)s s"),
        "timer_paused": _("Paused with %(s)s s left"),
        "auto_move": _("%(text)s (automatic: time ran out)"),
        "dealt": _("Hand %(hand)s dealt; %(name)s deals."),
        "dealt_you": _("Hand %(hand)s dealt; you deal."),
        "left_table": _("%(name)s left the table."),
        "stand_in_move": _("A bot now plays for %(name)s."),
        "hand_over": _("The hand is over."),
        "match_over": _("The match is over."),
        "no_winner": _("No winner."),
        "fingerprint": _("Fingerprint of this match's seed"),
        "next_fingerprint": _("Fingerprint of the next match's seed"),
        "seed": _("Seed"),
        "verify": _("Verify the shuffle"),
        "history": _("Hands"),
        "total": _("Total"),
        "copied": _("Link copied."),
        "copy_failed": _("Copy the link from the box."),
        "mute": _("Sound off"),
        "unmute": _("Sound on"),
        "error": _("Refused: %(message)s"),
        "stock_n": counted(lambda n: ngettext("Stock: %(n)s card", "Stock: %(n)s cards", n)),
        "not_your_turn": _("It is not your turn."),
        "team_n": _("Team %(n)s"),
        # The server's own messages, by code (rooms/messages.py): the table says what the socket says.
        "errors": catalogue(),
    }


def _capture() -> dict:
    return {
        "hand_label": _("Your hand"),
        "centre": _("Table"),
        "centre_empty": _("The table is empty."),
        "pile": _("Pile"),
        "pile_empty": _("no pile yet"),
        "your_pile": _("Your pile"),
        "choose_card": _("Choose a card from your hand."),
        "choose_target": _("Now choose where %(card)s goes: a highlighted table card or pile, or discard it."),
        "must_capture": _("Capture is compulsory: you must take a card or a pile."),
        "choose_capture": _("Now choose what %(card)s takes: a highlighted table card or pile."),
        "choose_discard": _("Nothing to capture: discard %(card)s to the table."),
        "choose_pile": _("Choose which of your piles takes the cards:"),
        "discard": _("Discard to the table"),
        "into_pile": _("Into pile %(n)s"),
        "capture_desc": _("%(name)s captured %(target)s with %(card)s"),
        "steal_desc": _("%(name)s stole %(victim)s's pile with %(card)s"),
        "steal_you_desc": _("%(name)s stole your pile with %(card)s"),
        "discard_desc": _("%(name)s put %(card)s on the table"),
        "capture_option": _("Capture %(target)s with %(card)s"),
        "steal_option": _("Steal this pile with %(card)s"),
        "cards_in_pile": counted(lambda n: ngettext("%(n)s card in the pile", "%(n)s cards in the pile", n)),
        "cards_word": _("cards"),
        "why_not_turn": _("%(card)s: it is not your turn."),
        "card_can": _("%(card)s: choose it, then where it goes."),
        "why_no_move": _(
            "%(card)s: no move now: it matches no table card or pile top, and capture is compulsory while you can."
        ),
        "end_stock": _("The stock and every hand ran out."),
        "breakdown": _("Hand result"),
        "piles_total": _("Cards in piles"),
        "bonus": _("Last capture bonus"),
        "cards_total": _("Cards counted"),
        "match_points": _("Match points"),
        "seat_left": _("left the table"),
        "bonus_to": _("The %(n)s cards left on the table count for %(name)s, who made the last capture."),
        "bonus_to_1": _("The card left on the table counts for %(name)s, who made the last capture."),
        "centre_left": _("%(n)s cards were left on the table: they count for nobody."),
        "centre_left_1": _("1 card was left on the table: it counts for nobody."),
        "abandoned": _("The hand ended early: too few players were left."),
    }


def _crazy_eights() -> dict:
    return {
        "hand_label": _("Your hand"),
        "stock": _("Stock"),
        "stock_title": counted(
            lambda n: ngettext(
                "The stock: %(n)s card. Press R or tap to draw.", "The stock: %(n)s cards. Press R or tap to draw.", n
            )
        ),
        "stock_cannot": counted(
            lambda n: ngettext(
                "The stock: %(n)s card. You cannot draw now.", "The stock: %(n)s cards. You cannot draw now.", n
            )
        ),
        "pile": _("Discard pile"),
        "pile_title": _("Discard pile: %(card)s on top; play %(suit)s or a %(rank)s, or an eight."),
        "play": _("Play"),
        "play_it": _("Play it"),
        "keep_it": _("Keep it"),
        "draw": _("Draw"),
        "pass": _("Pass"),
        "choose_suit": _("Choose the suit for your eight"),
        "suit_chip": _("Suit to follow: %(suit)s"),
        "drawn_fits": _("You drew %(card)s and it fits: play it or keep it."),
        "playable": _("%(card)s: can be played."),
        "why_not_turn": _("%(card)s: it is not your turn."),
        "why_not_match": _("%(card)s: cannot be played: it follows neither %(suit)s nor the rank %(rank)s."),
        "why_not_drawn": _("%(card)s: only the card you just drew may be played now."),
        "play_desc": _("%(name)s played %(card)s"),
        "play_eight_desc": _("%(name)s played %(card)s and chose %(suit)s"),
        "draw_desc": _("%(name)s drew"),
        "keep_desc": _("%(name)s kept the card drawn"),
        "pass_desc": _("%(name)s passed"),
        "keys": _("Keys: arrows move, Enter lifts and plays, R draws, K keeps, S passes, 1–4 choose a suit, M sound."),
        "runouts": _("Stock ran out %(n)s times"),
        "points": _("Points in hand"),
        "cards_left": _("Cards left"),
        "prompt_turn": _("Play a card of the pile's suit or rank, or an eight; or draw."),
        "end_out": _("%(name)s went out: no cards left."),
        "end_runouts": _("Blocked: the stock ran out for the 21st time."),
        "end_passes": _("Blocked: nobody could play or draw."),
    }


def _buraco() -> dict:
    return {
        "hand_label": _("Your hand"),
        "stock": _("Stock"),
        "draw_stock": _("Draw from the stock"),
        "take_pile": _("Take the discard pile"),
        "discard_pile": _("Discard pile"),
        "discard_empty": _("The discard pile is empty."),
        "meld": _("Meld the selected cards"),
        "add_to": _("Add to this run"),
        "discard": _("Discard the selected card"),
        "clear": _("Clear selection"),
        "selected_n": counted(lambda n: ngettext("%(n)s selected", "%(n)s selected", n)),
        "runs_of": _("Runs of %(team)s"),
        "us": _("your team"),
        "them": _("the other team"),
        "no_runs": _("No runs yet."),
        "canastra": {
            "dirty": _("dirty canastra"),
            "clean": _("clean canastra"),
            "clean_ak": _("clean A–K canastra (500)"),
            "clean_aa": _("clean A–A canastra (1000)"),
        },
        "morto": _("Morto"),
        "morto_available": _("not taken yet"),
        "morto_taken": _("taken"),
        "morto_pending": _("earned: picked up on the next turn"),
        "phase_draw": _("Draw: from the stock or take the whole discard pile."),
        "phase_play": _("Meld, add to your team's runs, then discard one card."),
        "draw_stock_desc": _("%(name)s drew from the stock"),
        "draw_discard_desc": _("%(name)s took the discard pile"),
        "meld_desc": _("%(name)s melded %(cards)s"),
        "add_desc": _("%(name)s added %(cards)s to a run"),
        "discard_desc": _("%(name)s discarded %(card)s"),
        "breakdown": _("Hand result"),
        "melded": _("Melded cards"),
        "canastras": _("Canastras"),
        "going_out": _("Going out"),
        "in_hand": _("Cards in hand"),
        "morto_penalty": _("Morto not taken"),
        "total": _("Hand total"),
        "discard_title": counted(
            lambda n: ngettext(
                "Discard pile: %(n)s card, %(card)s on top", "Discard pile: %(n)s cards, %(card)s on top", n
            )
        ),
        "wild": _("a 2 standing in for another card"),
        "canastra_short": {
            "dirty": _("dirty"),
            "clean": _("clean"),
            "clean_ak": _("clean A–K"),
            "clean_aa": _("clean A–A"),
        },
        "run_name": _("the run %(first)s to %(last)s"),
        "can_meld": _("Meld is ready"),
        "can_add": _("click a highlighted run to add them"),
        "can_discard": _("you can discard it"),
        "one_card": _("one card alone is neither a run nor a legal discard now."),
        "no_move_here": _("no move with these cards now."),
        "select_first": _("Select cards of your hand first, then click the run they join."),
        # The whole phrase in one string: pt-BR joins "a" and "o jogo" into "ao jogo".
        "add_run_desc": _("%(name)s added %(cards)s to the run %(first)s to %(last)s"),
        "end_batida": _("A player went out (batida)."),
        "end_batida_by": _("%(name)s went out (batida)."),
        "end_stock": _("The stock ran out."),
        "end_limit": _("The hand reached its turn limit."),
    }


def _stealing_bundles() -> dict:
    return {
        **_capture(),
        "scoring_wins": _("The match counts games won: a point to each winner of a game, every tied winner too."),
        "scoring_cards": _("The match adds up the cards each player takes."),
        "games_played": _("Games played: %(n)s of %(total)s."),
        "tiebreak_round": _("Tie-break round: it does not count as a game."),
        "tiebreak_next": _("Tied at the top: %(names)s play a tie-break round."),
        # A match of several games: the column that decides it, and the last game's cards beside it.
        "games_won": _("Games won in the match"),
        "match_cards": _("Cards in the match"),
        "last_game_cards": _("Cards in the last game"),
    }


# Keyed by the table page a game's declaration names (games/*/spec.py): the capture table
# carries the strings of the variations too.
TABLE_STRINGS = {
    "rooms/table_capture.html": _stealing_bundles,
    "rooms/table_crazy_eights.html": _crazy_eights,
    "rooms/table_buraco.html": _buraco,
}


@register.simple_tag
def table_strings(game: str) -> dict:
    """Every string a game table's scripts show, translated for this request."""
    strings = _common()
    strings["game"] = _game_strings(game)
    strings["game_names"] = {spec.name: spec.display_name(get_language()) for spec in registry.specs()}
    strings["variations"] = _variations(game)
    strings["all_games"] = pgettext("lobby filter", "All games")
    strings["game_name"] = strings["game_names"].get(game, game)
    strings["host"] = host_strings()
    strings["pseudonym"] = pseudonyms.script_words()
    return strings


def _game_strings(game: str) -> dict:
    """The strings of the game's table: the site's own, or those its declaration names."""
    if game not in registry.NAMES:
        return {}
    spec = registry.spec(game)
    if spec.table_strings:
        module, name = spec.table_strings.split(":")
        return getattr(importlib.import_module(module), name)()
    return TABLE_STRINGS[spec.table]() if spec.table in TABLE_STRINGS else {}


@register.simple_tag
def table_rules(game: str) -> dict:
    """What the generic table script needs to know of a game's room rules (it never names a game)."""
    try:
        rules = policy(game)
    except KeyError:
        return {"boundary": "match", "restart_anytime": False, "directional": True, "seat_totals": True}
    return {
        "boundary": rules.boundary,
        "restart_anytime": rules.restart_anytime,
        "directional": True,
        "seat_totals": not rules.teams,
        "targets": target_choices(game),
    }


def _variations(game: str) -> dict:
    """The house rules (on/off options) a room of this game may turn on, by name, as the lobby labels them."""
    if game not in registry.NAMES:
        return {}
    return {option.name: _(option.label) for option in registry.spec(game).options if option.default is False}


@register.simple_tag
def lobby_strings() -> dict:
    """The lobby script's strings."""
    return {
        "game_names": {spec.name: spec.display_name(get_language()) for spec in registry.specs()},
        "status": _common()["status"],
        "no_rooms": _("No public rooms right now: create one!"),
        "join": _("Join"),
        "watch": _("Watch"),
        "back_to_table": _("Back to the table"),
        "seats": _("%(taken)s of %(total)s seats taken"),
        "bots_n": counted(lambda n: ngettext("%(n)s bot", "%(n)s bots", n)),
        "paused": _("paused"),
        "live": _("Live"),
        "reconnecting": _("Reconnecting…"),
        "offline": _("Offline"),
        "rooms_n": _("%(n)s rooms"),
        "rooms_1": _("1 room"),
        "rated": pgettext("room", "Rated"),
        "casual": pgettext("room", "Casual"),
        # The lobby's life (rooms/lobby_feed.py): counts, the two lists, your rooms.
        "online_n": counted(lambda n: ngettext("%(n)s person online", "%(n)s people online", n)),
        "playing_n": counted(lambda n: ngettext("%(n)s playing", "%(n)s playing", n)),
        "tables_n": counted(lambda n: ngettext("%(n)s table in play", "%(n)s tables in play", n)),
        "bot_seats_n": counted(lambda n: ngettext("%(n)s bot's seat to take", "%(n)s bots' seats to take", n)),
        "take_bot_seat": _("Take a bot's seat"),
        "no_waiting": _("No table is waiting for players right now: press Play now to open one."),
        "no_playing": _("No public table is in play right now."),
        "no_mine": _("You have no seat in any open room."),
        "private": _("private"),
        "reserved": _("seat reserved for you"),
    }


@register.simple_tag
def verify_strings() -> dict:
    """The verify page's strings."""
    return {
        "loading": _("Loading the match…"),
        "not_revealed": _("The seed is revealed when the match ends."),
        "fingerprint_ok": _("The seed matches the fingerprint shown when the match started."),
        "fingerprint_bad": _("The seed does NOT match the fingerprint shown when the match started."),
        "key_ok": _("Stream key recomputed in this browser from the seed and the players' seeds."),
        "key_bad": _("The server's stream key differs from the one recomputed here."),
        "hand_ok": _("Hand %(n)s: all %(count)s cards match."),
        "hand_bad": _("Hand %(n)s: %(bad)s of %(count)s cards do NOT match."),
        "server_ok": _("The server's replay of hand %(n)s agrees."),
        "server_bad": _("The server's replay of hand %(n)s failed: %(detail)s"),
        "all_ok": _("Every hand was dealt exactly as the seed says."),
        "some_bad": _("Mismatch: the recorded deals differ from the seed."),
        "position": _("Position"),
        "expected": _("From the seed"),
        "recorded": _("Recorded"),
        "match": _("match"),
        "mismatch": _("MISMATCH"),
        "no_crypto": _("This browser cannot compute SHA-256/HMAC (Web Crypto needs a secure context)."),
        "show_cards": _("Show every card"),
        # Crazy Eights: the pile reshuffles, replayed in the browser from the log.
        "reshuffle_ok": _(
            "Reshuffle %(k)s (move %(move)s, seat %(seat)s drawing): the %(count)s cards under the top card, "
            "shuffled here with “%(label)s”, agree with every move that follows."
        ),
        "reshuffle_bad": _(
            "Reshuffle %(k)s (move %(move)s, seat %(seat)s drawing): the moves that follow do NOT agree: %(detail)s"
        ),
        "reshuffle_unreached": _("Reshuffle %(k)s: not checked, the replay stopped before it."),
        "no_reshuffle": _("No reshuffle in this hand."),
        "show_stock": _("Show the new stock (top card first)"),
        "moves_ok": _(
            "Hand %(n)s replayed here: all %(count)s logged moves agree with the cards, and the hand ends as recorded."
        ),
        "moves_bad": _("Hand %(n)s replayed here: %(detail)s"),
        "end_bad": _(
            "Hand %(n)s replayed here: all %(count)s logged moves agree, but the hand does NOT end as recorded "
            "(%(fields)s)."
        ),
        "not_held": _("move %(move)s: seat %(seat)s plays %(card)s, which the re-derived hand does NOT hold."),
        "refused": _("move %(move)s: seat %(seat)s's “%(what)s” is NOT allowed in the re-derived hand (%(code)s)."),
        "all_ok_replayed": _("Every hand was dealt, and every pile reshuffled, exactly as the seed says."),
        "some_bad_replayed": _("Mismatch: the recorded deals or moves differ from the seed."),
    }


@register.simple_tag
def seat_placeholders(seat_count: int) -> dict:
    """How many seats the table script will draw on each side (static/js/table.js `seatPositions`
    for the other ``seat_count - 1`` seats), so that the page reserves their room before the
    first snapshot arrives and the felt does not jump when they are drawn."""
    others = max(0, seat_count - 1)
    if others == 1:
        return {"left": range(0), "top": range(1), "right": range(0)}
    sides = min(others, 2) // 2
    return {"left": range(sides), "top": range(max(0, others - 2)), "right": range(sides)}
