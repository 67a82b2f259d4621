"""What the cards left in a hand are worth: eight 50, K Q J T 10, ace 1, 2-9 face value."""

EIGHT_POINTS = 50
POINTS = {"8": EIGHT_POINTS, "K": 10, "Q": 10, "J": 10, "T": 10, "A": 1}
POINTS.update({r: int(r) for r in "2345679"})


def card_points(card: str) -> int:
    return POINTS[card[0]]


def hand_points(cards: list[str]) -> int:
    """The count of a hand: the sum of its cards' points."""
    return sum(POINTS[c[0]] for c in cards)
