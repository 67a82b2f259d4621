"""Whole matches in the browser, to the match-end screen: Crazy Eights played for real to its
target with clicks, then "Play again"; and the last hand of a Buraco match to 1500.

Each end screen is checked against the server: the winners and totals of the Match row, the
hands recorded, the revealed seed (against the fingerprint shown from the start) and the verify
link.
"""

import hashlib
import json

import pytest
from conftest import (
    LOG_WATCH_JS,
    check_verify_page,
    create_room,
    fill,
    logged_in,
    my_turn_js,
    no_horizontal_scroll,
    play_buraco_turn,
    result_at_both_sizes,
    snapshot,
    table_rows,
    unique,
    wait_logged,
    wait_snapshot,
)

from tests.live import manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

MATCH_RECORD = """
import json
from rooms.models import Match
m = Match.objects.get(id={match_id})
print("JSON" + json.dumps({{
    "status": m.status, "winners": m.winners, "totals": m.totals, "seed": m.seed,
    "fingerprint": m.fingerprint, "next_fingerprint": m.next_fingerprint, "options": m.options,
    "hands": [{{"number": h.number, "result": h.result, "ended": h.ended_at is not None}}
              for h in m.hands.order_by("number")],
    "room_status": m.room.status, "room_history": m.room.history,
}}))
"""


def match_record(server, match_id: int) -> dict:
    out = manage_shell(server.env, MATCH_RECORD.format(match_id=match_id))
    return json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])


def strings(page) -> dict:
    return page.evaluate("() => JSON.parse(document.getElementById('mesa-strings').textContent)")


def check_fairness(page, match: dict, record: dict) -> None:
    """The seed is revealed, hashes to the fingerprint shown from the start, and the verify links point at it."""
    assert match["seed"] == record["seed"]
    assert hashlib.sha256(record["seed"].encode()).hexdigest() == record["fingerprint"] == match["fingerprint"]
    hashes = page.eval_on_selector_all("#fair code.hash", "els => els.map((e) => e.textContent)")
    assert hashes[:2] == [record["fingerprint"], record["seed"]], hashes
    verify = match["verify_url"]
    # The link names the match by its public id, never by its row id (which may appear in it by chance).
    assert verify.startswith("/matches/") and verify.endswith("/verify/") and verify.split("/")[2] != str(match["id"])
    assert page.get_attribute("#fair .verify-link", "href") == verify
    assert page.get_attribute("#result a", "href") == verify
    assert page.get_attribute("#history .history__verify", "href") == verify


# ------------------------------------------------------------------------------------------ Crazy Eights


def announced(page, template: str, **values) -> None:
    """Wait for the log to show the person's move (as the table words it, capitalised)."""
    S = page.evaluate("() => window.mesaTable.S")
    if "card" in values:
        code = values["card"]
        values["card"] = fill(S["card_name"], rank=S["ranks"].get(code[0], code[0]), suit=S["suits"][code[1]])
    if "suit" in values:
        values["suit"] = S["suits"][values["suit"]]
    text = fill(S["game"][template], name=S["you"], **values)
    text = text[0].upper() + text[1:]
    wait_logged(page, text)


def play_crazy_eights_turn(page, snap: dict) -> None:
    """One turn with clicks: the drawn card's Play it, else a card (an eight with a suit chip), else
    the stock, else Pass. The playable cards shown must be the legal ones."""
    view, legal, version = snap["view"], snap["legal"], snap["version"]
    plays = [m for m in legal if m["type"] == "play"]
    shown = page.eval_on_selector_all("#hand .card.playable", "els => els.map((e) => e.dataset.card)")
    assert sorted(shown) == sorted({m["card"] for m in plays}), (shown, legal)
    if view["drawn"]:
        assert page.is_visible("#play-it")
        assert page.is_visible("#keep-it") == any(m["type"] == "keep" for m in legal)
        page.click("#play-it")
        if view["drawn"][0] == "8":
            page.click('#suit-chips [data-suit="H"]')
    elif plays:
        others = [m for m in plays if m["card"][0] != "8"]
        card = (others or plays)[0]["card"]
        page.click(f'#hand .card[data-card="{card}"]')
        page.wait_for_selector(f'#hand .card.lifted[data-card="{card}"]')
        if card[0] == "8":
            page.wait_for_selector("#suit-chips:not([hidden])")
            assert page.inner_text("#hint") == page.inner_text("#ce-note")  # "choose the suit"
            page.click('#suit-chips [data-suit="S"]')
            announced(page, "play_eight_desc", card=card, suit="S")
            assert page.is_hidden("#suit-chips")
            assert page.is_hidden("#hint")  # the suit is chosen: the prompt goes
        else:
            page.click("#play")
            announced(page, "play_desc", card=card)
    elif any(m["type"] == "draw" for m in legal):
        page.click("#stock")
    else:
        assert page.is_visible("#pass")
        page.click("#pass")
    wait_snapshot(page, f"s.version > {version}")


def test_a_crazy_eights_match_to_the_target_then_play_again(server, browser, chromium_path):
    """Two players (the person and an easy bot) to the default target of 100, every hand played
    for real with clicks (usually two to five hands: going out scores the other hand's points),
    the playable cards shown checked against `legal` at every turn."""
    name = unique("cm")
    context, page, _user = logged_in(browser, server, name)
    code = create_room(server, name, "crazy_eights", bots=1, level="easy", seat_count=2, time_limit=None)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/rooms/{code}/")
    snap = wait_snapshot(page, "s.you.host")
    assert snap["room"]["options"]["target"] == 100
    page.evaluate(LOG_WATCH_JS)
    page.click("#host-controls [data-action=start]")
    snap = wait_snapshot(page, "s.room.status === 'playing' && !!s.view")
    match_id = snap["room"]["match"]["id"]
    fingerprint = snap["room"]["match"]["fingerprint"]
    assert page.eval_on_selector_all("#fair code.hash", "els => els.map((e) => e.textContent)")[0] == fingerprint
    assert page.locator("#fair .verify-link").count() == 0  # no seed while the match is played

    hands = 1
    for _step in range(2000):
        snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
        status = snap["room"]["status"]
        if status == "match_over":
            break
        if status == "hand_over":
            # Between hands: the hand's winner and each player's points, then the host deals again.
            page.wait_for_selector("#result-panel:not([hidden]) .breakdown")
            assert page.inner_text("#result .result__winners").strip()
            assert max(snap["room"]["match"]["totals"].values()) < 100
            if hands == 1:
                result_at_both_sizes(page, "crazy_eights_hand_over")
            page.click("#host-controls [data-action=next_hand]")
            wait_snapshot(page, f"s.room.status === 'playing' && s.room.history.length === {hands}")
            hands += 1
            continue
        play_crazy_eights_turn(page, snap)
    assert snap["room"]["status"] == "match_over"

    # The end screen against the server's records.
    room, match = snap["room"], snap["room"]["match"]
    record = match_record(server, match_id)
    assert record["status"] == "over" and record["room_status"] == "match_over"
    assert [h["number"] for h in record["hands"]] == list(range(1, hands + 1))
    assert all(h["ended"] for h in record["hands"])
    summed = {}
    for h in record["hands"]:
        for k, v in h["result"]["scores"].items():
            summed[k] = summed.get(k, 0) + v
    assert record["totals"] == summed == match["totals"]
    best = max(summed.values())
    assert best >= 100
    assert record["winners"] == match["winners"] == sorted(k for k, v in summed.items() if v == best)
    S = strings(page)
    seat_names = {str(s["index"]): S["you"] if s["index"] == snap["you"]["seat"] else s["name"] for s in room["seats"]}
    names = ", ".join(seat_names[w] for w in record["winners"])
    expected = (S["match_tie"] if len(record["winners"]) > 1 else S["match_won"]).replace("%(names)s", names)
    page.wait_for_selector("#result-panel:not([hidden])")
    assert page.inner_text("#result .result__winners") == expected[0].upper() + expected[1:]
    # The end is seen without scrolling, on a desktop as on a phone.
    result_at_both_sizes(page, "crazy_eights_match_over")
    # The history: every hand with the running totals, and the totals at the foot.
    body = table_rows(page, "#history table.history tbody tr")
    running = {"0": 0, "1": 0}
    expected_rows = []
    for h in record["hands"]:
        cells = [str(h["number"])]
        for k in ("0", "1"):
            running[k] += h["result"]["scores"][k]
            cells.append(f"{h['result']['scores'][k]} ({running[k]})")
        expected_rows.append(cells)
    assert body == expected_rows, body
    assert table_rows(page, "#history table.history tfoot tr") == [["Total", str(summed["0"]), str(summed["1"])]]
    check_fairness(page, match, record)
    assert S["match_over"] in page.inner_text("#announcer")
    assert page.inner_text("#room-status") == S["status"]["match_over"]
    assert no_horizontal_scroll(page)

    # The verify link: the page re-deals every hand of this match from the seed, and agrees.
    check_verify_page(context, server.base, page, hands, screenshot="/tmp/ce_verify.png")

    # Play again: a new match, counted from zero, with the seed announced in advance.
    assert page.inner_text("#host-controls [data-action=new_match]") == S["play_again"]
    mark = page.evaluate("() => window.logged.length")
    page.click("#host-controls [data-action=new_match]")
    again = wait_snapshot(page, f"s.room.status === 'playing' && !!s.room.match && s.room.match.id !== {match_id}")
    new = again["room"]["match"]
    assert new["number"] == match["number"] + 1
    assert new["fingerprint"] == record["next_fingerprint"] == match["next_fingerprint"]
    assert new["seed"] is None and new["totals"] == {}
    assert len(again["view"]["hand"]) == 7
    page.wait_for_selector("#result-panel", state="hidden")
    assert page.inner_text("#history").strip() == "—"
    assert page.locator("#fair .verify-link").count() == 0
    hashes = page.eval_on_selector_all("#fair code.hash", "els => els.map((e) => e.textContent)")
    assert hashes[0] == new["fingerprint"] and record["seed"] not in hashes
    assert match_record(server, new["id"])["status"] == "playing"
    # The deal is announced with the dealer's name, or "you deal" when the person deals (never "you deals").
    dealer = again["room"]["seats"][again["room"]["dealer"]]["name"]
    page.wait_for_function(f"() => window.logged.slice({mark}).some((t) => t.startsWith('Hand 1 dealt'))")
    logged = page.evaluate(f"() => window.logged.slice({mark})")
    if again["room"]["dealer"] == again["you"]["seat"]:
        assert "Hand 1 dealt; you deal." in logged, logged
    else:
        assert f"Hand 1 dealt; {dealer} deals." in logged, logged
    # The new match is played: the first turn of the person goes through.
    snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
    if snap["room"]["status"] == "playing":
        play_crazy_eights_turn(page, snap)
    page.screenshot(path="/tmp/ce_play_again.png", full_page=True)
    assert snapshot(page)["room"]["match"]["id"] == new["id"]
    assert not errors, errors
    context.close()


# ------------------------------------------------------------------------------------------ Buraco

EARLIER_HANDS = 20


def earlier_breakdown(n: int, team: int) -> dict:
    """A plausible count for hand `n` of the hands played before the test (every part a multiple of
    5, the total their sum): team 1 ends on 1470 and team 2 on 1440 after twenty hands."""
    if team == 0:
        parts = {
            "melded": (80 if n <= 15 else 75) + 5 * (n % 5),
            "canastras": 100 if n % 4 == 0 else 0,
            "going_out": 100 if n % 7 == 0 else 0,
            "hand": -(15 + 5 * (n % 3)),
            "morto": -100 if n % 3 == 0 else 0,
        }
    else:
        parts = {
            "melded": (75 if n <= 10 else 70) + 5 * (n % 6),
            "canastras": 100 if n % 5 == 0 else 0,
            "going_out": 100 if n % 9 == 0 else 0,
            "hand": -(10 + 5 * (n % 4)),
            "morto": -100 if n % 4 == 1 else 0,
        }
    parts["total"] = sum(parts.values())
    return parts


def earlier_results() -> list[dict]:
    out = []
    for n in range(1, EARLIER_HANDS + 1):
        breakdown = {str(t): earlier_breakdown(n, t) for t in (0, 1)}
        scores = {t: b["total"] for t, b in breakdown.items()}
        best = max(scores.values())
        winners = [t for t in ("0", "1") if scores[t] == best]
        out.append(
            {
                "scores": scores,
                "winners": winners,
                "breakdown": breakdown,
                "engine": {"scores": scores, "winners": winners, "breakdown": breakdown, "end": "out"},
            }
        )
    return out


# The Buraco match near its end, made through the service layer and the ORM in one transaction:
# start_match deals hand 1 for real; that Hand row then stands for hand 20, finished, so that
# services.next_hand deals hand 21 from the match's seed (hand:21:deal), and is deleted after it.
# The twenty earlier hands live in the room's history (what the table shows) and in the match
# totals (what decides the match); every Hand row left is a real deal, so the verify page agrees.
NEAR_THE_END = """
import json
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from rooms import services
from rooms.models import Hand, Room
RESULTS = json.loads({results!r})
u = get_user_model().objects.get(username={host!r})
with transaction.atomic():
    room = services.create_room(u, "buraco", "Meta 1500", options={{"target": 1500}}, time_limit=None)
    for i in (1, 2, 3):
        services.add_bot(u, room.code, i, "normal")
    services.start_match(u, room.code)
    room = Room.objects.select_for_update().get(pk=room.pk)
    match, stand = room.current_match, room.current_hand
    history, totals = [], {{"0": 0, "1": 0}}
    for n, result in enumerate(RESULTS, start=1):
        for team, score in result["scores"].items():
            totals[team] += score
        history.insert(0, {{"number": n, "match": match.id, "result": result, "dealer": (n - 1) % 4,
                            "seat_map": [0, 1, 2, 3]}})
    stand.number = len(RESULTS)
    stand.result = RESULTS[-1]
    stand.ended_at = timezone.now()
    stand.save()
    match.totals = totals
    match.save()
    room.history = history
    room.status = Room.Status.HAND_OVER
    room.deadline = None
    room.deadline_kind = ""
    room.save()
    services.next_hand(u, room.code)
    Hand.objects.filter(pk=stand.pk).delete()
print("JSON" + json.dumps({{"code": room.code, "match": match.id, "totals": totals}}))
"""


def history_rows(page) -> list[list[str]]:
    return table_rows(page, "#history table.history tbody tr")


def test_the_last_hand_of_a_buraco_match_to_1500_and_the_match_end(server, browser, chromium_path):
    """A Buraco match to 1500 takes many hands, more than a test should play: twenty earlier hands
    (1470 to 1440) are put in the room's history and the match totals in setup (NEAR_THE_END), and
    the last hand (or hands, until a team is ahead at 1500 or more) is played here with clicks.
    The match end must show the winning team, the totals and history of the server's Match and
    Room rows (the last twenty hands, the running totals counting every hand), the seed and the
    verify link, and the verify page must agree with the hands recorded."""
    name = unique("bm")
    context, page, _user = logged_in(browser, server, name)
    results = earlier_results()
    out = manage_shell(server.env, NEAR_THE_END.format(results=json.dumps(results), host=name))
    setup = json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])
    assert setup["totals"] == {"0": 1470, "1": 1440}
    match_id = setup["match"]
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/rooms/{setup['code']}/")
    snap = wait_snapshot(page, "s.room.status === 'playing' && !!s.view")
    assert snap["room"]["match"]["id"] == match_id and snap["room"]["options"]["target"] == 1500
    assert len(snap["view"]["hand"]) == 11
    # The twenty earlier hands are listed with their running totals while the hand is played.
    rows = history_rows(page)
    assert len(rows) == EARLIER_HANDS and rows[0][0] == "1" and rows[-1][0] == str(EARLIER_HANDS)
    assert rows[-1][1:] == ["150 (1470)", "170 (1440)"], rows[-1]
    assert page.is_hidden("#result-panel")

    hands = EARLIER_HANDS + 1
    for _step in range(600):
        snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
        status = snap["room"]["status"]
        if status == "match_over":
            break
        if status == "hand_over":  # no team ahead at 1500 yet (both hands negative, or a tie): one more
            assert (
                max(snap["room"]["match"]["totals"].values()) < 1500
                or len(set(snap["room"]["match"]["totals"].values())) == 1
            )
            page.click("#host-controls [data-action=next_hand]")
            wait_snapshot(page, "s.room.status === 'playing' && !!s.view")
            hands += 1
            continue
        play_buraco_turn(page, snap)
    assert snap["room"]["status"] == "match_over", snap["room"]["status"]

    room, match = snap["room"], snap["room"]["match"]
    record = match_record(server, match_id)
    assert record["status"] == "over" and record["room_status"] == "match_over"
    played = record["hands"]
    assert [h["number"] for h in played] == list(range(EARLIER_HANDS + 1, hands + 1))
    # The totals: the twenty earlier hands plus those played here, as the Match row has them.
    totals = {"0": 1470, "1": 1440}
    for h in played:
        for team in totals:
            totals[team] += h["result"]["scores"][team]
    assert record["totals"] == totals == match["totals"]
    winner = "0" if totals["0"] > totals["1"] else "1"
    assert max(totals.values()) >= 1500 and totals["0"] != totals["1"]
    assert record["winners"] == match["winners"] == [winner]
    # The room's history: the last twenty hands, newest first, the same the page got.
    assert len(record["room_history"]) == 20 and len(room["history"]) == 20
    assert [h["number"] for h in record["room_history"]] == list(range(hands, hands - 20, -1))
    assert record["room_history"] == room["history"]

    # The end screen: the winning team, the last hand's breakdown, the twenty hands and the totals.
    page.wait_for_selector("#result-panel:not([hidden]) .breakdown")
    S = strings(page)
    mine = winner == str(snap["room"]["seats"][snap["you"]["seat"]]["team"])
    team = (S["team_yours"] if mine else S["team_n"]).replace("%(n)s", str(int(winner) + 1))
    assert page.inner_text("#result .result__winners") == S["match_won"].replace("%(names)s", team)
    result_at_both_sizes(page, "buraco_match_over")
    last = played[-1]["result"]
    breakdown = table_rows(page, "#result .breakdown tbody tr")
    assert breakdown[-1][1:] == [str(last["breakdown"]["0"]["total"]), str(last["breakdown"]["1"]["total"])]
    rows = history_rows(page)
    shown = sorted(room["history"], key=lambda h: h["number"])
    expected_rows = []
    after = dict(totals)
    for h in reversed(shown):  # running totals, backwards from the match totals
        expected_rows.insert(0, [str(h["number"])] + [f"{h['result']['scores'][t]} ({after[t]})" for t in ("0", "1")])
        for t in after:
            after[t] -= h["result"]["scores"][t]
    assert rows == expected_rows, rows
    assert len(rows) == 20 and rows[-1][0] == str(hands)
    # Before the oldest hand shown, the hands no longer listed: hand 1 (and 2, ...) of the setup.
    dropped = results[: hands - 20]
    assert after == {t: sum(r["scores"][t] for r in dropped) for t in ("0", "1")}, after
    marked = page.eval_on_selector_all("#history tbody tr:last-child td.won", "els => els.length")
    assert marked == len(last["winners"])
    foot = table_rows(page, "#history table.history tfoot tr")
    assert foot == [["Total", str(totals["0"]), str(totals["1"])]], foot
    check_fairness(page, match, record)
    assert page.inner_text("#host-controls [data-action=new_match]") == S["play_again"]
    assert no_horizontal_scroll(page)
    page.screenshot(path="/tmp/buraco_match_over.png", full_page=True)

    # Every Hand row of the match is a real deal: the verify page re-deals them and agrees.
    check_verify_page(context, server.base, page, len(played))
    assert not errors, errors
    context.close()
