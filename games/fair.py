"""The provably fair shuffle: seeds, fingerprints, HMAC streams and replay.

Exactly as published in docs/fairness.md, so that anyone can re-deal a match
from its revealed seed and check it. Never imports Django.

- A seed is 32 random bytes as 64 lowercase hex characters; its fingerprint is
  the SHA-256 hex digest of those 64 ASCII characters.
- The stream for a label L is HMAC-SHA256(key, f"{L}:{counter}") for counter
  0, 1, 2, ... concatenated, read as big-endian unsigned 32-bit integers.
- ``shuffle`` is Fisher-Yates from the last index down, with rejection sampling.
"""

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence

ZERO_SEED = "0" * 64
_LIMIT = 2**32


def new_seed() -> str:
    """A fresh secret seed: 32 bytes from ``secrets`` as 64 lowercase hex characters."""
    return secrets.token_hex(32)


def fingerprint(seed: str) -> str:
    """The public commitment to a seed: SHA-256 of its 64-character hex text."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def stream_key(server_seed: str, client_seeds: Sequence[str] | str | None = None) -> str:
    """The key of every stream of a match, as hex.

    With client seeds (joined with ':' in seat order) the key is
    HMAC-SHA256(server seed bytes, client seeds); without, the server seed.
    """
    if isinstance(client_seeds, str):
        joined = client_seeds
    else:
        joined = ":".join(client_seeds or [])
    if not joined:
        return server_seed
    return hmac.new(bytes.fromhex(server_seed), joined.encode(), hashlib.sha256).hexdigest()


class Stream:
    """Successive 32-bit integers of the HMAC stream for one label."""

    def __init__(self, key_hex: str, label: str):
        self._key = bytes.fromhex(key_hex)
        self._label = label
        self._counter = 0
        self._buffer = b""
        self._pos = 0

    def next_u32(self) -> int:
        if self._pos + 4 > len(self._buffer):
            msg = f"{self._label}:{self._counter}".encode()
            self._buffer = hmac.new(self._key, msg, hashlib.sha256).digest()
            self._counter += 1
            self._pos = 0
        value = int.from_bytes(self._buffer[self._pos : self._pos + 4], "big")
        self._pos += 4
        return value

    def uniform(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection: no modulo bias."""
        bound = _LIMIT - (_LIMIT % n)
        while True:
            x = self.next_u32()
            if x < bound:
                return x % n


def shuffle(seed_hex: str | None, label: str, cards: Iterable[str]) -> list[str]:
    """A new list: ``cards`` shuffled by the stream ``label``; index 0 is the top."""
    out = list(cards)
    stream = Stream(seed_hex or ZERO_SEED, label)
    for i in range(len(out) - 1, 0, -1):
        j = stream.uniform(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal_label(hand: int) -> str:
    return f"hand:{hand}:deal"


def reshuffle_label(hand: int, k: int) -> str:
    return f"hand:{hand}:reshuffle:{k}"


class ReplayMismatch(Exception):
    """A recorded hand does not follow from its seed: the first difference."""

    def __init__(self, index: int, detail: str):
        super().__init__(f"move {index}: {detail}")
        self.index = index
        self.detail = detail


def replay(
    game_name: str,
    players: int,
    dealer: int,
    options: dict | None,
    seed: str | None,
    moves: Sequence[dict],
    hand: int = 1,
    expected_result: dict | None = None,
):
    """Re-deal a recorded hand from its seed and re-apply its moves.

    ``moves`` is the log: dicts with ``seat`` and ``move``. Raises
    ``ReplayMismatch`` at the first move the re-dealt hand refuses (a card that
    is not where the log says), or when the final result differs from
    ``expected_result``. Returns the final state.
    """
    from games import IllegalMove, registry

    game = registry.get(game_name)
    deck = shuffle(seed, deal_label(hand), game.new_deck(options or {}))
    state = game.deal(players=players, dealer=dealer, deck=deck, options=options or {}, seed=seed, hand=hand)
    for index, entry in enumerate(moves):
        seat, move = entry["seat"], entry["move"]
        if entry.get("kind") == "leave":
            state = game.remove_player(state, seat)
            continue
        try:
            state = game.apply(state, seat, move)
        except IllegalMove as exc:
            raise ReplayMismatch(index, f"seat {seat} {move}: {exc.code}: {exc.message}") from exc
    if expected_result is not None:
        got = game.result(state)
        if got != expected_result:
            raise ReplayMismatch(len(moves), f"result {got} != expected {expected_result}")
    return state
