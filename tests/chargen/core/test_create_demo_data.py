"""create_demo_data: a GM, two players, one campaign; new passwords each run."""

from __future__ import annotations

import re
from io import StringIO

from django.contrib.auth import get_user_model
from django.core.management import call_command
from pytest_django.fixtures import Settings

from chargen.campaigns.models import Campaign, Membership


def _run() -> str:
    out = StringIO()
    call_command("create_demo_data", stdout=out)
    return out.getvalue()


def _printed_passwords(output: str) -> dict[str, str]:
    return dict(re.findall(r"^\s+(gm|player1|player2)\s+(\S+)$", output, flags=re.MULTILINE))


def test_creates_the_cast_and_prints_passwords_in_debug(db: None, settings: Settings) -> None:
    settings.DEBUG = True
    output = _run()
    campaign = Campaign.objects.get(name="Demo campaign")
    assert campaign.gm.username == "gm"
    assert sorted(m.user.username for m in campaign.memberships.all()) == ["player1", "player2"]
    passwords = _printed_passwords(output)
    assert set(passwords) == {"gm", "player1", "player2"}
    for username, password in passwords.items():
        assert get_user_model().objects.get(username=username).check_password(password)


def test_running_twice_is_safe_and_sets_new_passwords(db: None, settings: Settings) -> None:
    settings.DEBUG = True
    first = _printed_passwords(_run())
    second = _printed_passwords(_run())
    assert Campaign.objects.filter(name="Demo campaign").count() == 1
    assert Membership.objects.count() == 2
    assert get_user_model().objects.count() == 3
    assert first["gm"] != second["gm"]
    assert get_user_model().objects.get(username="gm").check_password(second["gm"])
    assert not get_user_model().objects.get(username="gm").check_password(first["gm"])


def test_passwords_are_not_printed_without_debug(db: None, settings: Settings) -> None:
    settings.DEBUG = False
    output = _run()
    assert _printed_passwords(output) == {}
    assert "not shown" in output
    assert "changepassword" in output
    assert get_user_model().objects.filter(username__in=["gm", "player1", "player2"]).count() == 3
