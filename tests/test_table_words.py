"""The table's words in pt-BR: contractions, plurals, one word per thing, the games' Brazilian names.

docs/ui.md lists the words chosen (bot, cadeira, E-mail, Dupla N, Oito Maluco)."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.utils import translation

from games import registry
from lobby.templatetags.mesa_lobby import lobby_strings
from rooms.templatetags.mesa_table import table_strings
from tests.conftest import missing

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"


def _fill(template: str, **values) -> str:
    return re.sub(r"%\((\w+)\)s", lambda m: str(values.get(m.group(1), "")), template)


def _msgstrs() -> list[str]:
    """Every pt-BR translation in the catalogue, each joined into one line."""
    out, current = [], None
    for line in PO.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgstr"):
            current = [json.loads(line.split(" ", 1)[1])]
            out.append(current)
        elif line.startswith('"') and current is not None:
            current.append(json.loads(line))
        else:
            current = None
    return ["".join(parts) for parts in out[1:]]  # the first is the header


def test_adding_to_a_run_reads_ao_jogo():
    with translation.override("pt-br"):
        template = table_strings("buraco")["game"]["add_run_desc"]
    line = _fill(template, name="ana", cards="5 de copas", first="6 de copas", last="9 de copas")
    assert line == "ana acrescentou 5 de copas ao jogo de 6 de copas a 9 de copas"


def test_no_translation_leaves_a_o_uncontracted():
    """ "a o", "de o", "em o" are always contracted in Portuguese ("ao", "do", "no")."""
    bad = [s for s in _msgstrs() if re.search(r"\b(a|de|em) o\b", s)]
    assert bad == []


@pytest.mark.parametrize(
    ("language", "one", "other"),
    [("pt-br", "1 ponto", "2 pontos"), ("en", "1 point", "2 points")],
)
def test_points_have_both_plural_forms(language, one, other):
    with translation.override(language):
        points = table_strings("crazy_eights")["points_n"]
    assert _fill(points["one"], n=1) == one
    assert _fill(points["other"], n=2) == other


def test_the_scripts_pick_the_plural_form_by_the_page_language():
    """static/js/cards.js `fill` on a counted phrase, with Intl.PluralRules as the browser has it."""
    if shutil.which("node") is None:
        missing("node")  # fails instead under MESA_REQUIRE_SERVICES=1, as in CI
    with translation.override("pt-br"):
        pt = table_strings("crazy_eights")
    with translation.override("en"):
        en = table_strings("crazy_eights")
    script = f"""
import {{ fill }} from {json.dumps((ROOT / "static" / "js" / "cards.js").as_uri())};
const pt = {json.dumps(pt["points_n"])}, en = {json.dumps(en["points_n"])};
const cards = {json.dumps(pt["cards_n"])};
console.log(JSON.stringify([fill(pt, {{n: 1}}, "pt-BR"), fill(pt, {{n: 2}}, "pt-BR"), fill(pt, {{n: 0}}, "pt-BR"), fill(en, {{n: 1}}, "en"),
  fill(en, {{n: 0}}, "en"), fill(cards, {{n: 1}}, "pt-BR"), fill(cards, {{n: 7}}, "pt-BR"), fill("%(n)s s", {{n: 3}})]));
"""
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True, timeout=60
    )
    # Zero is plural in Brazilian Portuguese ("0 pontos"), though Intl's rules for pt put it with one.
    assert json.loads(out.stdout) == [
        "1 ponto",
        "2 pontos",
        "0 pontos",
        "1 point",
        "0 points",
        "1 carta",
        "7 cartas",
        "3 s",
    ]


def test_one_word_for_a_bot_and_for_a_seat():
    """ "bot", never "robô"; a seat is a "cadeira" ("no lugar de", "in place of", is another word)."""
    strings = _msgstrs()
    assert [s for s in strings if re.search(r"robôs?\b", s, re.I)] == []
    seat_sense = re.compile(r"\b(um|o|este|do|seu|num|sem) lugar\b|\blugar (vazio|reservado|\d)|\blugar\?", re.I)
    assert [s for s in strings if seat_sense.search(s)] == []


@pytest.mark.django_db
def test_e_mail_is_spelled_e_mail_on_every_account_page(client):
    for url in ("/accounts/signup/", "/accounts/login/", "/accounts/password/reset/"):
        content = client.get(url).content.decode()
        labels = re.findall(r"<label[^>]*>([^<]*)</label>", content)
        assert not [label for label in labels if re.search(r"\bEmail\b", label)], url
    assert [s for s in _msgstrs() if re.search(r"\bEmail\b", s)] == []


def test_the_watching_banner_does_not_invite_to_a_full_table():
    with translation.override("pt-br"):
        strings = table_strings("buraco")
    assert "cadeira vazia" in strings["watching"]
    assert "vazia" not in strings["watching_full"] and "ocupadas" in strings["watching_full"]


def test_crazy_eights_names_the_rank_in_words():
    """The refusal names the pile's rank with the ranks' words ("dama", not "Q"), not as a "número"."""
    with translation.override("pt-br"):
        strings = table_strings("crazy_eights")
    assert strings["ranks"]["Q"] == "dama"
    line = _fill(strings["game"]["why_not_match"], card="7 de paus", suit="copas", rank=strings["ranks"]["Q"])
    assert line == "7 de paus: não pode ser jogada: não é de copas nem de valor dama."


@pytest.mark.parametrize(("language", "name"), [("pt-br", "Oito Maluco"), ("en", "Crazy Eights")])
def test_crazy_eights_is_oito_maluco_in_pt_br(language, name):
    assert registry.spec("crazy_eights").display_name(language) == name
    with translation.override(language):
        assert table_strings("crazy_eights")["game_name"] == name
        assert lobby_strings()["game_names"]["crazy_eights"] == name


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "name"), [("pt-br", "Oito Maluco"), ("en", "Crazy Eights")])
def test_a_crazy_eights_table_is_titled_in_the_readers_language(client, alice, language, name):
    from rooms import services

    room = services.create_room(alice, "crazy_eights", "Sexta", is_public=True)
    client.force_login(alice)
    if language == "en":
        client.cookies["django_language"] = "en"
    content = client.get(f"/rooms/{room.code}/").content.decode()
    assert f"<title>Sexta · {name} · Mesa</title>" in content
    lobby = client.get("/lobby/").content.decode()
    assert f"{name} ·" in lobby


def test_the_automatic_move_mark_needs_no_emoji_font():
    """The log's mark of a move made for an absent player is drawn (an SVG mask), not a glyph
    that shows as a box where no emoji font is installed."""
    css = (ROOT / "static" / "css" / "table.css").read_text(encoding="utf-8")
    rule = css[css.index(".log__auto::after {") :].split("}", 1)[0]
    assert 'content: "";' in rule
    assert 'mask: url("data:image/svg+xml,' in rule
    assert not re.search(r"[\u2300-\u23ff\U0001f000-\U0001faff]", rule)
