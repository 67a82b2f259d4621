"""What one seat may see of a Buraco hand, and full states consistent with it.

``view`` is the only way state leaves the engine for a seat: never another
seat's hand, the stock, or the cards of a morto nobody has taken.
``sample_state`` goes the other way for bots: it deals every card the view does
not show at random among the hidden places. Never imports Django.
"""

from collections import Counter

from games.buraco.flow import MAX_TURNS, NAME, OVER, PLAYERS
from games.buraco.scoring import TEAMS, has_clean_canastra, table_points, team_of
from games.cards import deck104, sort_key


def _meld_view(meld: dict) -> dict:
    return {"cards": list(meld["cards"]), "canastra": meld["canastra"], "wild": meld["wild"]}


def view(state: dict, seat: int | None) -> dict:
    """The JSON-safe dict for ``seat`` (None: a spectator, without ``hand``)."""
    melds = state["melds"]
    out = {
        "game": NAME,
        "seat": seat,
        "team": None if seat is None else team_of(seat),
        "turn": None if state["phase"] == OVER else state["turn"],
        "hand_counts": {str(s): len(state["hands"][s]) for s in range(PLAYERS)},
        "stock_count": len(state["stock"]),
        "over": state["phase"] == OVER,
        "phase": state["phase"],
        "discard": list(state["discard"]),
        "melds": {t: [_meld_view(m) for m in melds[t]] for t in TEAMS},
        "clean_canastra": {t: has_clean_canastra(melds[t]) for t in TEAMS},
        "points": {t: table_points(melds[t]) for t in TEAMS},
        "morto_taken": dict(state["morto_taken"]),
        "morto_pending": dict(state["morto_pending"]),
        "morto_seat": dict(state["morto_seat"]),
        "morto_sizes": {t: len(state["mortos"][t]) for t in TEAMS},
        "dealer": state["dealer"],
        "turns": state["turns"],
        "max_turns": MAX_TURNS,
        "went_out": state["went_out"],
        "end": state["end"],
        "last": _copy_last(state["last"]),
        "options": dict(state["options"]),
        "hand_no": state["hand_no"],
    }
    if seat is not None:
        out["hand"] = sorted(state["hands"][seat], key=sort_key)
    return out


def _copy_last(last):
    if last is None:
        return None
    out = dict(last)
    if "cards" in out:
        out["cards"] = list(out["cards"])
    return out


def unseen_cards(view: dict, seen=None) -> list[str]:
    """The cards this view does not show, in canonical order.

    ``seen`` may name cards the seat knows are out of play; for Buraco every
    such card is already on the table, so a code is only removed when the view
    still counts it as unseen and more unseen cards remain than hidden places.
    """
    pool = Counter(deck104())
    pool.subtract(view.get("hand", []))
    pool.subtract(view["discard"])
    for t in TEAMS:
        for meld in view["melds"][t]:
            pool.subtract(meld["cards"])
    cards = sorted(pool.elements(), key=sort_key)
    if seen:
        slots = _hidden_slots(view)
        extra = len(cards) - slots
        for code in seen:
            if extra <= 0:
                break
            if code in cards:
                cards.remove(code)
                extra -= 1
    return cards


def _hidden_slots(view: dict) -> int:
    hidden = view["stock_count"] + sum(view["morto_sizes"].values())
    for s in range(PLAYERS):
        if s != view["seat"]:
            hidden += view["hand_counts"][str(s)]
    return hidden


def sample_state(view: dict, rng, seen=None) -> dict:
    """A full state consistent with ``view``: unseen cards dealt at random to the
    other hands, the stock and the untaken mortos, with the counts the view shows."""
    cards = unseen_cards(view, seen)
    if len(cards) != _hidden_slots(view):
        raise ValueError("the view's counts do not match the unseen cards")
    rng.shuffle(cards)
    pos = 0
    hands = []
    for s in range(PLAYERS):
        if s == view["seat"]:
            hands.append(list(view["hand"]))
            continue
        n = view["hand_counts"][str(s)]
        hands.append(cards[pos : pos + n])
        pos += n
    mortos = {}
    for t in TEAMS:
        n = view["morto_sizes"][t]
        mortos[t] = cards[pos : pos + n]
        pos += n
    stock = cards[pos:]
    return {
        "game": NAME,
        "options": dict(view["options"]),
        "seed": None,
        "hand_no": view["hand_no"],
        "dealer": view["dealer"],
        "hands": hands,
        "stock": stock,
        "discard": list(view["discard"]),
        "mortos": mortos,
        "melds": {t: [_meld_view(m) for m in view["melds"][t]] for t in TEAMS},
        "morto_taken": dict(view["morto_taken"]),
        "morto_pending": dict(view["morto_pending"]),
        "morto_seat": dict(view["morto_seat"]),
        "turn": view["turn"],
        "phase": view["phase"],
        "turns": view["turns"],
        "went_out": view["went_out"],
        "end": view["end"],
        "last": _copy_last(view["last"]),
    }
