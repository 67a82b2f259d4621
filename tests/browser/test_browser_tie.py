"""A tied rated match seen in the result dialog, at 1280x800 and at 390x844 (touch), in both languages.

The match is a real one: Rouba Monte dealt from a seed found to tie (26 cards
each, tests/ratings/ties.py) and played through the room services. The dialog
says the match ends in a tie naming both, and lists each person's rating
change and new value as the snapshot carries them.
"""

import json

import pytest
from conftest import logged_in, no_horizontal_scroll, result_dialog_in_view, shot, table_rows, unique, wait_snapshot

from tests.live import make_users, manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WORDS = {
    "en": ("The match ends in a tie: you, {other}", "{name} (you)"),
    "pt-br": ("A partida termina empatada: você, {other}", "{name} (você)"),
}


def tied_match(server, host: str, other: str) -> dict:
    code = (
        "import json\n"
        "from django.contrib.auth import get_user_model\n"
        "from ratings.models import RatingChange\n"
        "from tests.ratings.ties import TIES, play_tied_match\n"
        "game, _count, options, seed, policy, _tied, _totals = TIES[0]\n"
        f"people = [get_user_model().objects.get(username=n) for n in ({host!r}, {other!r})]\n"
        "r = play_tied_match(game, people, options, seed, policy)\n"
        "m = r.matches.get()\n"
        "c = {x.user_id: [x.shown_before, x.shown_after] for x in RatingChange.objects.filter(match=m)}\n"
        "print('JSON' + json.dumps({'code': r.code, 'winners': m.winners, 'changes': c,"
        " 'ids': [p.id for p in people]}))\n"
    )
    out = manage_shell(server.env, code)
    return json.loads(next(line[4:] for line in out.splitlines() if line.startswith("JSON")))


def signed(delta: int) -> str:
    return f"+{delta}" if delta > 0 else f"\u2212{-delta}" if delta < 0 else "\u00b10"


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "pt-br")])
def test_a_tied_match_reads_as_a_tie_with_each_rating_change(server, browser, size, language):
    name, other = unique("tie"), unique("tieb")
    make_users(server.env, other)
    phone = {"viewport": (390, 844), "touch": True} if size == "phone" else {}
    context, page, _ = logged_in(browser, server, name, **phone)
    context.add_cookies([{"name": "django_language", "value": language, "domain": "127.0.0.1", "path": "/"}])
    match = tied_match(server, name, other)
    assert sorted(match["winners"]) == ["0", "1"]
    page.goto(f"{server.base}/rooms/{match['code']}/")
    wait_snapshot(page, "s.room.status === 'match_over' && s.room.match && s.room.match.ratings.length === 2")
    result_dialog_in_view(page)
    tie, you = WORDS[language]
    assert page.inner_text("#result .result__winners") == tie.format(other=other)
    rows = table_rows(page, "#result table.result__ratings tbody tr")
    host_id, other_id = match["ids"]
    expected = {
        you.format(name=name): match["changes"][str(host_id)],
        other: match["changes"][str(other_id)],
    }
    assert {row[0]: row[1:] for row in rows} == {
        label: [signed(after - before), str(after)] for label, (before, after) in expected.items()
    }, rows
    assert no_horizontal_scroll(page)
    shot(page, f"tie_dialog_{language}_{size}")
    context.close()
