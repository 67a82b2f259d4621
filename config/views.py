"""Site-wide pages: home, the rules of each game, and a health probe."""

from django.conf import settings
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import registry
from ratings import bot_strength as bot_strength_records
from ratings import method
from rooms.models import Heartbeat


def rule_games() -> tuple[str, ...]:
    """The games with a rules page, from their declarations."""
    return tuple(s.name for s in registry.specs() if s.rules_page)


def home(request):
    return render(request, "home.html", {"games": rule_games()})


def rules(request, game: str):
    games = rule_games()
    if game not in games:
        raise Http404("unknown game")
    language = "en" if (get_language() or "").startswith("en") else "pt"
    context = {
        "game": game,
        "games": games,
        "bot_strength": bot_strength(game),
        "hints_per_hand": settings.HINTS_PER_HAND,
    }
    return render(request, f"rules/{game}.{language}.html", context)


def bot_strength(game: str) -> dict | None:
    """What the rules page says of the bots: each pairing's measured share per seating and each level's rating.

    The shares come from ratings.bot_strength (the fit or a longer benchmark run, whichever
    decided more games); the ratings are the fitted ones of ratings/bot_ratings.json.
    """
    if not method.fitted_bots().get(game):
        return None
    names = {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard")}
    teams = registry.spec(game).teams
    rows = []
    for record in bot_strength_records.measured(game, teams):
        stronger, weaker = record["pairing"].split("_")
        rows.append(
            {
                "key": record["pairing"],
                "seats": record["seats"],
                "unit": record["unit"],
                "decided": number_format(record["decided"], force_grouping=True),
                "stronger": names[stronger],
                "weaker": names[weaker],
                "share": round(100 * record["share"]),
            }
        )
    levels = [{"key": lv, "name": names[lv], "shown": method.bot_shown(lv, game)} for lv in ("easy", "normal", "hard")]
    return {"rows": rows, "levels": levels, "teams": teams}


def health(request):
    """Liveness plus the age of the last periodic heartbeat (beat and worker alive)."""
    beat = Heartbeat.objects.filter(name="heartbeat").first()
    age = (timezone.now() - beat.last_run).total_seconds() if beat else None
    return JsonResponse({"ok": True, "heartbeat_age": age})
