"""Determinized Monte-Carlo search over a seat's view: the hard level of every game.

The hard bot never sees the real state. From the seat's view and what it
remembers, it deals the hidden cards anew with the engine's ``sample_state``
(one *determinization*), plays every candidate move in that world and then the
rest of the hand with the normal policy at every seat, and scores how the hand
ends for itself. Many determinizations, one score per candidate averaged over
them: the candidate with the best mean is played (Cowling, Powley and
Whitehouse, 2012, call this determinized Monte-Carlo search; it is the flat
form of information-set MCTS).

Why this shape:

- Every candidate is played out on the *same* sampled world with the *same*
  random stream (common random numbers): what differs between two scores is
  the move, not the luck of the deal, so few samples separate them.
- The normal policy plays the rollouts, so the search improves on the normal
  bot one move at a time (rollout policy improvement); when no candidate is
  clearly better on the same worlds, the normal bot's own choice stands
  (``better_than``: a paired test against it).
- The budget is a fixed count of simulated moves, not a clock: a decision is
  the same for the same view, memory and seed on any machine, and late in a
  hand (short playouts) the same budget buys more samples.

A game plugs in with a :class:`Game`: how to read memory, how to sample, which
candidates to weigh, how to score a finished (or cut off) playout.
"""

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# The normal bot's choice stands unless another candidate beats it on the same worlds by more
# than this many standard errors of the paired difference, and by NORMAL_EDGE at least (on the
# 0..1 value scale): a guard against noise, which otherwise turns small samples into coin flips.
# Below MIN_EVIDENCE worlds (a hand's first turns, where playouts are long) the spread itself is
# too uncertain to trust, and the normal choice always stands.
CONFIDENCE = 1.5
NORMAL_EDGE = 0.01
MIN_EVIDENCE = 8


def better_than(values: list[list[float]], base: int) -> int:
    """The index of the candidate to play: the best mean among those that beat ``base`` with confidence.

    ``values[i][k]`` is candidate i's value on world k; each pair of candidates is compared on the
    same worlds (a paired test), so the luck of a deal counts for neither.
    """
    n = len(values[base])
    best, best_mean = base, 0.0
    if n < MIN_EVIDENCE:
        return base
    for i, row in enumerate(values):
        if i == base:
            continue
        diffs = [a - b for a, b in zip(row, values[base], strict=True)]
        mean = sum(diffs) / n
        spread = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        error = (spread / n) ** 0.5
        if mean > max(NORMAL_EDGE, CONFIDENCE * error) and mean > best_mean:
            best, best_mean = i, mean
    return best


@dataclass(frozen=True)
class Game:
    """What the search needs from one game.

    engine: the game module (``legal_moves``, ``apply``, ``current_seat``,
        ``is_over``, ``view``).
    policy: the normal bot; it plays every seat in the playouts, each from
        that seat's view of the sampled world.
    observe(view, memory) -> knowledge: reads (and updates in place) the
        seat's memory; knowledge is whatever ``sample`` needs.
    sample(view, knowledge, rng) -> state: one full state consistent with the
        view and the knowledge (the engine's ``sample_state``).
    candidates(view, legal_moves, knowledge) -> moves: the distinct root moves
        worth weighing (at least one), each one of ``legal_moves``.
    value(state, seat) -> float in [0, 1]: how good a playout's last state is
        for ``seat`` (a finished hand, or one cut off at ``max_plies``).
    same(a, b) -> bool: two moves with one outcome (default: equal dicts).
    remember(view, move, memory): the seat's memory after it plays ``move``.
    """

    engine: Any
    policy: Any
    observe: Callable
    sample: Callable
    candidates: Callable
    value: Callable
    same: Callable = lambda a, b: a == b
    remember: Callable | None = None


class DeterminizedSearch:
    """The hard bot: ``choose(view, legal_moves, rng, memory=None)`` like every bot.

    ``ply_budget`` simulated moves per decision (all candidates together), at
    least ``min_samples`` and at most ``max_samples`` determinizations; a
    playout stops after ``max_plies`` moves (then ``value`` judges the
    unfinished hand).
    """

    level = "hard"

    def __init__(self, game: Game, ply_budget: int, min_samples: int = 4, max_samples: int = 64, max_plies=400):
        self.game = game
        self.ply_budget = ply_budget
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.max_plies = max_plies

    def choose(self, view, legal_moves, rng, memory=None):
        game = self.game
        # The normal bot's own choice, with what this seat remembers (a copy: the normal bot
        # updates memory as it reads it), is the one to beat.
        recalled = json.loads(json.dumps(memory)) if memory is not None else None
        knowledge = game.observe(view, memory)
        move = self._search(view, legal_moves, rng, knowledge, recalled)
        if game.remember is not None and memory is not None:
            game.remember(view, move, memory)
        return move

    def recall(self, view, move, memory) -> None:
        """``memory`` as this bot would keep it had it made ``move`` at ``view`` (a seat's own decision).

        A person's seat has no memory of its own; the hint rebuilds one by calling this at
        each of the seat's past decisions, in order (rooms/hints/memory.py).
        """
        self.game.observe(view, memory)
        if self.game.remember is not None:
            self.game.remember(view, move, memory)

    def _search(self, view, legal_moves, rng, knowledge, recalled):
        if len(legal_moves) == 1:
            return legal_moves[0]
        game = self.game
        candidates = game.candidates(view, legal_moves, knowledge)
        if len(candidates) == 1:
            return candidates[0]
        seat = view["seat"]
        default = game.policy.choose(view, legal_moves, random.Random(rng.getrandbits(64)), recalled)
        base = next((i for i, move in enumerate(candidates) if game.same(move, default)), None)
        if base is None:
            candidates.append(default)
            base = len(candidates) - 1
        values = [[] for _ in candidates]
        samples = plies = 0
        while samples < self.max_samples and (samples < self.min_samples or plies < self.ply_budget):
            sample_seed = rng.getrandbits(64)
            world = game.sample(view, knowledge, random.Random(sample_seed))
            for i, move in enumerate(candidates):
                value, used = self.playout(world, seat, move, random.Random(sample_seed))
                values[i].append(value)
                plies += used
            samples += 1
        return candidates[better_than(values, base)]

    def playout(self, world, seat, move, rng) -> tuple[float, int]:
        """``move`` in ``world``, then the normal policy at every seat: (value for ``seat``, moves made)."""
        engine = self.game.engine
        policy = self.game.policy
        state = engine.apply(world, seat, move)
        plies = 1
        while not engine.is_over(state) and plies < self.max_plies:
            s = engine.current_seat(state)
            moves = engine.legal_moves(state, s)
            choice = moves[0] if len(moves) == 1 else policy.choose(engine.view(state, s), moves, rng)
            state = engine.apply(state, s, choice)
            plies += 1
        return self.game.value(state, seat), plies
