"""The choices the room layer's columns store: the site's games and the bots' levels."""

from django.utils.translation import gettext_lazy as _

from games import registry

# The site's games, as their declarations name them (games/*/spec.py).
# The stored choices carry the English names (the migrations do not follow the reader's
# language); pages name a game with the `game_name` filter (rooms/templatetags/mesa_games.py).
GAME_CHOICES = [(spec.name, spec.display_name("en")) for spec in registry.specs()]
BOT_LEVELS = [("easy", _("easy")), ("normal", _("normal")), ("hard", _("hard"))]
