"""The bots' ratings come from the fitted, checked-in file (bench/fit_bot_ratings.py), per game."""

from games import registry
from ratings import method


def test_every_game_has_fitted_bot_ratings_and_the_measured_shares():
    fitted = method.fitted_bots()
    for spec in registry.specs():
        if spec.name not in fitted:
            continue
        record = fitted[spec.name]
        for level in ("easy", "normal", "hard"):
            mu, sigma = method.bot_rating(level, spec.name)
            assert (mu, sigma) == (record["levels"][level]["mu"], record["levels"][level]["sigma"])
            assert method.bot_shown(level, spec.name) == method.shown(mu, sigma)
        for measured in record["strength"].values():
            assert 0 <= measured["low"] <= measured["high"] <= 1
    assert {"rouba_monte", "stealing_bundles", "crazy_eights", "buraco"} <= set(fitted)


def test_a_game_without_a_fit_falls_back_to_the_default_levels():
    assert method.bot_rating("hard", "no_such_game") == method.BOT_RATINGS["hard"]
    assert method.bot_rating("nobody", "buraco") == (method.MU, method.SIGMA)
