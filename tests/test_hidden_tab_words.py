"""The words a hidden tab shows (static/js/attention.js): the title's prefixes and the notification button's."""

import pytest
from django.conf import settings
from django.utils import translation

from lobby.templatetags.mesa_site import site_strings
from rooms import services
from rooms.templatetags.mesa_table import table_strings


@pytest.mark.parametrize(
    ("language", "turn", "invitation"), [("pt-br", "(Sua vez)", "(Convite)"), ("en", "(Your turn)", "(Invitation)")]
)
def test_the_titles_prefixes_in_both_languages(language, turn, invitation):
    with translation.override(language):
        assert table_strings("buraco")["your_turn_title"] == turn
        assert site_strings()["invited_title"] == invitation


@pytest.mark.django_db
def test_the_table_offers_notifications_without_asking(client, alice):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pt-br"
    content = client.get(f"/rooms/{room.code}/").content.decode()
    # Hidden until the script finds a browser that has not been answered yet.
    assert "data-notify-ask hidden>Avisar quando for a minha vez</button>" in content
    assert 'data-on="Notificações ligadas: com esta aba em segundo plano' in content
    assert 'data-blocked="As notificações deste site estão bloqueadas neste navegador."' in content
