"""The toy game's table strings, named by its declaration (``table_strings``)."""


def table_strings() -> dict:
    return {"laid": "laid", "hand_label": "Your hand"}
