"""The room-creation form: the lobby's only input, validated before any service call."""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rooms.models import BOT_LEVELS, GAME_CHOICES


def _seconds(n: int):
    """A label translated when shown, not when the module loads."""
    return lazy(lambda: gettext("%(s)d seconds") % {"s": n}, str)()


TIME_CHOICES = [("default", _("Game default (Crazy Eights: 20 s, others: none)")), ("", _("No time limit"))] + [
    (str(s), _seconds(s)) for s in (10, 15, 20, 30, 45, 60, 90, 120)
]
SB_VARIATIONS = [
    ("no_steal", _("Friendly piles (no stealing)")),
    ("jacks_wild", _("Jacks steal any pile")),
    ("last_capture_bonus", _("Leftover table cards go to the last capturer")),
    ("sweep_bonus", _("Sweep bonus: clearing the table draws an extra card")),
    ("deck40", _("40-card deck (Casita Robada / Rubamazzo)")),
    ("counter_clockwise", _("Play counter-clockwise")),
    ("double_piles", _("Two piles per player")),
    ("tiebreak", _("Tie-break round on a tie")),
]


class RoomForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=GAME_CHOICES)
    name = forms.CharField(label=_("Room name"), max_length=60, min_length=1)
    public = forms.BooleanField(label=_("Public (listed in the lobby)"), required=False, initial=True)
    time_limit = forms.ChoiceField(label=_("Time per move"), choices=TIME_CHOICES, required=False, initial="default")
    seat_count = forms.TypedChoiceField(
        label=_("Seats (Crazy Eights and Stealing Bundles)"),
        choices=[(n, n) for n in range(2, 7)],
        coerce=int,
        initial=4,
        required=False,
    )
    target = forms.TypedChoiceField(
        label=_("Buraco target"), choices=[(1500, "1500"), (3000, "3000"), (5000, "5000")], coerce=int, initial=1500
    )
    variations = forms.MultipleChoiceField(
        label=_("Stealing Bundles variations"),
        choices=SB_VARIATIONS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    bots = forms.TypedChoiceField(
        label=_("Bots to add now"), choices=[(n, n) for n in range(0, 6)], coerce=int, initial=0, required=False
    )
    bot_level = forms.ChoiceField(label=_("Bot level"), choices=BOT_LEVELS, initial="normal")

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Give the room a name."))
        return name

    def room_options(self) -> dict:
        data = self.cleaned_data
        if data["game"] == "buraco":
            return {"target": data["target"]}
        if data["game"] == "stealing_bundles":
            return {name: True for name in data.get("variations") or []}
        return {}
