"""Stealing Bundles bots (easy, normal, hard); the policies are shared in ``bots.fishing``.

They decide from a seat's view only; ``hard`` samples hidden cards with
``games.stealing_bundles.sample_state``. "Classic" captures take every centre
card of the played rank.
"""

from bots.fishing import make_bots
from games import stealing_bundles

# A classic capture's normal score and legal moves cost more than Rouba Monte's: a smaller budget
# keeps the hard decision's p99 well inside 300 ms (bench/bot_decisions.py, docs/benchmarks.md).
BOTS = make_bots(stealing_bundles, classic=True, ply_budget=1400)
