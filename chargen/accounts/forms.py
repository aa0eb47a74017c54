"""Sign-up and the throttled log-in forms (the site's and the admin's)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from chargen.accounts import throttle


class LoginThrottleMixin:
    """Refuse a log-in form for a while after repeated failures (see throttle.py).

    The refusal is checked before the password, so a throttled attacker learns
    nothing from further guesses; only real password failures are counted.
    Mixed into every log-in form the site has, the admin's included, so no form
    is a way round the count.
    """

    request: HttpRequest | None
    user_cache: AbstractBaseUser | None
    cleaned_data: dict[str, Any]

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username") or ""
        ip_address = throttle.client_ip(self.request)
        refusal = throttle.login_refusal(username=username, ip_address=ip_address)
        if refusal is not None:
            raise ValidationError(refusal.message, code="throttled")
        try:
            cleaned = super().clean()
        except ValidationError as error:
            if self.user_cache is None and self.cleaned_data.get("password"):
                throttle.login_failure_record(username=username, ip_address=ip_address)
            raise error
        if self.user_cache is not None:
            throttle.login_success_record(username=username)
        return cleaned


class ThrottledAuthenticationForm(LoginThrottleMixin, AuthenticationForm):
    """Django's log-in form, refusing for a while after repeated failures."""


class ThrottledAdminAuthenticationForm(LoginThrottleMixin, AdminAuthenticationForm):
    """The admin's log-in form (staff only), counted with the site's own."""


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
