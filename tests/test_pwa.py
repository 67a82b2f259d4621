"""The installable site's files (config/pwa.py): the favicon, the manifest and its icons, the service
worker and its offline page, and the links every page carries to them.

The browser's own verdict (installable, the offline page shown without a network) is in
tests/browser/test_browser_install.py."""

import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from config import pwa
from tests.security.test_http_hardening import _inline_code

STATIC = Path(settings.BASE_DIR) / "static"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def css_colour(name: str) -> str:
    """The first value of a custom property in static/css/site.css (the light scheme's)."""
    return re.search(rf"--{name}:\s*(#[0-9a-f]{{6}});", (STATIC / "css" / "site.css").read_text()).group(1)


def static_file(url: str) -> bytes:
    assert url.startswith(settings.STATIC_URL)
    return (STATIC / url.removeprefix(settings.STATIC_URL)).read_bytes()


@pytest.mark.django_db
def test_the_favicon_is_an_ico_at_the_root(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    body = response.content
    reserved, kind, count = struct.unpack("<HHH", body[:6])
    assert (reserved, kind) == (0, 1) and count == 3
    sizes = []
    for i in range(count):
        width, height, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", body[6 + 16 * i : 22 + 16 * i])
        assert png_size(body[offset : offset + length]) == (width, height)
        sizes.append(width)
    assert sizes == [16, 32, 48]


@pytest.mark.django_db
def test_the_manifest_names_the_app_its_colours_and_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == manifest["short_name"] == "Mesa"
    assert manifest["lang"] == "pt-BR"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["description"].startswith("Jogue Rouba Monte")
    # The header's felt and the page's ground (static/css/site.css).
    assert manifest["theme_color"] == css_colour("felt")
    assert manifest["background_color"] == css_colour("bg")
    icons = {(icon["sizes"], icon["purpose"]): icon for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), icon in icons.items():
        assert icon["type"] == "image/png"
        width, height = png_size(static_file(icon["src"]))
        assert f"{width}x{height}" == sizes


def test_the_maskable_icon_fills_its_square():
    """A launcher cuts its own shape out of a maskable icon: no clear corner may show through."""
    data = static_file("/static/img/icon-maskable-512.png")
    colour_type = data[25]
    assert colour_type == 2  # RGB, no alpha channel at all


@pytest.mark.django_db
def test_the_service_worker_controls_the_whole_site(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    first, _, script = response.content.decode().partition("\n")
    assert first.startswith("self.MESA_OFFLINE = {") and script == (STATIC / "js" / "sw.js").read_text()
    assert '"page": "/offline/"' in first
    assert '"/static/css/site.css"' in first and '"/static/img/logo.svg"' in first


def test_the_workers_version_follows_the_offline_pages_files(monkeypatch, rf):
    before = pwa.service_worker(rf.get("/sw.js")).content.decode().partition("\n")[0]
    monkeypatch.setattr(pwa, "offline_assets", lambda: ["/static/css/site.0123abcd.css"])
    after = pwa.service_worker(rf.get("/sw.js")).content.decode().partition("\n")[0]
    version = re.compile(r'"version": "(\w+)"')
    assert version.search(before).group(1) != version.search(after).group(1)


def test_the_worker_keeps_only_the_offline_page():
    """Pages, the server's answers and the sockets are live: the only thing put in a cache is the offline
    page and its files, at install and when the reader's language changes."""
    script = (STATIC / "js" / "sw.js").read_text()
    assert re.findall(r"cache\.(\w+)\(", script) == ["addAll", "match", "match", "put"]
    assert "cache.addAll([OFFLINE_PAGE, ...ASSETS])" in script
    assert "cache.put(OFFLINE_PAGE, fresh)" in script


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading", "retry"),
    [("pt-br", "A conexão caiu", "Tentar de novo"), ("en", "The connection is gone", "Try again")],
)
def test_the_offline_page_is_in_the_readers_language_and_holds_nothing_of_theirs(alice, language, heading, retry):
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(alice)
    response = client.get("/offline/")
    assert response.status_code == 200
    assert response["Content-Language"] == language
    content = response.content.decode()
    assert f'<html lang="{language}">' in content
    assert heading in content and f'href="" data-offline-retry>{retry}</a>' in content
    assert '<meta name="robots" content="noindex">' in content
    assert "alice" not in content and "csrfmiddlewaretoken" not in content and "site-notices" not in content
    assert _inline_code(content) == []


def _head_links(content: str) -> None:
    assert '<link rel="manifest" href="/manifest.webmanifest">' in content
    assert '<link rel="icon" href="/favicon.ico"' in content
    assert '<link rel="apple-touch-icon" href="/static/img/apple-touch-icon.png">' in content
    assert f'<meta name="theme-color" content="{pwa.THEME_COLOR}">' in content
    assert '<script src="/static/js/pwa.js" data-worker="/sw.js" defer></script>' in content


@pytest.mark.django_db
def test_every_page_links_the_manifest_the_icons_and_the_worker(client, alice, monkeypatch):
    _head_links(client.get("/").content.decode())
    client.force_login(alice)
    _head_links(client.get("/lobby/").content.decode())
    _head_links(client.get("/rooms/NOSUCHROOM/").content.decode())  # the error pages

    def broken(*args, **kwargs):
        raise RuntimeError("down")

    monkeypatch.setattr("config.views.rule_games", broken)
    failing = Client(raise_request_exception=False)
    response = failing.get("/rules/buraco/")
    assert response.status_code == 500
    _head_links(response.content.decode())  # the 500 page, rendered without the request
