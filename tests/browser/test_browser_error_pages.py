"""An unknown room shows the styled 404 (the site's stylesheet applied, the reader's language,
the way back to the lobby in view) on a phone and a desktop, in pt-BR and English."""

import pytest
from conftest import logged_in, no_horizontal_scroll, outside_viewport, shot, unique
from test_browser_layout import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WORDS = {"pt-br": ("Página não encontrada", "Voltar ao salão"), "en": ("Page not found", "Back to the lobby")}


@pytest.mark.parametrize("language", ["pt-br", "en"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_an_unknown_room_shows_the_styled_page(server, browser, chromium_path, language, size):
    phone = size == "phone"
    context, page, _user = logged_in(
        browser, server, unique("lost"), viewport=PHONE if phone else (1280, 800), touch=phone
    )
    context.add_cookies([{"name": "django_language", "value": language, "domain": "127.0.0.1", "path": "/"}])
    response = page.goto(f"{server.base}/rooms/NOSUCHROOM/")
    assert response.status == 404
    heading, back = WORDS[language]
    assert page.locator("html").get_attribute("lang") == language
    assert page.locator("h1").inner_text() == heading
    # The stylesheet is applied: the header is laid out as a flex row and the link is a button.
    assert page.evaluate("getComputedStyle(document.querySelector('.site-header__inner')).display") == "flex"
    link = page.get_by_role("link", name=back)
    assert link.evaluate("e => getComputedStyle(e).display") != "inline"
    assert outside_viewport(page, ".error-panel h1", ".error-panel .button") == []
    assert no_horizontal_scroll(page)
    shot(page, f"error-404-{size}-{language}")
    link.click()
    page.wait_for_url(f"{server.base}/lobby/")
    context.close()
