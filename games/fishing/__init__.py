"""The table shared by the fishing games Rouba Monte and Stealing Bundles.

Both games deal four cards a player and four to the centre, capture centre
cards by rank into a face-up pile whose top card can be stolen, and refill
empty hands from the stock. Only the choice of what a played card may take
differs, and that lives in each game's own package. Never imports Django.
"""
