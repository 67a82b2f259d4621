"""The fair shuffle: published vectors, an independent re-implementation, replay."""

import hashlib
import hmac
import random

import pytest

from games import fair
from games.cards import deck40, deck52, deck104

ZERO = "0" * 64
FS = "f" * 64
MIXED = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"


def independent_shuffle(key_hex: str, label: str, cards: list[str]) -> list[str]:
    """The published procedure written again from docs/fairness.md, differently."""
    key = bytes.fromhex(key_hex)
    stream = b"".join(hmac.new(key, f"{label}:{c}".encode(), hashlib.sha256).digest() for c in range(64))
    ints = iter(int.from_bytes(stream[i : i + 4], "big") for i in range(0, len(stream), 4))
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        while (x := next(ints)) >= 2**32 - (2**32 % n):
            pass
        j = x % n
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize(
    ("seed", "print_"),
    [
        (ZERO, "60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55"),
        (FS, "df0790f236013511e91fa4532fb7761f62320a51a3868dabf4a13fe5f53e3263"),
        (MIXED, "2a8abfa8cb9906290437854193ca6bca41d4d4e26d1d454bd66a35158095e737"),
    ],
)
def test_fingerprint_is_sha256_of_the_hex_text(seed, print_):
    assert fair.fingerprint(seed) == print_ == hashlib.sha256(seed.encode()).hexdigest()


@pytest.mark.parametrize(
    ("key", "deck", "first_ten"),
    [
        (ZERO, deck52, "6S QC 3C 8C 4H 4C 9D 2S 5C 9C"),
        (ZERO, deck104, "2S 6D 6C TS QS 4S 8H 4C 6C 7S"),
        (ZERO, deck40, "4C QH JH JC KD 5S QS 5H 3S JD"),
        (FS, deck52, "AS 9D JD QC 6D AH 7D 8D 5S KH"),
        (MIXED, deck52, "KD 6C 9D QH 4C 2D QD QS JD 5C"),
        (MIXED, deck104, "JS 2S JD 7D AS AD 2H 4H 4C 7S"),
    ],
)
def test_published_vectors(key, deck, first_ten):
    assert " ".join(fair.shuffle(key, "hand:1:deal", deck())[:10]) == first_ten


def test_client_seeds_change_the_key_as_published():
    key = fair.stream_key(MIXED, ["a1b2c3d4", "deadbeef"])
    assert key == "335f97065b2b743e610af5fd529953505e9a2ebc55c47ca736ffa904c8e6696c"
    assert " ".join(fair.shuffle(key, "hand:1:deal", deck52())[:10]) == "3C 3D JH TS 7C TC 5C 9H 4H 2C"
    assert fair.stream_key(MIXED, []) == MIXED
    assert fair.stream_key(MIXED, "a1b2c3d4:deadbeef") == key


def test_the_stream_reads_big_endian_words():
    stream = fair.Stream(ZERO, "hand:1:deal")
    assert [stream.next_u32() for _ in range(4)] == [2833149526, 334610727, 2110340099, 3466575309]


@pytest.mark.parametrize("label", ["hand:1:deal", "hand:3:deal", "hand:2:reshuffle:1", "hand:9:reshuffle:20"])
def test_it_matches_an_independent_implementation(label):
    rng = random.Random(label)
    for _ in range(20):
        key = f"{rng.getrandbits(256):064x}"
        for deck in (deck52(), deck104(), deck40()):
            assert fair.shuffle(key, label, deck) == independent_shuffle(key, label, deck)


def test_shuffle_returns_a_new_permutation_and_leaves_its_input():
    deck = deck52()
    out = fair.shuffle(ZERO, "hand:1:deal", deck)
    assert deck == deck52() and sorted(out) == sorted(deck) and out != deck


def test_uniform_rejects_the_biased_tail():
    class Fixed(fair.Stream):
        def __init__(self, values):
            self.values = iter(values)

        def next_u32(self):
            return next(self.values)

    # For n = 3, 2**32 % 3 == 1, so the single value 2**32 - 1 must be rejected.
    assert Fixed([2**32 - 1, 7]).uniform(3) == 1


def test_new_seeds_are_64_hex_characters_and_differ():
    seeds = {fair.new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(len(s) == 64 and int(s, 16) >= 0 and s == s.lower() for s in seeds)


def test_replay_fails_loudly_at_the_first_card_that_differs():
    from games import registry

    engine = registry.get("rouba_monte")
    deck = fair.shuffle(MIXED, "hand:1:deal", engine.new_deck({}))
    state = engine.deal(players=2, dealer=0, deck=deck, options={}, seed=MIXED)
    log = []
    while not engine.is_over(state):
        seat = engine.current_seat(state)
        move = engine.legal_moves(state, seat)[0]
        log.append({"seat": seat, "move": move})
        state = engine.apply(state, seat, move)
    final = fair.replay("rouba_monte", 2, 0, {}, MIXED, log, expected_result=engine.result(state))
    assert engine.result(final) == engine.result(state)
    with pytest.raises(fair.ReplayMismatch) as exc:
        fair.replay("rouba_monte", 2, 0, {}, FS, log)  # another seed deals other cards
    assert exc.value.index < len(log)
    tampered = [dict(e) for e in log]
    tampered[3] = {"seat": tampered[3]["seat"], "move": {**tampered[3]["move"], "card": "ZZ"}}
    with pytest.raises(fair.ReplayMismatch) as exc:
        fair.replay("rouba_monte", 2, 0, {}, MIXED, tampered)
    assert exc.value.index == 3
