"""The admin read in pt-BR is Portuguese throughout (issue "The table on a phone is a card game"): Django's
own "Modificar" on the change links (not a rating's "Variação"), every permission of a group's and a
user's lists in Portuguese, and no "Adicionar outro(a)" under a read-only match's hands."""

import re

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)

OPTIONS = re.compile(r"<option value=\"\d+\"[^>]*>([^<]*)</option>")


def reader(user, language="pt-br") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def test_the_change_links_read_modificar(staff):
    html = reader(staff).get(reverse("admin:index")).content.decode()
    assert "Modificar" in html
    assert "Variação" not in html


def test_the_ratings_change_column_keeps_its_word(staff):
    from django.utils import translation

    from rooms.templatetags.mesa_table import table_strings

    with translation.override("pt-br"):
        assert table_strings("buraco")["rating_change"] == "Variação"


@pytest.mark.parametrize("url", ["admin:auth_group_add", "staff_change"])
def test_every_permission_is_listed_in_portuguese(staff, url):
    target = reverse("admin:accounts_user_change", args=[staff.pk]) if url == "staff_change" else reverse(url)
    html = reader(staff).get(target).content.decode()
    names = OPTIONS.findall(html)
    permissions = [n for n in names if n.count(" | ") == 2]
    assert len(permissions) > 40, names[:5]
    english = [n for n in permissions if re.search(r"\bCan\b", n)]
    assert not english, english[:5]
    assert any(n.endswith("| sala | Pode modificar sala") for n in permissions), permissions[:10]
    assert any(n.endswith("Pode pausar e retomar uma sala") for n in permissions)


def test_a_read_only_match_offers_no_hand_to_add(leaver_match, staff):
    _room, match = leaver_match
    html = reader(staff).get(reverse("admin:rooms_match_change", args=[match.pk])).content.decode()
    assert "Mão 1" in html
    # The inline's formset allows no form more than it shows: its script draws no "add another" link.
    assert 'name="hands-MAX_NUM_FORMS" value="0"' in html
