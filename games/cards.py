"""Card codes and canonical decks shared by every engine.

A card is two characters: rank (``A 2 … 9 T J Q K``) then suit (``C D H S``).
Canonical order: suits C, D, H, S; within a suit A..K; two decks one after the
other. Never imports Django.
"""

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RANKS_40 = "A234567JQK"

RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {
    "A": "ace",
    "T": "10",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    **{r: r for r in "23456789"},
}


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def is_card(code: object) -> bool:
    return isinstance(code, str) and len(code) == 2 and code[0] in RANK_INDEX and code[1] in SUIT_INDEX


def deck52() -> list[str]:
    """The 52-card deck in canonical order."""
    return [r + s for s in SUITS for r in RANKS]


def deck40() -> list[str]:
    """The 40-card deck of Casita Robada / Rubamazzo (A-7, J, Q, K), canonical order."""
    return [r + s for s in SUITS for r in RANKS_40]


def deck104() -> list[str]:
    """Two 52-card decks, the first then the second (Buraco)."""
    return deck52() + deck52()


def sort_key(card: str) -> tuple[int, int]:
    """Canonical position of a card: suit first, then rank."""
    return SUIT_INDEX[card[1]], RANK_INDEX[card[0]]
