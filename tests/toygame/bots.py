"""The toy game's bot: any legal move, chosen by the seeded random it is given."""


class RandomBot:
    def choose(self, view, legal_moves, rng, memory=None):
        return rng.choice(legal_moves)


BOTS = {level: RandomBot() for level in ("easy", "normal", "hard")}
