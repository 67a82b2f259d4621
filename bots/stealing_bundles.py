"""Stealing Bundles bots (easy, normal, hard); the policies are shared in ``bots.fishing``.

They decide from a seat's view only; ``hard`` samples hidden cards with
``games.stealing_bundles.sample_state``. "Classic" captures take every centre
card of the played rank.
"""

from bots.fishing import make_bots
from games import stealing_bundles

BOTS = make_bots(stealing_bundles, classic=True)
