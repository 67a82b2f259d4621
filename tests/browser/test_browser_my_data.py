"""A player's own data in the browser: the page reached from the profile, the JSON download, the deletion
after the password, at the phone's size (390x844, touch) and the desktop's (1280x800)."""

import json

import pytest
from conftest import logged_in, no_horizontal_scroll, shot, unique

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PASSWORD = "a-Strong-pass-123"  # tests/live.py gives every user made there this password


@pytest.mark.parametrize("size,touch,label", [((390, 844), True, "phone"), ((1280, 800), False, "desktop")])
def test_download_then_delete_the_account(server, browser, size, touch, label):
    name = unique("data")
    context, page, _ = logged_in(browser, server, name, viewport=size, touch=touch)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/accounts/profile/")
    page.click("[data-my-data-link]")
    page.wait_for_url("**/accounts/data/")
    assert no_horizontal_scroll(page)
    download_button, delete_button = (
        page.locator("[data-my-data-download]"),
        page.locator("[data-delete-account] button"),
    )
    for control in (download_button, delete_button):
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
        assert box["height"] >= 40  # a finger's target
    shot(page, f"my_data_{label}")
    with page.expect_download() as info:
        download_button.click()
    with open(info.value.path()) as f:
        data = json.load(f)
    assert data["account"]["username"] == name and data["account"]["email"] == f"{name}@example.com"
    assert set(data) >= {"ratings", "rating_changes", "matches", "chat_messages", "chat_reports"}
    # A wrong password deletes nothing and says so; the right one deletes and logs out.
    page.fill("#id_password", "not-my-password")
    delete_button.click()
    assert page.locator(".field--error, .errorlist").first.is_visible()
    assert "not your password" in page.content()
    page.fill("#id_password", PASSWORD)
    page.locator("[data-delete-account] button").click()
    page.wait_for_url(f"{server.base}/")
    assert "Your account is deleted" in page.content()
    page.goto(f"{server.base}/accounts/profile/")
    assert "/accounts/login/" in page.url
    assert errors == []
    context.close()
