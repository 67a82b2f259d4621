"""Site-wide pages: home, the rules of each game, and a health probe."""

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import get_language

from games import registry
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
    return render(request, f"rules/{game}.{language}.html", {"game": game, "games": games})


def health(request):
    """Liveness plus the age of the last periodic heartbeat (beat and worker alive)."""
    beat = Heartbeat.objects.filter(name="heartbeat").first()
    age = (timezone.now() - beat.last_run).total_seconds() if beat else None
    return JsonResponse({"ok": True, "heartbeat_age": age})
