"""The room-creation form: the lobby's only input, validated before any service call.

Its game-specific fields are built from the games' declarations (games/spec.py):
seat counts and bots as each game allows, every option a game declares (a
checkbox among the variations for a true/false option, a choice for the
others). Each choice carries the games it belongs to (``data-games``) so the
lobby shows only the chosen game's; the server checks again in ``clean``.
"""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import get_language, gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from games import registry
from rooms.actions.setup import TIME_LIMITS
from rooms.models import BOT_LEVELS


def _seconds(n: int):
    """A label translated when shown, not when the module loads."""
    return lazy(lambda: gettext("%(s)d seconds") % {"s": n}, str)()


# The default's label is short enough for a phone's select; the lobby's script names the chosen
# game's own default in it ("Game default (20 s)", lobby_settings' ``default_time``).
TIME_CHOICES = [("default", _("Game default")), ("", _("No time limit"))] + [(str(s), _seconds(s)) for s in TIME_LIMITS]
VARIATIONS = "variations"  # the field of every true/false option


class GameChoices:
    """Marks each choice of a widget with the games it belongs to (``data-games``)."""

    def __init__(self, *args, games: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.games = games or {}

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        games = self.games.get(str(value))
        if games is not None:
            option["attrs"]["data-games"] = " ".join(games)
        return option


class GameSelect(GameChoices, forms.Select):
    pass


class GameCheckboxes(GameChoices, forms.CheckboxSelectMultiple):
    pass


def _games_by_value(pairs) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for value, game in pairs:
        out.setdefault(str(value), []).append(game)
    return out


def _option_fields(specs) -> dict[str, forms.Field]:
    """One field per option name over every game: the variations' checkboxes, then the choices."""
    flags, choices = {}, {}
    for spec in specs:
        for option in spec.options:
            (flags if option.kind is bool else choices).setdefault(option.name, []).append((spec, option))
    fields = {}
    if flags:
        fields[VARIATIONS] = forms.MultipleChoiceField(
            label=_("Variations"),
            choices=[(name, gettext_lazy(pairs[0][1].label)) for name, pairs in flags.items()],
            required=False,
            widget=GameCheckboxes(games={name: [s.name for s, _o in pairs] for name, pairs in flags.items()}),
        )
        fields[VARIATIONS].games = sorted({s.name for pairs in flags.values() for s, _o in pairs})
    for name, pairs in choices.items():
        offered = {}
        for _spec, option in pairs:
            for value, label in option.labelled_choices():
                offered.setdefault(value, gettext_lazy(label))
        first = pairs[0][1]
        field = forms.TypedChoiceField(
            label=gettext_lazy(first.label),
            choices=list(offered.items()),
            coerce=first.kind,
            initial=first.default,
            required=False,
            widget=GameSelect(
                games=_games_by_value((v, s.name) for s, o in pairs for v in o.choices),
            ),
        )
        field.games = [s.name for s, _o in pairs]
        fields[name] = field
    return fields


def default_time_label(seconds: int | None) -> str:
    """The time option "Game default" for one game, with what that default is."""
    limit = gettext("%(s)d s") % {"s": seconds} if seconds else gettext("no limit")
    return gettext("Game default (%(limit)s)") % {"limit": limit}


def lobby_settings() -> dict:
    """What the lobby's script needs of each game to show only what that game allows (JSON-safe)."""
    return {
        spec.name: {
            "seat_counts": list(spec.seat_counts),
            "default_seats": spec.default_seats,
            "max_bots": spec.max_bots,
            "min_humans": spec.min_humans,
            "defaults": {o.name: o.default for o in spec.options if o.kind is not bool},
            "default_time": default_time_label(spec.default_time_limit),
        }
        for spec in registry.specs()
    }


class RoomForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    name = forms.CharField(label=_("Room name"), max_length=60, min_length=1)
    public = forms.BooleanField(label=_("Public (listed in the lobby)"), required=False, initial=True)
    rated = forms.BooleanField(label=_("Rated (results move the players' ratings)"), required=False, initial=True)
    time_limit = forms.ChoiceField(label=_("Time per move"), choices=TIME_CHOICES, required=False, initial="default")
    seat_count = forms.TypedChoiceField(label=_("Seats"), coerce=int, required=False)
    bots = forms.TypedChoiceField(label=_("Bots to add now"), coerce=int, initial=0, required=False)
    bot_level = forms.ChoiceField(label=_("Bot level"), choices=BOT_LEVELS, initial="normal")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        specs = registry.specs()
        self.fields["game"].choices = [(s.name, s.display_name(get_language())) for s in specs]
        counts = sorted({n for s in specs for n in s.seat_counts})
        seats = self.fields["seat_count"]
        seats.choices = [(n, n) for n in counts]
        seats.initial = specs[0].default_seats
        seats.widget = GameSelect(
            choices=seats.choices, games=_games_by_value((n, s.name) for s in specs for n in s.seat_counts)
        )
        seats.games = [s.name for s in specs if len(s.seat_counts) > 1]
        most = max(s.max_bots_for(max(s.seat_counts)) for s in specs)
        bots = self.fields["bots"]
        bots.choices = [(n, n) for n in range(most + 1)]
        bots.widget = GameSelect(
            choices=bots.choices,
            games=_games_by_value((n, s.name) for s in specs for n in range(s.max_bots_for(max(s.seat_counts)) + 1)),
        )
        # The option fields go after the seats, before the bots.
        fields = list(self.fields.items())
        at = [name for name, _f in fields].index("bots")
        self.fields = dict(fields[:at] + list(_option_fields(specs).items()) + fields[at:])

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Give the room a name."))
        return name

    def clean(self):
        data = super().clean()
        game = data.get("game")
        if not game:
            return data
        spec = registry.spec(game)
        seats = data.get("seat_count")
        if len(spec.seat_counts) == 1 or seats in (None, ""):
            data["seat_count"] = spec.default_seats
        elif seats not in spec.seat_counts:
            self.add_error("seat_count", _("This game cannot be played with that many seats."))
        if (data.get("bots") or 0) > spec.max_bots_for(data.get("seat_count") or spec.default_seats):
            self.add_error("bots", _("This room already has as many bots as it accepts."))
        for option in spec.options:
            value = data.get(option.name)
            if option.kind is not bool and value not in (None, "") and value not in option.choices:
                self.add_error(option.name, _("These options are not valid for this game."))
        return data

    def room_options(self) -> dict:
        """The chosen game's options as the form set them; other games' fields are ignored."""
        data = self.cleaned_data
        spec = registry.spec(data["game"])
        chosen = set(data.get(VARIATIONS) or [])
        options = {}
        for option in spec.options:
            if option.kind is bool:
                options[option.name] = option.name in chosen
            elif data.get(option.name) not in (None, ""):
                options[option.name] = data[option.name]
        return options
