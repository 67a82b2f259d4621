"""The forms of a player's own pages: the profile, and deleting the account."""

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts import pseudonyms
from accounts.lookalikes import looks_like_another
from chat import gate
from chat.text import canonical
from friends.signals import visibility_changed
from rooms.errors import RoomError
from rooms.words.messages import error_text

User = get_user_model()


class DeleteAccountForm(forms.Form):
    """Deleting an account asks for its password again: a borrowed, logged-in browser cannot do it."""

    password = forms.CharField(
        label=_("Your password"), strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise ValidationError(_("That is not your password."), code="wrong_password")
        return password


class ProfileForm(forms.ModelForm):
    """The display name tables show, the language of the site, and whether friends see one online."""

    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)

    class Meta:
        model = User
        fields = ("display_name", "language", "hides_presence")
        labels = {"display_name": _("Display name"), "hides_presence": _("Hide when I am online")}
        help_texts = {
            "display_name": _("Shown at the table. Leave empty to show your username."),
            "hides_presence": _("Nobody sees you in their list of friends online, nor what you are playing."),
        }

    def save(self, commit=True):
        user = super().save(commit)
        if commit and "hides_presence" in self.changed_data:
            visibility_changed.send(sender=type(user), user_id=user.pk)  # the friends' headers hear it
        return user

    def clean_display_name(self):
        raw = self.cleaned_data["display_name"]
        name = canonical(raw)
        if name != canonical(self.initial.get("display_name") or ""):
            # A new name is the person's words at every table: chat's gate (the staff's site-wide mute, the
            # canonical text). The name they have already may stay while muted (the language still changes).
            try:
                name = gate.words(self.instance, "display_name", raw)
            except RoomError as exc:
                raise ValidationError(error_text(exc), code=exc.code) from None
        if name and pseudonyms.RESERVED.match(name):
            raise ValidationError(_("This name is kept for deleted accounts; please choose another."), code="reserved")
        if name and looks_like_another(name, me=self.instance):
            raise ValidationError(
                _("This name looks too much like another player's; please choose another."), code="lookalike"
            )
        return name
