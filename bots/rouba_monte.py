"""Rouba Monte bots (easy, normal, hard); the policies are shared in ``bots.fishing``.

They decide from a seat's view only; ``hard`` samples hidden cards with
``games.rouba_monte.sample_state``.
"""

from bots.fishing import make_bots
from games import rouba_monte

# Every capture or steal is compulsory: a card left in the centre tells what its seat lacks.
BOTS = make_bots(rouba_monte, classic=False, compulsory=True)
