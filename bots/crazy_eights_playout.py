"""Crazy Eights playouts for the hard bot's search: the rest of a sampled hand, played fast.

The search plays thousands of moves per decision in worlds it made up itself
(``sample_state`` over the seat's view). Through the engine each of those moves
builds a view, sorts a hand and copies the state; here one hand is a few lists
changed in place, and every seat follows the normal bot's rules
(``bots.crazy_eights.NormalBot``) read straight from its own sampled hand.
That is five to ten times faster, so the same CPU buys that many more worlds.

The moves are the engine's (games/crazy_eights/rules.py): draw until a card
fits, reshuffle the pile under the top card when the stock is found empty
(here with the playout's own random stream: the sampled world's future
shuffles are as unknown as the real ones), the 21st run-out or a full row of
passes blocks the hand. The playout returns what each seat gains from the
hand (``hand_gains``), the points that decide the match.
"""

from games.crazy_eights.points import POINTS
from games.crazy_eights.rules import MAX_RUNOUTS

EIGHT = "8"
SUITS = "CDHS"
SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}
# The normal bot's rules (bots/crazy_eights.py reads them from here). An eight is kept and a card
# drawn instead while every opponent holds EARLY_MIN_OPPONENT_CARDS or more, the stock
# EARLY_MIN_STOCK and the hand at most EARLY_HAND_LIMIT; a drawn eight is played at once when a
# hand is down to SHORT_HAND. A card's score to play: its points, FOLLOW_WEIGHT per card of its
# suit kept, CHANGE_SUIT_BONUS for leaving the suit when the next seat is down to SHORT_HAND.
EARLY_MIN_OPPONENT_CARDS = 4
EARLY_MIN_STOCK = 8
EARLY_HAND_LIMIT = 5
SHORT_HAND = 2
CHANGE_SUIT_BONUS = 15
FOLLOW_WEIGHT = 3


def fits(card: str, top: str, suit: str) -> bool:
    return card[0] == EIGHT or card[1] == suit or card[0] == top[0]


def best_suit(hand: list[str], skip: str | None) -> str:
    """The normal bot's declared suit: held most (eights aside), then points held, then C D H S."""
    counts = [0, 0, 0, 0]
    points = [0, 0, 0, 0]
    for card in hand:
        if card != skip and card[0] != EIGHT:
            i = SUIT_ORDER[card[1]]
            counts[i] += 1
            points[i] += POINTS[card[0]]
    best = max(range(4), key=lambda i: (counts[i], points[i], -i))
    return SUITS[best]


class Hand:
    """One sampled hand in play: mutable lists, the turn, the top card and the suit to follow."""

    __slots__ = ("hands", "stock", "pile", "suit", "turn", "runouts", "passes", "winner", "over", "drawn", "rng")

    def __init__(self, state: dict, rng):
        self.hands = [list(h) for h in state["hands"]]
        self.stock = state["stock"][::-1]  # reversed: the engine draws stock[0], here the last
        self.pile = list(state["discard"])
        self.suit = state["suit"]
        self.turn = state["turn"]
        self.runouts = state["runouts"]
        self.passes = state["passes"]
        self.winner = state["winner"]
        self.over = state["end"] is not None
        self.drawn = state["drawn"]
        self.rng = rng

    def play_out(self, max_plies: int) -> int:
        """Every seat plays the normal bot's rules to the end of the hand (or ``max_plies`` turns)."""
        plies = 0
        if self.drawn is not None and not self.over:
            seat = self.turn
            danger = min(len(h) for s, h in enumerate(self.hands) if s != seat)
            self.after_draw(seat, self.drawn, danger)
            self.drawn = None
            plies += 1
        while not self.over and plies < max_plies:
            self.turn_of(self.turn)
            plies += 1
        return plies

    def play(self, seat: int, card: str, suit: str) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        self.suit = suit
        self.passes = 0
        if not hand:
            self.over = True
            self.winner = seat
        else:
            self.turn = (seat + 1) % len(self.hands)

    def turn_of(self, seat: int) -> None:
        """One whole turn of the normal bot's rules at ``seat`` (a draw and its play or keep included)."""
        hand = self.hands[seat]
        top, suit = self.pile[-1], self.suit
        players = len(self.hands)
        danger = min(len(h) for s, h in enumerate(self.hands) if s != seat)
        plain = eight = None
        plain_score = -1
        next_count = len(self.hands[(seat + 1) % players])
        for card in hand:
            if card[0] == EIGHT:
                if eight is None or card < eight:
                    eight = card
            elif card[1] == suit or card[0] == top[0]:
                score = self._score(card, hand, next_count)
                if score > plain_score:
                    plain, plain_score = card, score
        if plain is not None:
            self.play(seat, plain, plain[1])
            return
        can_draw = bool(self.stock) or len(self.pile) > 1
        if eight is not None:
            only_eights = all(c[0] == EIGHT for c in hand)
            early = danger >= EARLY_MIN_OPPONENT_CARDS and len(self.stock) >= EARLY_MIN_STOCK
            if not (can_draw and early and not only_eights and len(hand) <= EARLY_HAND_LIMIT):
                self.play(seat, eight, best_suit(hand, eight))
                return
        if can_draw:
            drawn = self.draw(seat)
            if drawn is not None and not self.over:
                self.after_draw(seat, drawn, danger)
            return
        self.count_pass(seat)

    def after_draw(self, seat: int, drawn: str, danger: int) -> None:
        """The drawn card fits: played, unless it is an eight worth keeping (nobody is close to out)."""
        hand = self.hands[seat]
        if drawn[0] != EIGHT:
            self.play(seat, drawn, drawn[1])
        elif danger <= SHORT_HAND or len(hand) <= SHORT_HAND:
            self.play(seat, drawn, best_suit(hand, drawn))
        else:
            self.passes = 0
            self.turn = (seat + 1) % len(self.hands)

    def _score(self, card: str, hand: list[str], next_count: int) -> int:
        follow = 0
        for c in hand:
            if c != card and c[1] == card[1] and c[0] != EIGHT:
                follow += 1
        score = POINTS[card[0]] + FOLLOW_WEIGHT * follow
        if next_count <= SHORT_HAND and card[1] != self.suit:
            score += CHANGE_SUIT_BONUS
        return score

    def draw(self, seat: int) -> str | None:
        """Draw until a card fits; None when the hand blocked or nothing was left (the turn then passes)."""
        hand = self.hands[seat]
        top, suit = self.pile[-1], self.suit
        stock = self.stock
        while True:
            if not stock:
                self.runouts += 1
                if self.runouts > MAX_RUNOUTS:
                    self.over = True
                    return None
                if len(self.pile) <= 1:
                    if any(fits(c, top, suit) for c in hand):
                        self.passes = 0
                        self.turn = (seat + 1) % len(self.hands)
                    else:
                        self.count_pass(seat)
                    return None
                stock.extend(self.pile[:-1])
                del self.pile[:-1]
                self.rng.shuffle(stock)
            card = stock.pop()
            hand.append(card)
            if fits(card, top, suit):
                return card

    def count_pass(self, seat: int) -> None:
        self.passes += 1
        if self.passes >= len(self.hands):
            self.over = True
        else:
            self.turn = (seat + 1) % len(self.hands)

    def gains(self) -> list[int]:
        """Each seat's points from the hand as it stands, scored as the engine scores an ended hand.

        Going out: the winner takes the points left in the other hands. Otherwise (blocked, or
        cut off unfinished) the lowest count takes each other hand's difference from it.
        """
        points = [sum(POINTS[c[0]] for c in h) for h in self.hands]
        gains = [0] * len(points)
        if self.winner is not None:
            gains[self.winner] = sum(points) - points[self.winner]
            return gains
        lowest = min(points)
        gain = sum(p - lowest for p in points)
        for s, p in enumerate(points):
            if p == lowest:
                gains[s] = gain
        return gains
