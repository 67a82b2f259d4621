"""Forms for signing up, logging in and editing the profile."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.forms.utils import ErrorDict
from django.utils.translation import gettext_lazy as _

from accounts import pseudonyms
from accounts.lookalikes import looks_like_another

User = get_user_model()

USERNAME_MAX_LENGTH = 30


class SignupForm(UserCreationForm):
    """Username, e-mail and a password typed twice; Django's validators judge the password.

    The e-mail is not a field of the model form: it becomes the account's
    ``pending_email`` until confirmed (accounts/email_confirmation.py), and
    whether another account has it is never said here.
    """

    email = forms.EmailField(
        label=_("E-mail"), max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"})
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.max_length = USERNAME_MAX_LENGTH
        username.widget.attrs["maxlength"] = str(USERNAME_MAX_LENGTH)
        username.help_text = _("Up to 30 characters: letters, digits and @ . + - _ only.")
        # The model allows 150 characters; names at the table stay short.
        username.validators.append(MaxLengthValidator(USERNAME_MAX_LENGTH))

    def refuse(self, message: str) -> None:
        """Refused before any field is checked (over the address's limit): a check would tell a taken username
        from a free one. The typed values stay on the page."""
        self._errors = ErrorDict()
        self.cleaned_data = {}
        self.add_error(None, message)

    def clean_username(self):
        username = super().clean_username()  # None when the name is taken in another case
        if username and pseudonyms.RESERVED.match(username):
            raise ValidationError(
                _("This username is kept for deleted accounts; please choose another."), code="reserved"
            )
        if username and looks_like_another(username):
            raise ValidationError(
                _("This username looks too much like another player's; please choose another."), code="lookalike"
            )
        return username

    def clean_email(self):
        email = User.objects.normalize_email(self.cleaned_data["email"].strip())
        # Seen by the password validators (a password like the e-mail is refused).
        self.instance.pending_email = email
        return email


class LoginForm(AuthenticationForm):
    """Django's log-in form, with a message that hides which part was wrong.

    Failed log-ins are throttled by django-axes (accounts/lockout.py), for this
    form and the admin's alike.
    """

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("The username or password is wrong."),
    }


class ResetForm(PasswordResetForm):
    """Django's password reset form with the site's word: "E-mail" (docs/ui.md), not Django's "Email"."""

    email = forms.EmailField(
        label=_("E-mail"), max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"})
    )
