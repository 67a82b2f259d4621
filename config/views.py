"""Site-wide pages: home, the rules of each game, and a health probe."""

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import get_language

from games import registry
from rooms.models import Heartbeat

RULE_GAMES = registry.NAMES


def home(request):
    return render(request, "home.html", {"games": RULE_GAMES})


def rules(request, game: str):
    if game not in RULE_GAMES:
        raise Http404("unknown game")
    language = "en" if (get_language() or "").startswith("en") else "pt"
    return render(request, f"rules/{game}.{language}.html", {"game": game, "games": RULE_GAMES})


def health(request):
    """Liveness plus the age of the last periodic heartbeat (beat and worker alive)."""
    beat = Heartbeat.objects.filter(name="heartbeat").first()
    age = (timezone.now() - beat.last_run).total_seconds() if beat else None
    return JsonResponse({"ok": True, "heartbeat_age": age})
