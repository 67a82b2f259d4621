"""A hint's reason in words, in every site language, and the places of the table it points at.

``bots/hints.py`` gives a reason code with its parameters (cards as codes, a
victim as an engine seat); here each code is one translatable sentence. The
cards are named without an article ("Leva 5 de copas da mesa"), since the
article would depend on the card's word in each language.
"""

from django.utils import translation
from django.utils.translation import gettext_noop, ngettext

from rooms.records import describe

# Every kind of hint says why (a capture too: what the take makes of your pile). A sentence with a
# count is a function of the count around ``ngettext`` ("1 carta", "2 cartas"), so that makemessages
# finds both forms; the others are plain msgids.
REASON_WORDS = {
    "plain": gettext_noop("The move the hard bot would make."),
    # Rouba Monte and Stealing Bundles
    "steal_biggest": lambda n: ngettext(
        "Steal the biggest pile: %(name)s's (%(count)s card).",
        "Steal the biggest pile: %(name)s's (%(count)s cards).",
        n,
    ),
    "steal": lambda n: ngettext(
        "Steal %(name)s's pile (%(count)s card): it goes onto yours.",
        "Steal %(name)s's pile (%(count)s cards): they go onto yours.",
        n,
    ),
    "capture": lambda n: ngettext(
        "Take the %(card)s from the table: your pile grows to %(count)s card.",
        "Take the %(card)s from the table: your pile grows to %(count)s cards.",
        n,
    ),
    "capture_over_steal": gettext_noop("Take the %(card)s from the table: it is worth more than a steal now."),
    "capture_many": lambda n: ngettext(
        "Take %(count)s card from the table with your %(card)s: a take lifts every card of its rank.",
        "Take %(count)s cards from the table with your %(card)s: a take lifts every card of its rank.",
        n,
    ),
    "discard_safe": gettext_noop("Discard the %(card)s: nobody can take it."),
    "discard_least": gettext_noop("Discard the %(card)s: the card least likely to help the others."),
    "discard_keep": gettext_noop("Discard the %(card)s and keep your cards for a bigger take later."),
    # Crazy Eights
    "go_out": gettext_noop("Play the %(card)s: your last card."),
    "eight_suit": gettext_noop("Change the suit to %(suit)s: you have %(count)s."),
    "keep_eight": gettext_noop("Play the %(card)s and keep the 8 for later."),
    "switch_suit": gettext_noop("Play the %(card)s: the suit becomes %(suit)s, and you have %(count)s more."),
    "follow_suit": gettext_noop("Play the %(card)s: it follows the suit on the table, and your other suits wait."),
    "draw_none": gettext_noop("Draw a card: none of yours can be played."),
    "draw_instead": gettext_noop("Draw a card: keeping yours is worth more now."),
    "keep_drawn": gettext_noop("Keep the card you drew: it cannot be played."),
    "keep_drawn_playable": gettext_noop("Keep the card you drew: it is worth more later than played now."),
    # Buraco
    "take_pile_extends": lambda n: ngettext(
        "Take the discard pile (%(count)s card): the %(card)s extends your %(suit)s run.",
        "Take the discard pile (%(count)s cards): the %(card)s extends your %(suit)s run.",
        n,
    ),
    "take_pile_run": lambda n: ngettext(
        "Take the discard pile (%(count)s card): the %(card)s makes a %(suit)s run with your cards.",
        "Take the discard pile (%(count)s cards): the %(card)s makes a %(suit)s run with your cards.",
        n,
    ),
    "take_pile": lambda n: ngettext(
        "Take the discard pile (%(count)s card): more cards to make runs with.",
        "Take the discard pile (%(count)s cards): more cards to make runs with.",
        n,
    ),
    "draw_stock_pile": gettext_noop("Draw from the stock: the discard pile does not help your game."),
    "draw_stock": gettext_noop("Draw from the stock: the discard pile is empty."),
    "meld_canastra": lambda n: ngettext(
        "Lay down a %(suit)s canastra (%(count)s card): its bonus counts for your team.",
        "Lay down a %(suit)s canastra (%(count)s cards): its bonus counts for your team.",
        n,
    ),
    "meld": lambda n: ngettext(
        "Lay down a %(suit)s run (%(count)s card): it counts for your team on the table.",
        "Lay down a %(suit)s run (%(count)s cards): they count for your team on the table.",
        n,
    ),
    "add_canastra": gettext_noop("Add to your %(suit)s run: it becomes a canastra."),
    "add": lambda n: ngettext(
        "Add to your %(suit)s run: %(count)s card fewer in your hand.",
        "Add to your %(suit)s run: %(count)s cards fewer in your hand.",
        n,
    ),
    "discard_out": gettext_noop("Discard the %(card)s and go out."),
    "keep_outs": lambda n: ngettext(
        "Discard the %(card)s: the cards you keep go out with %(count)s of the cards you have not seen.",
        "Discard the %(card)s: the cards you keep go out with %(count)s of the cards you have not seen.",
        n,
    ),
    "keep_for_canastra": gettext_noop("Discard the %(card)s; keep the %(keep)s for the canastra."),
    "discard_harmless": gettext_noop("Discard the %(card)s: it extends none of the opponents' runs."),
    "discard_useless": gettext_noop("Discard the %(card)s: the card you need least."),
}


def _count(params: dict) -> int:
    count = params.get("count")
    return count if isinstance(count, int) and not isinstance(count, bool) else 2


def _template(reason: str, params: dict) -> str:
    """The reason's sentence in the language being described: a counted one in its count's form."""
    words = REASON_WORDS.get(reason, REASON_WORDS["plain"])
    if not callable(words):
        return describe._(words)
    with translation.override(describe._language.get() or translation.get_language()):
        return words(_count(params))


def victim_name(holder, room_seat=None) -> str:
    """Whose pile is stolen, as the table names the seat: a person's name, a bot's "Bot 3" (its seat)."""
    is_bot = holder is not None and getattr(holder, "bot_level", "") and getattr(holder, "user_id", None) is None
    if is_bot and isinstance(room_seat, int):
        return f"Bot {room_seat + 1}"
    return describe.holder_name(holder)


def sentence(reason: str, params: dict, victim=None, victim_seat=None) -> str:
    """The reason as one line in the language being described; ``victim``: the holder of a stolen pile,
    ``victim_seat`` its room seat (a bot is named by it, as the table names it)."""
    template = _template(reason, params)
    values = {
        "card": lambda: describe.card_name(params.get("card")),
        "keep": lambda: describe.card_name(params.get("keep")),
        # describe's own lookups (per language, remembered): the sentence is made in both languages
        "suit": lambda: describe._suit(params.get("suit")),
        "count": lambda: str(params.get("count", "?")),
        "name": lambda: victim_name(victim, victim_seat),
    }
    return template % {key: make() for key, make in values.items() if f"%({key})s" in template}


def in_languages(reason: str, params: dict, victim=None, victim_seat=None) -> dict[str, str]:
    return describe.in_languages(sentence, reason, params, victim, victim_seat)


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
