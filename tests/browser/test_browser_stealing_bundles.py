"""Stealing Bundles in the browser: a room made in the lobby form with classic variations (Jacks
steal any pile, the last capturer takes the leftover table cards, two piles per player), three bots
added from the seats, and whole matches played with clicks only.

At every turn the highlighted options must be exactly the snapshot's legal moves, the felt must
say that capture is compulsory exactly when no discard is legal, and at the end the result, the
history and the revealed seed shown must be the server's (the snapshot, and the Match and Hand
rows read back with the ORM and re-scored with the engine).
"""

import hashlib
import json
import random

import pytest
from conftest import (
    LOG_WATCH_JS,
    canon,
    fill,
    highlighted_moves,
    logged_in,
    my_turn_js,
    no_horizontal_scroll,
    result_at_both_sizes,
    result_dialog_in_view,
    shot,
    snapshot,
    table_rows,
    unique,
    wait_logged,
    wait_snapshot,
)

from tests.live import manage_shell

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

VARIATIONS = ["jacks_wild", "last_capture_bonus", "double_piles"]

# The match as the server recorded it, and each hand re-scored by the engine from its final state.
SERVER_RECORD = """
import json
from games import registry
from rooms.models import Match
m = Match.objects.get(id={match_id})
engine = registry.get(m.game)
hands = []
for h in m.hands.order_by("number"):
    state = engine.from_json(h.state)
    res = engine.result(state)
    hands.append({{
        "number": h.number,
        "result": h.result,
        "over": engine.is_over(state),
        "rescored": {{str(h.seat_map[int(k)]): v for k, v in res["scores"].items()}},
        "moves": len(h.moves),
    }})
print("JSON" + json.dumps({{
    "status": m.status, "winners": m.winners, "totals": m.totals, "seed": m.seed,
    "fingerprint": m.fingerprint, "options": m.options, "hands": hands,
    "room_status": m.room.status, "room_history": m.room.history,
}}))
"""


def server_record(server, match_id: int) -> dict:
    out = manage_shell(server.env, SERVER_RECORD.format(match_id=match_id))
    return json.loads(next(x for x in out.splitlines() if x.startswith("JSON"))[4:])


def described(S: dict, snap: dict, move: dict) -> str:
    """How the table announces the person's move (first letter capitalised, as the log shows it)."""
    G = S["game"]

    def card(code):
        return fill(S["card_name"], rank=S["ranks"].get(code[0], code[0]), suit=S["suits"][code[1]])

    if move["type"] == "capture":
        text = fill(G["capture_desc"], name=S["you"], target=card(move["target"]), card=card(move["card"]))
    elif move["type"] == "steal":
        victim = next(s["name"] for s in snap["room"]["seats"] if s["engine_seat"] == move["from"])
        text = fill(G["steal_desc"], name=S["you"], victim=victim, card=card(move["card"]))
    else:
        text = fill(G["discard_desc"], name=S["you"], card=card(move["card"]))
    return text[0].upper() + text[1:]


def play_with_clicks(page, snap: dict, move: dict) -> None:
    """Lift the move's card, click its target; with two own piles, choose the receiving pile.
    The move must leave the hand and be announced in the log as the person's."""
    version = snap["version"]
    page.click(f'#hand .card[data-card="{move["card"]}"]')
    page.wait_for_selector(f'#hand .card.selected[data-card="{move["card"]}"]')
    if move["type"] == "capture":
        target = f'#centre [data-target="centre:{move["target"]}"]'
    elif move["type"] == "steal":
        target = f'.seat [data-target="pile:{move["from"]}:{move.get("from_pile", 0)}"]'
    else:
        target = "#discard"
    offered = json.loads(page.get_attribute(target, "data-moves"))
    assert move in offered, (move, offered)
    page.click(target)
    if len(offered) > 1:
        # Two piles per player: the page asks which own pile receives the cards, one button per pile.
        page.wait_for_selector("#pile-choice:not([hidden]) button")
        buttons = page.locator("#pile-choice button")
        assert buttons.count() == len(offered)
        assert sorted(m["pile"] for m in offered) == [0, 1]
        buttons.nth(offered.index(move)).click()
    else:
        assert page.is_hidden("#pile-choice")
    after = wait_snapshot(page, f"s.version > {version}")
    assert move["card"] not in after["view"]["hand"]
    text = described(page.evaluate("() => window.mesaTable.S"), snap, move)
    wait_logged(page, text)


def check_piles(page, snap: dict) -> None:
    """Every pile is drawn with its count and top card: two per player with double piles."""
    view = snap["view"]
    mine = str(view["seat"])
    for seat, piles in view["double_piles"].items():
        # Every seat shows its piles, the person's own seat (at the bottom) too.
        where = f'.seat[data-engine-seat="{seat}"]'
        counts = page.eval_on_selector_all(f"{where} .pile .pile__count", "els => els.map((e) => e.textContent)")
        assert counts == [f"{p['count'] if p else 0} cards" for p in piles], (seat, counts, piles, mine)


def test_stealing_bundles_from_the_lobby_with_variations_played_to_the_end(server, browser, chromium_path):
    name = unique("sb")
    context, page, _user = logged_in(browser, server, name)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    rng = random.Random(name)

    # The lobby form shows the variations only for Stealing Bundles; three of them are chosen.
    page.goto(server.base + "/lobby/")
    page.select_option("#create-room [name=game]", "stealing_bundles")
    assert page.is_visible("[data-field=variations]") and page.is_visible("[data-field=seat_count]")
    assert page.is_hidden("[data-field=target]")
    assert page.locator("[data-field=variations] input[type=checkbox]").count() == 8
    page.fill("#create-room [name=name]", "Casita robada")
    for variation in VARIATIONS:
        page.check(f"#create-room [name=variations][value={variation}]")
    page.click("#create-room button[type=submit]")
    page.wait_for_url("**/rooms/*/")
    snap = wait_snapshot(page, "s.you.seat === 0 && s.you.host")
    options = snap["room"]["options"]
    assert {k for k, v in options.items() if v is True} == set(VARIATIONS), options
    assert snap["room"]["game"] == "stealing_bundles" and len(snap["room"]["seats"]) == 4
    page.evaluate(LOG_WATCH_JS)

    for seat in (1, 2, 3):
        page.click(f'.seat[data-seat="{seat}"] [data-action=add-bot]')
        wait_snapshot(page, f"!!s.room.seats[{seat}].bot")
    assert page.locator(".seat .badge--bot").count() == 3
    # The deal goes round from the seat after the last dealer: with seat 3 as the last dealer, the
    # person (seat 0) deals the first match and the log must say "you deal" in the second person.
    manage_shell(
        server.env,
        f"from rooms.models import Room\nRoom.objects.filter(code={snap['room']['code']!r}).update(dealer=3)",
    )
    dealt_by_me = 0

    matches = []
    previous_next = None
    must_seen = free_seen = 0
    kinds: set[str] = set()
    pile_choices = 0
    while len(matches) < 3 and (not matches or not must_seen):
        # Start (or, after a match, play again): capture being compulsory has to come up at least once.
        mark = page.evaluate("() => window.logged.length")
        page.click("#host-controls [data-action=start], #host-controls [data-action=new_match]")
        snap = wait_snapshot(page, "s.room.status === 'playing' && !!s.view")
        match_id = snap["room"]["match"]["id"]
        # The deal is announced with the dealer's name, or as "you deal" when the person deals.
        page.wait_for_function(f"() => window.logged.slice({mark}).some((t) => t.startsWith('Hand 1 dealt'))")
        dealt = [t for t in page.evaluate(f"() => window.logged.slice({mark})") if t.startswith("Hand 1 dealt")]
        dealer = snap["room"]["dealer"]
        if dealer == snap["you"]["seat"]:
            dealt_by_me += 1
            assert dealt == ["Hand 1 dealt; you deal."], dealt
        else:
            assert dealt == [f"Hand 1 dealt; {snap['room']['seats'][dealer]['name']} deals."], dealt
        assert match_id not in matches
        assert snap["room"]["match"]["seed"] is None  # secret while the match is played
        if matches:
            # Play again: the last match's result and hands leave the screen, the new fingerprint is
            # the one announced in advance, and the new match counts from zero.
            assert page.is_hidden("#result-panel")
            assert page.inner_text("#history").strip() == "—"
            assert snap["room"]["match"]["fingerprint"] == previous_next
            assert page.locator("#fair .verify-link").count() == 0
        turns = 0
        while True:
            snap = wait_snapshot(page, f"s.room.status !== 'playing' || ({my_turn_js()})", timeout=30000)
            if snap["room"]["status"] == "hand_over":  # not with these options, but never stuck
                page.click("#host-controls [data-action=next_hand]")
                wait_snapshot(page, "s.room.status === 'playing'")
                continue
            if snap["room"]["status"] != "playing":
                break
            turns += 1
            legal = snap["legal"]
            assert canon(highlighted_moves(page)) == canon(legal), f"match {len(matches) + 1}, turn {turns}"
            must = not any(m["type"] == "discard" for m in legal)
            note = page.inner_text("#capture-note").strip()
            if must:
                must_seen += 1
                assert note == "Capture is compulsory: you must take a card or a pile.", note
                if must_seen == 1:
                    shot(page, "stealing_bundles_must_capture")
                    page.screenshot(path="/tmp/sb_must_capture.png", full_page=True)
            else:
                free_seen += 1
                assert note == "", note
            check_piles(page, snap)
            # Steals and captures first (they are what the variations change), otherwise any move.
            takes = [m for m in legal if m["type"] != "discard"]
            move = rng.choice(takes if takes and rng.random() < 0.8 else legal)
            kinds.add(move["type"])
            pile_choices += "pile" in move
            play_with_clicks(page, snap, move)
        assert snap["room"]["status"] == "match_over", snap["room"]["status"]
        assert turns >= 5
        matches.append(match_id)
        check_match_end(server, page, snap, match_id)
        previous_next = snap["room"]["match"]["next_fingerprint"]
    assert must_seen >= 1 and free_seen >= 1, (must_seen, free_seen)
    # The log names the person in the third person where the sentence needs it ("X stole Y's pile").
    logged = page.evaluate("() => window.logged")
    assert not [t for t in logged if "you's" in t.lower() or "you deals" in t.lower()], logged
    assert dealt_by_me >= 1  # the first match was the person's deal
    # A pile stolen from the person is "your pile", never the person's name in the third person.
    me = snap["room"]["seats"][0]["name"]
    assert not [t for t in logged if f"stole {me}'s pile" in t], logged
    assert all(t.startswith("Bot ") for t in logged if " stole your pile with " in t), logged
    assert any(" stole " in t for t in logged) or "steal" not in kinds
    assert pile_choices >= 1 and "capture" in kinds, (pile_choices, kinds)
    assert no_horizontal_scroll(page)
    assert not errors, errors
    context.close()


def check_match_end(server, page, snap: dict, match_id: int) -> None:
    """What the page shows at the end is what the server recorded."""
    room = snap["room"]
    match = room["match"]
    record = server_record(server, match_id)
    assert record["status"] == "over" and record["room_status"] == "match_over"
    assert record["options"]["double_piles"] and record["options"]["jacks_wild"]
    hands = record["hands"]
    assert len(hands) == 1 and hands[0]["over"] and hands[0]["moves"] > 0
    result = hands[0]["result"]
    # The engine, run again on the stored final state, gives the same scores the server kept.
    assert hands[0]["rescored"] == result["scores"], (hands[0]["rescored"], result["scores"])
    # Most cards wins (ties share), with the leftover table cards going to the last capturer.
    scores = result["scores"]
    best = max(scores.values())
    assert sorted(result["winners"]) == sorted(k for k, v in scores.items() if v == best)
    breakdown = result["breakdown"]
    piles, bonus = breakdown["piles"], breakdown["last_capture_bonus"]
    assert sum(piles.values()) + len(breakdown["centre_left"]) == 52
    assert sorted(bonus.values())[-1] == len(breakdown["centre_left"]) and sorted(bonus.values())[-2] == 0
    assert all(scores[k] == piles[k] + bonus[k] for k in scores)
    assert record["winners"] == result["winners"] == match["winners"]
    assert record["totals"] == match["totals"]
    assert record["room_history"][0]["result"] == result == room["history"][0]["result"]
    for key in scores:
        assert match["totals"][key] == (1 if key in result["winners"] else 0)

    # The result panel names the winner(s), as the table names seats.
    page.wait_for_selector("#result-panel:not([hidden])")
    strings = page.evaluate("() => JSON.parse(document.getElementById('mesa-strings').textContent)")
    seat_names = {
        str(s["index"]): (strings["you"] if s["index"] == snap["you"]["seat"] else s["name"]) for s in room["seats"]
    }
    names = ", ".join(seat_names[w] for w in record["winners"])
    expected = (strings["match_tie"] if len(record["winners"]) > 1 else strings["match_won"]).replace(
        "%(names)s", names
    )
    assert page.inner_text("#result .result__winners") == expected[0].upper() + expected[1:]
    result_dialog_in_view(page)
    # The breakdown is the engine's result, seat by seat (its keys are engine seats, named through the
    # hand's seat map): cards in piles, the leftover table cards of the last capture bonus, the cards
    # that count and the match point the game gave; then the leftover cards and how the match counts.
    G = strings["game"]
    engine = result["engine"]
    seat_map = record["room_history"][0]["seat_map"]
    assert all(breakdown["active"].values())
    assert engine["breakdown"] == breakdown and engine["winners"] == [
        k for k in sorted(engine["scores"], key=int) if str(seat_map[int(k)]) in result["winners"]
    ]
    head = table_rows(page, "#result table.breakdown thead tr")
    assert head == [["", G["piles_total"], G["bonus"], G["cards_total"], G["match_points"]]], head
    assert head[0][1:] == ["Cards in piles", "Last capture bonus", "Cards counted", "Match points"]
    rows = table_rows(page, "#result table.breakdown tbody tr")
    # The dialog's tables name your seat as its rating lines do: "name (you)".
    table_names = {
        k: (f"{s['name']} ({strings['you']})" if s["index"] == snap["you"]["seat"] else s["name"])
        for k, s in ((str(s["index"]), s) for s in room["seats"])
    }
    want = []
    for k in sorted(piles, key=int):
        room_key = str(seat_map[int(k)])
        assert engine["scores"][k] == scores[room_key] == piles[k] + bonus[k]
        assert engine["match_points"][k] == match["totals"][room_key]
        want.append(
            [table_names[room_key], str(piles[k]), str(bonus[k]), str(scores[room_key]), str(match["totals"][room_key])]
        )
    assert rows == want, (rows, want)
    won_rows = page.eval_on_selector_all(
        "#result table.breakdown tbody tr.won", "els => els.map((e) => e.dataset.engineSeat)"
    )
    assert won_rows == engine["winners"], (won_rows, engine["winners"])
    left = len(breakdown["centre_left"])
    taker = [k for k in piles if bonus[k]]
    notes = []
    if taker:
        template = G["bonus_to_1"] if left == 1 else G["bonus_to"]
        notes.append(fill(template, n=str(left), name=seat_names[str(seat_map[int(taker[0])])]))
    elif left:
        notes.append(G["centre_left_1"] if left == 1 else fill(G["centre_left"], n=str(left)))
    notes.append(G["scoring_wins"])  # one game, counted in games won (the default match_scoring)
    assert record["options"]["match_scoring"] == "wins" and record["options"]["match_games"] == 1
    shown = page.eval_on_selector_all("#result .sb-result__note", "els => els.map((e) => e.textContent)")
    assert shown == notes, (shown, notes)
    page.locator("#result-panel").screenshot(path=f"/tmp/sb_result_panel_{match_id}.png")
    # The history: one row with each seat's cards and, in brackets, the running match total (games
    # won, as the match is counted), which adds up to the totals at the foot.
    body = table_rows(page, "#history table.history tbody tr")
    won = {k: record["totals"][k] for k in scores}
    assert body == [["1", *(f"{scores[k]} ({won[k]})" for k in ("0", "1", "2", "3"))]], body
    marked = page.eval_on_selector_all("#history tbody td.won", "els => els.length")
    assert marked == len(result["winners"])
    foot = table_rows(page, "#history table.history tfoot tr")
    assert foot == [["Total", *(str(record["totals"][k]) for k in ("0", "1", "2", "3"))]], foot

    # Fairness: the seed is revealed, matches the fingerprint shown from the start, and links to verify.
    assert match["seed"] == record["seed"]
    assert hashlib.sha256(record["seed"].encode()).hexdigest() == record["fingerprint"] == match["fingerprint"]
    hashes = page.eval_on_selector_all("#fair code.hash", "els => els.map((e) => e.textContent)")
    assert record["fingerprint"] in hashes and record["seed"] in hashes
    verify = match["verify_url"]
    assert page.get_attribute("#fair .verify-link", "href") == verify
    assert page.get_attribute("#result a", "href") == verify
    assert page.is_visible("#host-controls [data-action=new_match]")
    assert "The match is over." in page.inner_text("#announcer")
    page.screenshot(path=f"/tmp/sb_match_over_{match_id}.png", full_page=True)
    result_at_both_sizes(page, "stealing_bundles_match_over")
    assert snapshot(page)["room"]["status"] == "match_over"
