"""The private tournament's form: the command's fields for a registered player; services.create checks them.

The form only reads the fields and names them; every bound (the game, its
options, table size, time per move, start, duration, the name through the
site's gate, the day's count) is tournaments/services.py's ``checked_fields``
and ``create``, whose refusals the view shows on the form.
"""

from datetime import timedelta

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games import registry
from rooms import clock
from rooms.actions.setup import TIME_LIMITS
from rooms.forms import VARIATIONS, GameSelect, _games_by_value, _option_fields
from tournaments import rules


class PrivateTournamentForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    name = forms.CharField(label=_("Tournament name"), max_length=60, required=False)
    table_size = forms.TypedChoiceField(label=_("Players per table"), coerce=int, required=False)
    time_limit = forms.TypedChoiceField(
        label=_("Seconds per move"), coerce=int, choices=[(s, s) for s in TIME_LIMITS], initial=20
    )
    starts_in = forms.TypedChoiceField(
        label=_("Starts in"),
        coerce=int,
        initial=5,
        choices=[(0, _("now")), (5, _("5 minutes")), (15, _("15 minutes")), (30, _("30 minutes")), (60, _("1 hour"))],
    )
    minutes = forms.IntegerField(label=_("Duration (minutes)"), initial=30)
    rated = forms.BooleanField(label=_("Rated (matches move ratings)"), required=False, initial=False)
    min_rated_matches = forms.IntegerField(label=_("Rated matches needed to enter"), initial=0, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        specs = registry.specs()
        self.fields["game"].choices = [(s.name, s.display_name(get_language())) for s in specs]
        sizes = self.fields["table_size"]
        sizes.choices = [(n, n) for n in (2, 3, 4)]
        sizes.widget = GameSelect(
            choices=sizes.choices, games=_games_by_value((n, s.name) for s in specs for n in rules.table_sizes(s.name))
        )
        low, high = rules.minutes_bounds()
        self.fields["minutes"].widget.attrs.update(min=low, max=high)
        self.fields["min_rated_matches"].widget.attrs.update(min=0, max=1000)
        self.fields.update(_option_fields(specs))

    def starts_at(self):
        return clock.now() + timedelta(minutes=self.cleaned_data["starts_in"])

    def options(self) -> dict:
        """The chosen game's options as the form set them; other games' fields are ignored."""
        data = self.cleaned_data
        spec = registry.spec(data["game"])
        chosen = set(data.get(VARIATIONS) or [])
        out = {}
        for option in spec.options:
            if option.kind is bool:
                out[option.name] = option.name in chosen
            elif data.get(option.name) not in (None, ""):
                out[option.name] = data[option.name]
        return out
