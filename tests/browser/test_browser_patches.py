"""The table page takes changes as patches and draws exactly what a whole snapshot would show."""

import json

import pytest
from conftest import create_room, logged_in, my_turn_js, snapshot, unique, wait_snapshot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_the_page_rebuilds_each_change_from_its_patch(server, browser):
    name = unique("patch")
    context, page, _user = logged_in(browser, server, name)
    code = create_room(server, name, "crazy_eights", bots=3, level="easy", time_limit=60, start=True)
    frames: list[dict] = []
    page.on(
        "websocket",
        lambda ws: (
            ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))
            if "/ws/rooms/" in ws.url
            else None
        ),
    )
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/rooms/{code}/")
    first = wait_snapshot(page, "s.room.status === 'playing'")
    # Play until the bots have moved a few times; each of their moves reached the page as a patch.
    for _ in range(12):
        snap = wait_snapshot(page, my_turn_js(), timeout=30000)
        if sum(f.get("type") == "patch" for f in frames) >= 6 or snap["room"]["status"] != "playing":
            break
        page.evaluate(
            "() => { const s = window.mesaTable.snapshot; window.mesaTable.send('move', {version: s.version, move: s.legal[0]}); }"
        )
        page.wait_for_function(f"() => window.mesaTable.snapshot.version > {snap['version']}", timeout=30000)
    patches = [f for f in frames if f.get("type") == "patch"]
    assert len(patches) >= 3, [f.get("type") for f in frames]
    assert all(len(json.dumps(p)) < 2500 for p in patches)
    assert snapshot(page)["room"]["version"] > first["room"]["version"]
    # What the patches built equals what the server sends whole when asked.
    wait_snapshot(page, my_turn_js(), timeout=30000)
    held = snapshot(page)
    page.evaluate("() => window.mesaTable.send('snapshot')")
    page.wait_for_function("() => !!window.mesaTable.wire && 'chat' in window.mesaTable.wire", timeout=20000)
    whole = snapshot(page)
    assert whole["room"]["version"] == held["room"]["version"]
    for part in ("view", "legal", "you", "version"):
        assert whole[part] == held[part], part
    for key in ("seats", "match", "status", "deadline", "last_move", "players", "history_key"):
        assert whole["room"][key] == held["room"][key], key
    assert not errors, errors
    context.close()
