"""The Portuguese catalogue: complete, compiled, and what the pages actually show.

Every msgid is English and every one needs a pt-BR msgstr. The table scripts get
their words from ``rooms/templatetags/mesa_table.py`` through ``json_script``, so
those strings are checked both as rendered into a page and straight from the tags.
"""

import ast
import gettext
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from lobby.templatetags import mesa_lobby
from rooms import services
from rooms.templatetags import mesa_table
from tests.conftest import missing

LOCALE_DIR = Path(settings.BASE_DIR) / "locale" / "pt_BR" / "LC_MESSAGES"
PO = LOCALE_DIR / "django.po"
MO = LOCALE_DIR / "django.mo"
GAMES = ["rouba_monte", "stealing_bundles", "crazy_eights", "buraco"]


# --- a tiny .po reader ------------------------------------------------------------------------


def read_po(path: Path) -> list[dict]:
    """The entries of a .po file (header excluded), each with its fields, flags and line."""
    entries, entry, field = [], None, None

    def finish():
        if entry is not None and entry.get("msgid", "") != "":
            entries.append(entry)

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line:
            finish()
            entry, field = None, None
            continue
        if entry is None:
            entry = {"flags": set(), "line": number, "obsolete": False}
        if line.startswith("#~"):
            entry["obsolete"] = True
        elif line.startswith("#,"):
            entry["flags"].update(flag.strip() for flag in line[2:].split(",") if flag.strip())
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[field] += ast.literal_eval(line)
        else:
            match = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(\".*\")$", line)
            assert match, f"{path.name}:{number}: cannot read {line!r}"
            field = match.group(1)
            entry[field] = ast.literal_eval(match.group(2))
    finish()
    return entries


def msgstrs(entry: dict) -> list[str]:
    return [value for key, value in sorted(entry.items()) if key.startswith("msgstr")]


def describe(entry: dict) -> str:
    context = f"[{entry['msgctxt']}] " if "msgctxt" in entry else ""
    return f"line {entry['line']}: {context}{entry['msgid']!r}"


PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}")
HTML_TAG = re.compile(r"</?[a-zA-Z][^>]*>")


@pytest.fixture(scope="module")
def entries():
    return read_po(PO)


def test_the_catalogue_has_entries(entries):
    assert len(entries) > 300
    assert not [describe(e) for e in entries if e["obsolete"]], "remove obsolete entries (--no-obsolete)"


def test_every_entry_is_translated(entries):
    empty = [describe(e) for e in entries if not all(msgstrs(e)) or not msgstrs(e)]
    assert not empty, "untranslated entries:\n" + "\n".join(empty)


def test_no_entry_is_fuzzy(entries):
    fuzzy = [describe(e) for e in entries if "fuzzy" in e["flags"]]
    assert not fuzzy, "check these translations and remove the fuzzy flag:\n" + "\n".join(fuzzy)


def test_placeholders_match(entries):
    wrong = []
    for entry in entries:
        expected = Counter(PLACEHOLDER.findall(entry["msgid"]))
        for text in msgstrs(entry):
            if Counter(PLACEHOLDER.findall(text)) != expected:
                wrong.append(f"{describe(entry)} -> {text!r}")
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


def test_html_in_msgids_is_kept(entries):
    wrong = []
    for entry in entries:
        expected = Counter(HTML_TAG.findall(entry["msgid"]))
        for text in msgstrs(entry):
            if Counter(HTML_TAG.findall(text)) != expected:
                wrong.append(f"{describe(entry)} -> {text!r}")
    assert not wrong, "HTML tags differ:\n" + "\n".join(wrong)


# --- the compiled catalogue -------------------------------------------------------------------


def test_mo_is_not_older_than_po():
    # Two seconds of slack: a fresh checkout writes both files in whatever order it likes.
    assert MO.stat().st_mtime >= PO.stat().st_mtime - 2, (
        "django.po changed after django.mo was compiled: run "
        "`.venv/bin/python manage.py compilemessages --ignore=.venv` and commit the .mo"
    )


def test_mo_holds_every_translation_of_the_po(entries):
    with MO.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    stale = []
    for entry in entries:
        if "msgid_plural" in entry:
            got = [
                catalogue.npgettext(entry["msgctxt"], entry["msgid"], entry["msgid_plural"], n)
                if "msgctxt" in entry
                else catalogue.ngettext(entry["msgid"], entry["msgid_plural"], n)
                for n in (1, 2)
            ]
            want = [entry["msgstr[0]"], entry["msgstr[1]"]]
        elif "msgctxt" in entry:
            got, want = catalogue.pgettext(entry["msgctxt"], entry["msgid"]), entry["msgstr"]
        else:
            got, want = catalogue.gettext(entry["msgid"]), entry["msgstr"]
        if got != want:
            stale.append(describe(entry))
    assert not stale, "django.mo is out of date; run compilemessages. Differs for:\n" + "\n".join(stale)


# --- the table scripts' strings ---------------------------------------------------------------

# Leaves that read the same in both languages: names, numbers, units and loanwords.
SAME_IN_BOTH = {
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "Rouba Monte",
    "Stealing Bundles",
    "Crazy Eights",
    "Buraco",
    "bot",
    "bot (%(level)s)",
    "%(n)s bot",
    "normal",
    "%(n)s s",
    "%(n)s bots",
    "Total",
    "Morto",
    "Canastras",
    "Rating %(n)s",  # the rating's word in both languages (docs/ratings.md)
    "Rating",
    "Jogador %(tag)s",  # a deleted account's pseudonym as records store it, matched by the script
}


def leaves(value, path=""):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}.{key}" if path else key)
    else:
        yield path, value


def both_languages(make):
    with translation.override("en"):
        english = dict(leaves(make()))
    with translation.override("pt-br"):
        portuguese = dict(leaves(make()))
    return english, portuguese


@pytest.mark.parametrize(
    "make",
    [
        *(lambda game=game: mesa_table.table_strings(game) for game in GAMES),
        mesa_lobby.lobby_strings,
        mesa_table.verify_strings,
    ],
    ids=[*GAMES, "lobby", "verify"],
)
def test_script_strings_are_translated(make):
    english, portuguese = both_languages(make)
    assert english.keys() == portuguese.keys()
    untranslated = [
        f"{path}: {english[path]!r}"
        for path in english
        if english[path] == portuguese[path] and english[path] not in SAME_IN_BOTH
    ]
    assert not untranslated, "still English in pt-BR:\n" + "\n".join(untranslated)


def test_card_names_read_as_brazilian_players_say_them():
    with translation.override("pt-br"):
        strings = mesa_table.table_strings("rouba_monte")
    assert strings["suits"] == {"C": "paus", "D": "ouros", "H": "copas", "S": "espadas"}
    assert [strings["ranks"][r] for r in "AJQK"] == ["ás", "valete", "dama", "rei"]
    assert strings["card_name"] % {"rank": "ás", "suit": "copas"} == "ás de copas"
    assert strings["game"]["your_pile"] == "Seu monte"
    with translation.override("pt-br"):
        buraco = mesa_table.table_strings("buraco")["game"]
    assert buraco["take_pile"] == "Pegar a lixeira"
    assert buraco["canastra"]["clean"] == "canastra limpa"
    assert buraco["canastra"]["dirty"] == "canastra suja"


# --- pages rendered in Portuguese -------------------------------------------------------------


def script_json(content: str, element_id: str) -> dict:
    match = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', content, re.S)
    assert match, f"no json_script #{element_id} in the page"
    return json.loads(match.group(1))


@pytest.fixture
def player(client, django_user_model):
    user = django_user_model.objects.create_user("bia", "bia@example.com", "pw-for-bia-123")
    client.force_login(user)
    return user


def get(client, url, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_lobby_in_portuguese(client, player):
    content = get(client, "/lobby/", "pt-br")
    for text in ("Salas públicas", "Minhas salas", "Crie uma sala", "Criar a sala", "Todos os jogos", "Conectando…"):
        assert text in content
    for text in ("Public rooms", "My rooms", "Create the room", "All games", "Connecting…"):
        assert text not in content
    strings = script_json(content, "mesa-strings")
    assert strings["join"] == "Entrar"
    assert strings["watch"] == "Assistir"
    assert strings["no_rooms"] == "Nenhuma sala pública agora: crie uma!"


@pytest.mark.django_db
def test_lobby_in_english_still_english(client, player):
    content = get(client, "/lobby/", "en")
    assert "Public rooms" in content and "Create the room" in content
    assert "Salas públicas" not in content
    assert script_json(content, "mesa-strings")["join"] == "Join"


@pytest.mark.django_db
def test_table_page_in_portuguese(client, player):
    room = services.create_room(player, "rouba_monte", "Mesa")
    content = get(client, f"/rooms/{room.code}/", "pt-br")
    for text in (
        "Controles do anfitrião",
        "Embaralhamento justo",
        "Descartar na mesa",
        "Cartas da mesa",
        "Convidar",
        "Copiar o link",
        "Nenhuma mão terminou ainda.",
    ):
        assert text in content
    for text in (
        "Host controls",
        "Fair shuffle",
        "Discard to the table",
        "Table cards",
        "Copy link",
        "No hand finished yet.",
    ):
        assert text not in content
    strings = script_json(content, "mesa-strings")
    assert strings["your_turn"] == "Sua vez"
    assert strings["sit"] == "Sentar aqui"
    assert strings["errors"]["not_host"] == "Só o anfitrião pode fazer isso."
    assert strings["game"]["steal_option"] == "Roubar este monte com %(card)s"
    english, _ = both_languages(lambda: mesa_table.table_strings("rouba_monte"))
    rendered = dict(leaves(strings))
    assert not [path for path, text in rendered.items() if text == english[path] and text not in SAME_IN_BOTH]


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["crazy_eights", "buraco"])
def test_other_tables_in_portuguese(client, player, game):
    room = services.create_room(player, game, "Mesa")
    content = get(client, f"/rooms/{room.code}/", "pt-br")
    expected = {
        "crazy_eights": ("Comprar", "Passar", "Escolha o naipe do seu oito"),
        "buraco": ("Comprar do monte", "Pegar a lixeira", "Baixar as cartas selecionadas"),
    }[game]
    for text in expected:
        assert text in content
    assert "Draw from the stock" not in content and "Host controls" not in content


# --- every string of the source is in the catalogue ------------------------------------------


def test_every_string_the_source_marks_is_in_the_catalogue(tmp_path):
    """`makemessages` over a copy of the tracked source finds no string the catalogue lacks.

    A string marked for translation but missing from the .po is shown in English to a pt-BR
    reader, and msgmerge hides it as a "fuzzy" guess (the play-now box said "Rated" while the
    room's mark said "Ranqueada": one had a context, the other not). Run on a copy, since
    makemessages rewrites the catalogue it reads."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        missing("gettext (xgettext, msgmerge)")
    root = Path(settings.BASE_DIR)
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode().split("\0")):
        source = root / name
        if source.is_file() and not name.endswith(".mo"):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, tmp_path / name)
    ignored = ["--ignore=.venv", "--ignore=var", "--ignore=tests", "--ignore=bench", "--ignore=node_modules"]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "pt_BR", "--no-obsolete", *ignored],
        cwd=tmp_path,
        capture_output=True,
        check=True,
    )
    found = read_po(tmp_path / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po")
    lacking = [describe(e) for e in found if "fuzzy" in e["flags"] or not all(msgstrs(e))]
    assert not lacking, "marked in the source, missing from the catalogue:\n" + "\n".join(lacking)
