"""Hand-made Buraco decks and positions for the Buraco tests."""

from collections import Counter

import pytest

from games import IllegalMove
from games import buraco as bu
from games.buraco.runs import make_run
from games.cards import deck104


def seq(ranks: str, suit: str) -> list[str]:
    """Cards of one suit: seq("345", "S") -> ["3S", "4S", "5S"]."""
    return [r + suit for r in ranks]


def deck_for(hands=None, morto0=(), morto1=(), stock=(), dealer=3) -> list[str]:
    """A 104-card deck dealing ``hands`` (seat -> up to 11 cards), the mortos and the stock top.

    Unnamed places are filled with the remaining cards in canonical order.
    """
    hands = hands or {}
    rest = Counter(deck104())
    named = [c for h in hands.values() for c in h] + list(morto0) + list(morto1) + list(stock)
    rest.subtract(named)
    assert min(rest.values()) >= 0, "a card is named more times than the decks hold"
    filler = list(rest.elements())
    filler.sort(key=lambda c: (c[1], "A23456789TJQK".index(c[0])))

    def take(cards, n):
        out = list(cards)
        while len(out) < n:
            out.append(filler.pop(0))
        return out

    full = {s: take(hands.get(s, ()), 11) for s in range(4)}
    m0, m1 = take(morto0, 11), take(morto1, 11)
    order = [(dealer + k) % 4 for k in range(1, 5)]
    deck = [full[s][i] for i in range(11) for s in order] + m0 + m1
    deck += take(stock, 104 - len(deck))
    assert Counter(deck) == Counter(deck104())
    return deck


def position(hands=None, melds=None, discard=(), turn=0, phase="play", morto_taken=(), morto0=(), morto1=(), stock=()):
    """A mid-hand state built card by card: ``hands`` (seat -> cards, any size), ``melds`` (team ->
    list of card lists) on the table, ``discard`` as the pile, the mortos (a team in ``morto_taken``
    has none left) and the stock top. Every card not named fills the other hands, the mortos and the
    stock in canonical order, so the 104 cards are all there."""
    hands = {s: list(h) for s, h in (hands or {}).items()}
    melds = melds or {}
    named = [c for h in hands.values() for c in h] + list(discard) + list(morto0) + list(morto1) + list(stock)
    for team_melds in melds.values():
        for m in team_melds:
            named += m
    rest = Counter(deck104())
    rest.subtract(named)
    assert min(rest.values()) >= 0, "a card is named more times than the decks hold"
    filler = sorted(rest.elements(), key=lambda c: (c[1], "A23456789TJQK".index(c[0])))
    state = bu.deal(4, 3, deck104())
    for s in range(4):
        state["hands"][s] = hands[s] if s in hands else [filler.pop() for _ in range(11)]
    mortos = {}
    for t, given in (("0", morto0), ("1", morto1)):
        if t in morto_taken:
            mortos[t] = []
        else:
            mortos[t] = list(given) + [filler.pop() for _ in range(11 - len(given))]
    state["mortos"] = mortos
    state["morto_taken"] = {t: t in morto_taken for t in ("0", "1")}
    state["stock"] = list(stock) + filler
    state["discard"] = list(discard)
    state["melds"] = {t: [make_run(m) for m in melds.get(t, [])] for t in ("0", "1")}
    state["turn"] = turn
    state["phase"] = phase
    assert_conserved(state)
    return state


def all_cards(state) -> Counter:
    cards = Counter(state["stock"]) + Counter(state["discard"])
    for h in state["hands"]:
        cards.update(h)
    for t in ("0", "1"):
        cards.update(state["mortos"][t])
        for m in state["melds"][t]:
            cards.update(m["cards"])
    return cards


def assert_conserved(state) -> None:
    assert all_cards(state) == Counter(deck104())


def refused(state, seat, move, code) -> None:
    """``move`` raises IllegalMove with ``code`` and leaves ``state`` as it was."""
    before = bu.to_json(state)
    with pytest.raises(IllegalMove) as err:
        bu.apply(state, seat, move)
    assert err.value.code == code, err.value
    assert bu.to_json(state) == before
