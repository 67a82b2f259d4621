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
from rooms.policies import policy
from rooms.words.host_words import host_strings, target_choices
from rooms.words.messages import catalogue
from rooms.words.table_words import TABLE_STRINGS, counted

register = template.Library()


@register.simple_tag
def heartbeat_attrs():
    """The page's heartbeat (docs/protocol.md "Heartbeat") as data attributes of the element that reads them."""
    return format_html(
        'data-ping-ms="{}" data-pong-timeout-ms="{}"', settings.HEARTBEAT_PING_MS, settings.HEARTBEAT_TIMEOUT_MS
    )


def common_strings() -> dict:
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
        # Before the tab's title while the tab is hidden: "(Your turn) Table 1 · Buraco · Mesa" (static/js/attention.js).
        "your_turn_title": _("(Your turn)"),
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
        # In a context: the admin's "Change" (a link to edit) is Django's own word, not a rating's.
        "rating_change": pgettext("rating", "Change"),
        "rating_new": _("New rating"),
        "rating_left": _("left"),
        "waiting_next": _("plays from the next deal"),
        "plays_next_hand": _("You have a seat: you play from the next hand."),
        "plays_next_match": _("You have a seat: you play from the next match."),
        "reserved_yours": _("Seat %(n)s is reserved for you. %(when)s"),
        "watching": _("You are watching this table. Sit in an empty seat to play."),
        "watching_full": _("You are watching this table. Every seat is taken."),
        "watching_sit": _("Sit in an empty seat to play."),
        "confirm_leave": _(
            "Leave your seat? A bot plays your cards or they go back to the table, as the game's rules say."
        ),
        # The leave confirmation's cost line in a rated match: %(points)s is the points lost (−58).
        "leave_cost": _("You lose rating: about %(points)s"),
        "confirm_new_match": _(
            "Start a new match now? The match being played ends here; in a rated room everyone is rated on its "
            "standings of now, and it counts as leaving it for you."
        ),
        "end_match": _("End the match"),
        "confirm_end_match": _(
            "End the match now? In a rated room everyone is rated on its standings of now, "
            "and it counts as leaving it for you."
        ),
        "match_ended_early": _("The host ended the match early."),
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
        "replay": _("Watch the match again"),
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
        # The server's own messages, by code (rooms/words/messages.py): the table says what the socket says.
        "errors": catalogue(),
    }


@register.simple_tag
def table_strings(game: str) -> dict:
    """Every string a game table's scripts show, translated for this request."""
    strings = common_strings()
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
