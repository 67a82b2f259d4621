"""One word for the rating that no Brazilian player confuses with a game's points (docs/ratings.md).

The rating was "Pontuação" right beside game points ("Pontuação 1002 · 45
pontos"). Every catalogue entry about ratings says "rating" (or "ranqueada"),
never "pontuação", "pontuações" or "pontos".
"""

import re

from tests.test_translations import PO, msgstrs, read_po

ABOUT_RATINGS = re.compile(r"\b(rating|ratings|rated)\b", re.IGNORECASE)


def test_every_rating_string_says_rating_never_points():
    entries = [e for e in read_po(PO) if ABOUT_RATINGS.search(f"{e['msgid']} {e.get('msgid_plural', '')}")]
    assert len(entries) > 20
    for entry in entries:
        for text in msgstrs(entry):
            assert "pontua" not in text.lower() and "pontos" not in text.lower(), (entry["msgid"], text)
    shown = {(e.get("msgctxt"), e["msgid"]): msgstrs(e)[0] for e in entries}
    assert shown[(None, "Rating %(n)s")] == "Rating %(n)s"
    assert shown[(None, "Rating")] == "Rating"
    assert shown[("room", "Rated")] == "Ranqueada"
