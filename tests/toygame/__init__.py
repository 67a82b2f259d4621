"""A toy fifth game, added from outside the site's games: the proof that the room layer knows no game.

``High Card`` (``toy_high_card``): three cards each; in turn every player lays
one card face up; a hand scores each player the ranks they laid (ace 1, king
13); the match ends after the hand in which somebody reaches the target. Its
engine, declaration and bot live here; the room layer, the accounts, the
configuration and the shared table script are not edited for it.
"""
