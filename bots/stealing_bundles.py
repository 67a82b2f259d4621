"""Stealing Bundles bots (easy, normal, hard); the policies are shared in ``bots.fishing``.

They decide from a seat's view only; ``hard`` samples hidden cards with
``games.stealing_bundles.sample_state``. "Classic" captures take every centre
card of the played rank.
"""

from bots.fishing import make_bots
from games import stealing_bundles

# A classic capture's normal score and legal moves cost more than Rouba Monte's: a smaller budget
# keeps the hard decision's p99 well inside 300 ms (bench/bot_decisions.py, docs/benchmarks.md).
# From four seats normal's counting sits nearer easy than hard: half of its turns play the tips
# (bots.blend; docs/benchmarks.md, "Normal between its neighbours").
BOTS = make_bots(stealing_bundles, classic=True, ply_budget=1400, normal_shares=[(4, "tips", 0.5, True)])
