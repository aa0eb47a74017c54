"""Demo accounts for `make run`: a GM, two players and one campaign. Safe to run twice.

Every run sets new random passwords; they are printed only when DEBUG is on, so a
production log never holds a working password.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.management.base import BaseCommand
from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create, campaign_join

GM_USERNAME = "gm"
PLAYER_USERNAMES = ("player1", "player2")
CAMPAIGN_NAME = "Demo campaign"


def _user_with_new_password(username: str) -> tuple[AbstractBaseUser, str]:
    user, _ = get_user_model().objects.get_or_create(
        username=username, defaults={"email": f"{username}@example.org"}
    )
    password = secrets.token_urlsafe(12)
    user.set_password(password)
    user.save()
    return user, password


class Command(BaseCommand):
    help = "Create (or refresh) the demo GM, two players and their campaign, with new passwords."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            gm, gm_password = _user_with_new_password(GM_USERNAME)
            players = [_user_with_new_password(name) for name in PLAYER_USERNAMES]
            campaign = Campaign.objects.filter(gm_id=gm.pk, name=CAMPAIGN_NAME).first()
            if campaign is None:
                campaign = campaign_create(
                    gm=gm,
                    name=CAMPAIGN_NAME,
                    description="A campaign to try Chargen with: the book's rules throughout.",
                )
            for player, _ in players:
                campaign_join(token=campaign.invite_token, user=player)

        self.stdout.write(
            f"Demo campaign “{campaign.name}” run by {GM_USERNAME}, players: "
            f"{', '.join(PLAYER_USERNAMES)}."
        )
        if settings.DEBUG:
            self.stdout.write("Demo log-ins (new passwords, made just now):")
            for user, password in [(gm, gm_password), *players]:
                self.stdout.write(f"  {user.get_username():<8} {password}")
        else:
            self.stdout.write(
                "Passwords were not shown because DEBUG is off. "
                "Set one with: python manage.py changepassword <username>"
            )
