"""A hint's reason in words, in every site language, and the places of the table it points at.

``bots/hints.py`` gives a reason code with its parameters (cards as codes, a
victim as an engine seat); here each code is one translatable sentence. The
cards are named without an article ("Leva 5 de copas da mesa"), since the
article would depend on the card's word in each language.
"""

from django.utils.translation import gettext_noop

from rooms.records import describe

REASON_WORDS = {
    "plain": gettext_noop("The move the hard bot would make."),
    # Rouba Monte and Stealing Bundles
    "steal_biggest": gettext_noop("Steal the biggest pile: %(name)s's (%(count)s cards)."),
    "steal": gettext_noop("Steal %(name)s's pile (%(count)s cards)."),
    "capture": gettext_noop("Take the %(card)s from the table."),
    "capture_over_steal": gettext_noop("Take the %(card)s from the table: it is worth more than a steal now."),
    "capture_many": gettext_noop("Take %(count)s cards from the table with your %(card)s."),
    "discard_safe": gettext_noop("Discard the %(card)s: nobody can take it."),
    "discard_least": gettext_noop("Discard the %(card)s: the card least likely to help the others."),
    "discard_keep": gettext_noop("Discard the %(card)s and keep your cards for a bigger take later."),
    # Crazy Eights
    "go_out": gettext_noop("Play the %(card)s: your last card."),
    "eight_suit": gettext_noop("Change the suit to %(suit)s: you have %(count)s."),
    "keep_eight": gettext_noop("Play the %(card)s and keep the 8 for later."),
    "switch_suit": gettext_noop("Play the %(card)s: the suit becomes %(suit)s, and you have %(count)s more."),
    "follow_suit": gettext_noop("Play the %(card)s, of the suit on the table."),
    "draw_none": gettext_noop("Draw a card: none of yours can be played."),
    "draw_instead": gettext_noop("Draw a card: keeping yours is worth more now."),
    "keep_drawn": gettext_noop("Keep the card you drew."),
    "keep_drawn_playable": gettext_noop("Keep the card you drew for later."),
    # Buraco
    "take_pile_extends": gettext_noop(
        "Take the discard pile (%(count)s cards): the %(card)s extends your %(suit)s run."
    ),
    "take_pile_run": gettext_noop(
        "Take the discard pile (%(count)s cards): the %(card)s makes a %(suit)s run with your cards."
    ),
    "take_pile": gettext_noop("Take the discard pile (%(count)s cards)."),
    "draw_stock_pile": gettext_noop("Draw from the stock: the discard pile does not help your game."),
    "draw_stock": gettext_noop("Draw from the stock."),
    "meld_canastra": gettext_noop("Lay down a %(suit)s canastra (%(count)s cards)."),
    "meld": gettext_noop("Lay down a %(suit)s run (%(count)s cards)."),
    "add_canastra": gettext_noop("Add to your %(suit)s run: it becomes a canastra."),
    "add": gettext_noop("Add to your %(suit)s run."),
    "discard_out": gettext_noop("Discard the %(card)s and go out."),
    "keep_outs": gettext_noop(
        "Discard the %(card)s: the cards you keep go out with %(count)s of the cards you have not seen."
    ),
    "keep_for_canastra": gettext_noop("Discard the %(card)s; keep the %(keep)s for the canastra."),
    "discard_harmless": gettext_noop("Discard the %(card)s: it extends none of the opponents' runs."),
    "discard_useless": gettext_noop("Discard the %(card)s: the card you need least."),
}


def sentence(reason: str, params: dict, victim=None) -> str:
    """The reason as one line in the language being described; ``victim``: the holder of a stolen pile."""
    template = REASON_WORDS.get(reason, REASON_WORDS["plain"])
    values = {
        "card": lambda: describe.card_name(params.get("card")),
        "keep": lambda: describe.card_name(params.get("keep")),
        # describe's own lookups (per language, remembered): the sentence is made in both languages
        "suit": lambda: describe._suit(params.get("suit")),
        "count": lambda: str(params.get("count", "?")),
        "name": lambda: describe.holder_name(victim),
    }
    return describe._(template) % {key: make() for key, make in values.items() if f"%({key})s" in template}


def in_languages(reason: str, params: dict, victim=None) -> dict[str, str]:
    return describe.in_languages(sentence, reason, params, victim)


def marks(move: dict, seat_map: list, view: dict) -> list[dict]:
    """The places of the table the suggestion points at, for the page to highlight (docs/ui.md)."""
    kind = move.get("type")
    out = []
    if kind == "discard" and "centre" in view:  # Rouba Monte, Stealing Bundles: the "discard to the table" button
        out.append({"place": "discard"})
    if kind in ("draw_stock", "draw"):
        out.append({"place": "stock"})
    elif kind == "draw_discard":
        out.append({"place": "discard"})
    elif kind == "keep" and view.get("drawn"):
        out.append({"place": "hand", "card": view["drawn"]})
    if isinstance(move.get("card"), str):
        out.append({"place": "hand", "card": move["card"]})
    for card in move.get("cards") or ():
        out.append({"place": "hand", "card": card})
    if kind == "capture" and isinstance(move.get("target"), str):
        out.append({"place": "centre", "card": move["target"]})
    if kind == "steal" and isinstance(move.get("from"), int) and 0 <= move["from"] < len(seat_map):
        out.append({"place": "seat", "seat": seat_map[move["from"]]})
    if kind == "add" and isinstance(move.get("meld"), int):
        out.append({"place": "meld", "meld": move["meld"]})
    return out
