"""The strings of each table page's own controls, keyed by the page a game's declaration names.

The generic table's strings are rooms/templatetags/mesa_table.py's; these are the
words only one kind of table shows (the capture table's piles, Crazy Eights' suit
choice, Buraco's runs and mortos), rendered by the same tag in the reader's language.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def counted(phrase) -> dict:
    """A phrase with a count, in both plural forms: ``{"one": ..., "other": ...}``.

    ``phrase(n)`` is a lambda around ``ngettext`` (so that makemessages finds its literals).
    The scripts' ``fill`` picks the form with ``Intl.PluralRules`` of the page's language,
    whose categories match the catalogue's plural forms for pt-BR and English ("1 ponto",
    "2 pontos"; "1 point", "2 points")."""
    return {"one": phrase(1), "other": phrase(2)}


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
        "taken_n": counted(lambda n: ngettext("(%(n)s card)", "(%(n)s cards)", n)),
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
        "taken_n": counted(lambda n: ngettext("(%(n)s card)", "(%(n)s cards)", n)),
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
