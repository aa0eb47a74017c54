"""The sign-up form (log-ins are Django's own forms, throttled by django-axes)."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm


class SignUpForm(UserCreationForm):
    """Username, e-mail (for password resets) and the password twice.

    A taken username is refused at its field: usernames are chosen, shown to fellow
    players, and typed to log in. A taken e-mail address is not (see clean_email)."""

    email = forms.EmailField(
        label="E-mail",
        help_text="Used only to send you a link if you forget your password.",
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self) -> str:
        # An address an account already uses is not refused here: that would tell anyone
        # who has an account. chargen.accounts.services.account_sign_up e-mails its owner.
        return str(self.cleaned_data["email"]).strip()

    def full_clean(self) -> None:
        super().full_clean()
        # Django's form autofocuses the username. After a refusal, the page loads with
        # the focus on the first field in error instead: a keyboard or screen-reader user
        # lands where the fix is (passwords that don't match, say), not at the top.
        in_error = [name for name in self.fields if name in self.errors]
        if in_error:
            for field in self.fields.values():
                field.widget.attrs.pop("autofocus", None)
            self.fields[in_error[0]].widget.attrs["autofocus"] = True
