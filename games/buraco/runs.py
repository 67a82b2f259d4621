"""Buraco runs: which card multisets form a valid run, how the server arranges
them, what canastra they make, and the complete enumeration of runs a hand can
meld or add.

A run lies on positions 1..14 of one suit: the ace low is position 1, the 2 is
position 2, ..., the K is 13 and the ace high is 14. Every position of a
contiguous range holds its natural card, except at most one position held by a
substitute (a 2 of any suit). Only the full fourteen-card run uses both ends,
so K-A-2 never wraps. Pure functions of card codes; never imports Django.
"""

from collections import Counter
from functools import lru_cache

from games.cards import RANK_INDEX, RANKS

MIN_RUN = 3
CANASTRA_SIZE = 7
FULL_RUN = 14
ACE_LOW, TWO_POS, ACE_HIGH = 1, 2, 14

DIRTY, CLEAN, CLEAN_AK, CLEAN_AA = "dirty", "clean", "clean_ak", "clean_aa"

# Why cards form no run, in the player's terms (IllegalMove codes; the table explains a
# selection with the same words before the move is sent).
RUN_SET, RUN_MIXED_SUITS, RUN_TWO_WILDS, RUN_NOT_IN_SEQUENCE = (
    "run_set",
    "run_mixed_suits",
    "run_two_wilds",
    "run_not_in_sequence",
)
RUN_PROBLEMS = (RUN_SET, RUN_MIXED_SUITS, RUN_TWO_WILDS, RUN_NOT_IN_SEQUENCE)
CANASTRA_BONUS = {None: 0, DIRTY: 100, CLEAN: 200, CLEAN_AK: 500, CLEAN_AA: 1000}
CLEAN_KINDS = frozenset({CLEAN, CLEAN_AK, CLEAN_AA})

# Bits of the positions that are not "core" (ranks 3..K have one fixed place each).
_ACE_BITS = (1 << ACE_LOW) | (1 << ACE_HIGH)
_NOT_CORE = _ACE_BITS | (1 << TWO_POS)


def position_card(pos: int, suit: str) -> str:
    """The natural card of a position in a run of ``suit``."""
    return ("A" if pos == ACE_HIGH else RANKS[pos - 1]) + suit


def arrange(cards) -> tuple[list[str], int | None] | None:
    """The server's arrangement of ``cards`` as one run, or None (see ``_arrange``).

    Runs repeat a lot (every legal move and every bot look-up re-checks them), so the
    arrangement of each multiset is computed once; the caller gets its own list.
    """
    found = _arrange(tuple(sorted(cards)))
    if found is None:
        return None
    return list(found[0]), found[1]


@lru_cache(maxsize=65536)
def _arrange(cards: tuple) -> tuple[tuple, int | None] | None:
    """The server's arrangement of ``cards`` as one run, or None when they form none.

    Returns (codes lowest first, index of the substitute or None). Among the
    valid arrangements the clean one wins, then the ace below the 2 (so thirteen
    cards A..K read A first whichever way they came). A substitute that fills no
    gap goes at the upper end, or below the lowest card when the run already
    ends with the ace above the K.
    """
    n = len(cards)
    if n < MIN_RUN or n > FULL_RUN:
        return None
    suit = None
    twos = []
    counts = [0] * 13
    for card in cards:
        if card[0] == "2":
            twos.append(card)
            continue
        if suit is None:
            suit = card[1]
        elif card[1] != suit:
            return None
        counts[RANK_INDEX[card[0]]] += 1
    if suit is None:
        return None
    aces = counts[0]
    if aces > 2 or any(c > 1 for c in counts[2:]):
        return None
    core = [i + 1 for i in range(2, 13) if counts[i]]
    own_twos = sum(1 for t in twos if t[1] == suit)
    best = None
    for natural_two in (1, 0) if own_twos else (0,):
        subs = len(twos) - natural_two
        if subs > 1:
            continue
        if subs:
            if natural_two:
                # Which 2 stands in: a second 2 of the suit, or the one of another suit.
                sub_card = next((t for t in twos if t[1] != suit), "2" + suit)
            else:
                sub_card = twos[0]
        else:
            sub_card = None
        ace_options = ((),) if aces == 0 else (((ACE_LOW,), (ACE_HIGH,)) if aces == 1 else ((ACE_LOW, ACE_HIGH),))
        for ace_rank, ace_pos in enumerate(ace_options):
            positions = sorted(core + list(ace_pos) + ([TWO_POS] if natural_two else []))
            lo, hi = positions[0], positions[-1]
            missing = hi - lo + 1 - len(positions)
            if subs == 0:
                if missing:
                    continue
                sub_pos = None
            elif missing == 1:
                have = set(positions)
                sub_pos = next(p for p in range(lo, hi + 1) if p not in have)
            elif missing == 0:
                if hi < ACE_HIGH:
                    sub_pos = hi + 1
                elif lo > ACE_LOW:
                    sub_pos = lo - 1
                else:
                    continue
            else:
                continue
            rank_key = (subs, ace_rank)
            if best is None or rank_key < best[0]:
                best = (rank_key, positions, sub_pos, sub_card)
        if best is not None and best[0][0] == 0:
            break
    if best is None:
        return None
    _, positions, sub_pos, sub_card = best
    lo = min(positions[0], sub_pos or FULL_RUN)
    hi = max(positions[-1], sub_pos or 0)
    out = tuple(sub_card if p == sub_pos else position_card(p, suit) for p in range(lo, hi + 1))
    return out, (sub_pos - lo if sub_pos is not None else None)


def run_problem(cards) -> str | None:
    """Why ``cards`` form no run, or None when they form one.

    ``run_set``: cards of one rank in several suits (Buraco melds runs only, no
    sets); ``run_mixed_suits``: natural cards of several suits; ``run_two_wilds``:
    more than one 2 would have to stand in; ``run_not_in_sequence``: one suit, at
    most one substitute, but gaps (or repeats) it cannot fill. Fewer than three
    cards is the caller's ``too_few_cards``.
    """
    cards = list(cards)
    if arrange(cards) is not None:
        return None
    naturals = [c for c in cards if c[0] != "2"]
    twos = [c for c in cards if c[0] == "2"]
    suits = {c[1] for c in naturals}
    if not naturals:
        return RUN_SET if len({c[1] for c in twos}) > 1 else RUN_NOT_IN_SEQUENCE
    if len(suits) > 1:
        return RUN_SET if len({c[0] for c in naturals}) == 1 else RUN_MIXED_SUITS
    suit = next(iter(suits))
    own_twos = sum(1 for t in twos if t[1] == suit)
    if len(twos) - min(own_twos, 1) > 1:
        return RUN_TWO_WILDS
    return RUN_NOT_IN_SEQUENCE


def canastra_kind(length: int, wild: int | None) -> str | None:
    """None below seven cards; otherwise dirty, clean, clean_ak (13) or clean_aa (14)."""
    if length < CANASTRA_SIZE:
        return None
    if wild is not None:
        return DIRTY
    if length == FULL_RUN:
        return CLEAN_AA
    if length == FULL_RUN - 1:
        return CLEAN_AK
    return CLEAN


def make_run(cards) -> dict | None:
    """The stored form of a run: {"cards", "canastra", "wild"}, or None if invalid."""
    arranged = arrange(cards)
    if arranged is None:
        return None
    ordered, wild = arranged
    return {"cards": ordered, "canastra": canastra_kind(len(ordered), wild), "wild": wild}


# --- Complete enumeration -------------------------------------------------------------
#
# A run's multiset is identified by a key (core_mask, aces, own_twos, other_two):
# core_mask holds the bits of positions 3..13 present, aces and own_twos count the
# aces and the 2s of the run's suit, other_two is the substitute 2 of another suit
# (or None). The generator walks every natural range [a, b] once, with at most one
# position given to a substitute, so its cost follows the number of runs produced.


def _suit_pool(counter: Counter, suit: str):
    """Natural availability per position and the distinct 2s usable as substitutes."""
    avail = [0] * 16
    for pos in range(3, 14):
        avail[pos] = counter.get(RANKS[pos - 1] + suit, 0)
    aces = counter.get("A" + suit, 0)
    avail[ACE_LOW] = avail[ACE_HIGH] = aces
    avail[TWO_POS] = counter.get("2" + suit, 0)
    wilds = [t for t in ("2C", "2D", "2H", "2S") if counter.get(t, 0)]
    return avail, aces, wilds


def _generate(suit: str, avail, aces: int, wilds, keys: set, a_max: int = ACE_HIGH, b_min: int = 0) -> None:
    """Add to ``keys`` every run multiset available from one suit's pool.

    Only ranges with a <= a_max and b >= b_min are walked (the caller's pruning
    for additions, whose result must cover the existing run).
    """
    own_two = "2" + suit
    own_twos_avail = avail[TWO_POS]
    for a in range(1, min(a_max, 13) + 1):
        if not avail[a]:
            continue
        gap = None
        for b in range(a, 15):
            ok = avail[b] > 0 and not (a == ACE_LOW and b == ACE_HIGH and aces < 2)
            if not ok:
                if gap is not None or not wilds:
                    break
                gap = b
                continue
            if b < b_min:
                continue
            mask = ((1 << (b + 1)) - 1) ^ ((1 << a) - 1)
            length = b - a + 1
            if gap is None:
                if length >= MIN_RUN:
                    keys.add(_key(mask, suit, None))
                if not wilds:
                    continue
                if 2 <= length <= FULL_RUN - 1:
                    for w in wilds:
                        if w != own_two or not (a <= TWO_POS <= b) or own_twos_avail > 1:
                            keys.add(_key(mask, suit, w))
                if length >= MIN_RUN:
                    for g in range(a + 1, b):
                        sub_mask = mask & ~(1 << g)
                        two_in = a <= TWO_POS <= b and g != TWO_POS
                        for w in wilds:
                            if w != own_two or not two_in or own_twos_avail > 1:
                                keys.add(_key(sub_mask, suit, w))
            else:
                sub_mask = mask & ~(1 << gap)
                two_in = a <= TWO_POS <= b and gap != TWO_POS
                for w in wilds:
                    if w != own_two or not two_in or own_twos_avail > 1:
                        keys.add(_key(sub_mask, suit, w))


def _key(mask: int, suit: str, wild: str | None):
    aces = ((mask >> ACE_LOW) & 1) + ((mask >> ACE_HIGH) & 1)
    own = (mask >> TWO_POS) & 1
    other = None
    if wild is not None:
        if wild[1] == suit:
            own += 1
        else:
            other = wild
    return (mask & ~_NOT_CORE, aces, own, other)


def _order(key):
    """A fixed order of keys, so legal moves come out the same in every process."""
    return key[0], key[1], key[2], key[3] or ""


def _key_cards(key, suit: str) -> list[str]:
    core, aces, own, other = key
    cards = ["A" + suit] * aces + ["2" + suit] * own
    pos = 3
    core >>= 3
    while core:
        if core & 1:
            cards.append(RANKS[pos - 1] + suit)
        core >>= 1
        pos += 1
    if other is not None:
        cards.append(other)
    return cards


def key_of(cards) -> tuple | None:
    """The multiset key of a run's cards (the suit is the non-2 cards' suit)."""
    suit = next((c[1] for c in cards if c[0] != "2"), None)
    if suit is None:
        return None
    core = aces = own = 0
    other = None
    for c in cards:
        r = c[0]
        if r == "A":
            aces += 1
        elif r == "2":
            if c[1] == suit:
                own += 1
            else:
                other = c
        else:
            core |= 1 << (RANK_INDEX[r] + 1)
    return (core, aces, own, other), suit


def new_runs(counter: Counter) -> list[list[str]]:
    """Every distinct multiset of cards from ``counter`` (a hand) that forms a run."""
    out = []
    for suit in "CDHS":
        avail, aces, wilds = _suit_pool(counter, suit)
        keys: set = set()
        _generate(suit, avail, aces, wilds, keys)
        out.extend(_key_cards(k, suit) for k in sorted(keys, key=_order))
    return out


def additions(run_cards, counter: Counter) -> list[list[str]]:
    """Every distinct non-empty multiset of cards from ``counter`` that extends the run."""
    found = key_of(run_cards)
    if found is None:
        return []
    (rcore, races, rown, rother), suit = found
    pool = counter.copy()
    pool.update(run_cards)
    avail, aces, wilds = _suit_pool(pool, suit)
    if rother is not None:
        # The run's own substitute stays; no other foreign 2 can join it.
        wilds = [rother]
    a_max, b_min = ACE_HIGH, 0
    if rcore:
        a_max = (rcore & -rcore).bit_length() - 1
        b_min = rcore.bit_length() - 1
    keys: set = set()
    _generate(suit, avail, aces, wilds, keys, a_max, b_min)
    out = []
    size = len(run_cards)
    for core, ka, kown, kother in sorted(keys, key=_order):
        if core & rcore != rcore or ka < races or kown < rown:
            continue
        if rother is not None and kother != rother:
            continue
        extra_other = kother if rother is None else None
        add = ["A" + suit] * (ka - races) + ["2" + suit] * (kown - rown)
        diff = core & ~rcore
        pos = 0
        while diff:
            if diff & 1:
                add.append(RANKS[pos - 1] + suit)
            diff >>= 1
            pos += 1
        if extra_other is not None:
            add.append(extra_other)
        if add and len(add) + size <= FULL_RUN:
            out.append(add)
    return out
