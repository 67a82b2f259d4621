"""The error pages: the site's layout, the reader's language, a way back to the lobby, nothing leaked.

Run with DEBUG off (pytest-django's default), so Django uses config.urls' handlers."""

import pytest
from django.test import Client

from rooms import services
from rooms.models import Room

# What each page says, per language: (status, heading).
HEADINGS = {
    ("404", "pt-br"): "Página não encontrada",
    ("404", "en"): "Page not found",
    ("403", "pt-br"): "Você não tem permissão para fazer isso",
    ("403", "en"): "You are not allowed to do this",
    ("400", "pt-br"): "Não foi possível entender este pedido",
    ("400", "en"): "This request could not be understood",
    ("500", "pt-br"): "Algo deu errado do nosso lado",
    ("500", "en"): "Something went wrong on our side",
    ("410", "pt-br"): "Esta sala está fechada",
    ("410", "en"): "This room is closed",
}
LANGUAGES = ["pt-br", "en"]


def _reader(client, language: str):
    if language == "en":
        client.cookies["django_language"] = "en"
    return client


def _styled(content: str, language: str) -> None:
    """The site's layout: its stylesheet, header and footer, the page's language, the lobby link."""
    assert f'<html lang="{language}">' in content
    assert "/static/css/site.css" in content
    assert 'class="site-header"' in content and 'class="site-footer"' in content
    assert 'href="/lobby/"' in content
    assert '<meta name="description"' in content
    assert "Traceback" not in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_room_shows_the_styled_404(client, alice, language):
    client.force_login(alice)
    response = _reader(client, language).get("/rooms/NOPE42/")
    assert response.status_code == 404
    content = response.content.decode()
    _styled(content, language)
    assert HEADINGS[("404", language)] in content
    assert ("Voltar ao salão" if language == "pt-br" else "Back to the lobby") in content
    assert "Not Found</h1>" not in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_404_never_shows_what_was_looked_up(client, alice, language):
    """rooms.views.verify_by_number raises Http404("no such match"): the message stays out."""
    client.force_login(alice)
    response = _reader(client, language).get("/matches/12345/verify/")
    assert response.status_code == 404
    content = response.content.decode()
    _styled(content, language)
    assert "no such match" not in content
    assert "12345" not in content.replace('value="/matches/12345/verify/"', "")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_form_shows_the_styled_403(alice, language):
    client = _reader(Client(enforce_csrf_checks=True), language)
    client.force_login(alice)
    response = client.post("/lobby/", {"game": "rouba_monte", "name": "x"})
    assert response.status_code == 403
    content = response.content.decode()
    _styled(content, language)
    assert HEADINGS[("403", language)] in content
    assert "CSRF" not in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_malformed_request_shows_the_styled_400(client, alice, language):
    """More form fields than DATA_UPLOAD_MAX_NUMBER_FIELDS: Django refuses the request with 400."""
    client.force_login(alice)
    fields = {f"f{i}": "x" for i in range(1100)}
    response = _reader(client, language).post("/lobby/", fields)
    assert response.status_code == 400
    content = response.content.decode()
    _styled(content, language)
    assert HEADINGS[("400", language)] in content
    assert "TooManyFields" not in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_failure_shows_the_styled_500_without_the_error(alice, language, monkeypatch):
    """The page is rendered without the request's context: no user, no session, no form."""

    def broken(*args, **kwargs):
        raise RuntimeError("seed=deadbeef secret detail")

    monkeypatch.setattr("config.views.rule_games", broken)
    client = _reader(Client(raise_request_exception=False), language)
    client.force_login(alice)
    response = client.get("/rules/buraco/")
    assert response.status_code == 500
    content = response.content.decode()
    _styled(content, language)
    assert HEADINGS[("500", language)] in content
    assert "deadbeef" not in content and "RuntimeError" not in content
    assert "alice" not in content
    assert "csrfmiddlewaretoken" not in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_closed_room_link_says_it_expired(client, alice, language):
    room = services.create_room(alice, "rouba_monte", "Old table", is_public=True)
    Room.objects.filter(pk=room.pk).update(status=Room.Status.CLOSED)
    client.force_login(alice)
    response = _reader(client, language).get(f"/rooms/{room.code}/")
    assert response.status_code == 410
    content = response.content.decode()
    _styled(content, language)
    assert HEADINGS[("410", language)] in content
    assert "Old table" not in content


@pytest.mark.django_db
def test_the_error_templates_render_without_a_request():
    """A handler may be reached before any middleware ran: the templates need no request."""
    from django.template import loader

    for name in ("400", "403", "404", "500", "room_closed"):
        html = loader.get_template(f"errors/{name}.html").render({"bare": True})
        assert 'href="/lobby/"' in html
