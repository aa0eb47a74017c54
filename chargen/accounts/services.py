"""Sign-up that says nothing about who already has an account.

Posting an address an account already uses gets the same answer as a new one: the
account is made and logged in either way, but without the address, whose owner is
e-mailed instead (as the password reset does); no second account gets the address.
Both ways hash the password and send one e-mail, so the answer takes as long.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse

from chargen.accounts.forms import SignUpForm

WELCOME_SUBJECT = "Welcome to Chargen"
ADDRESS_TAKEN_SUBJECT = "Someone tried to sign up to Chargen with your e-mail address"


def _site_link(url_name: str) -> str:
    return f"{settings.SITE_URL}{reverse(url_name)}"


def _email_after_commit(*, address: str, subject: str, body: str) -> None:
    transaction.on_commit(lambda: send_mail(subject, body, None, [address], fail_silently=False))


def _welcome_body(username: str) -> str:
    return (
        f"Hello {username},\n\n"
        "Your Chargen account is ready. Log in here:\n\n"
        f"{_site_link('login')}\n\n"
        "If you did not sign up, someone typed your e-mail address: the account is yours to "
        f"take over or ignore. To take it over, reset its password here:\n\n"
        f"{_site_link('password_reset')}\n"
    )


def _address_taken_body(username: str, new_username: str) -> str:
    return (
        f"Hello {username},\n\n"
        "Someone (perhaps you) just tried to make a new Chargen account with this e-mail "
        f"address, which already belongs to your account {username}. The new account "
        f"{new_username} was made without this address: it is not linked to it and "
        "cannot reset its password by it.\n\n"
        f"If it was you, log in as {username} here:\n\n"
        f"{_site_link('login')}\n\n"
        "and if you have forgotten your password, reset it here:\n\n"
        f"{_site_link('password_reset')}\n\n"
        "If it was not you, you need do nothing: your account is unchanged.\n"
    )


@transaction.atomic
def account_sign_up(*, form: SignUpForm) -> User:
    """Make the account a valid sign-up form asks for and return it. When its e-mail
    address already has an account, the new one is made without the address and that
    account's owner is told instead; the caller answers both the same way."""
    email = form.cleaned_data["email"]
    owner = get_user_model().objects.filter(email__iexact=email).order_by("pk").first()
    if owner is not None:
        user: User = form.save(commit=False)
        user.email = ""  # the address stays its owner's alone
        user.save()
        _email_after_commit(
            address=getattr(owner, "email", email),
            subject=ADDRESS_TAKEN_SUBJECT,
            body=_address_taken_body(owner.get_username(), user.get_username()),
        )
        return user
    user = form.save()
    _email_after_commit(
        address=email, subject=WELCOME_SUBJECT, body=_welcome_body(user.get_username())
    )
    return user
