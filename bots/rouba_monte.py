"""Rouba Monte bots (easy, normal, hard); the policies are shared in ``bots.fishing``.

They decide from a seat's view only; ``hard`` samples hidden cards with
``games.rouba_monte.sample_state``.
"""

from bots.fishing import make_bots
from games import rouba_monte

BOTS = make_bots(rouba_monte, classic=False)
