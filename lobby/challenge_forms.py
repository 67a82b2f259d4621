"""The challenge's form: the room-creation form's game, seats, options, time and rated (rooms/forms.py).

No name (the room is named after the two people) and never public (a challenge's
table is private); instead of "bots to add now", what fills the seats beyond the
two people: bots of the chosen level, or nothing until more friends are invited.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from rooms.forms import RoomForm


class ChallengeForm(RoomForm):
    empty_seats = forms.ChoiceField(
        label=_("The other seats"),
        choices=[("bots", _("Bots play them")), ("wait", _("Wait for friends I invite from the table"))],
        initial="bots",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("name", "public", "bots"):
            del self.fields[name]
        level = self.fields.pop("bot_level")
        self.fields["bot_level"] = level  # after the choice it serves

    def clean_name(self):  # no name: the room is named after the two people
        return ""
