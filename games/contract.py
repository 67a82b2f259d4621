"""The engine contract's defaults for what varies by game only in some games.

An engine re-exports these under the contract's names when its game needs
nothing else (games/registry.py lists the contract); the room layer then asks
every engine the same questions. Never imports Django.
"""


def public_move(move: dict, state, seat: int) -> dict:
    """The move as every seat may see it: here the move itself (nothing in it is secret)."""
    return move


def add_to_totals(totals: dict | None, result: dict, keys: dict | None = None) -> dict:
    """Match totals after one more hand: each key's hand score added to its total.

    ``keys`` renames the keys of ``result["scores"]`` (the engine's seats) to
    the match's (the room's seats); without it they are kept as they are.
    """
    out = dict(totals or {})
    for key, value in result["scores"].items():
        name = (keys or {}).get(key, key)
        out[name] = out.get(name, 0) + value
    return out
