"""Template tags naming the site's games from their declarations (games/*/spec.py)."""

from django import template
from django.utils.translation import get_language

from games import registry

register = template.Library()


@register.filter
def game_name(game: str) -> str:
    """A game's name for the reader ("Oito Maluco" in pt-BR, "Crazy Eights" in English)."""
    return registry.spec(game).display_name(get_language()) if game in registry.NAMES else game


@register.simple_tag
def game_pages() -> list[dict]:
    """The games with a rules page, in the site's order: ``name`` (for the URL) and ``title``."""
    language = get_language()
    return [{"name": s.name, "title": s.display_name(language)} for s in registry.specs() if s.rules_page]
