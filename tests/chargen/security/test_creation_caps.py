"""Caps on what one account may create: at one below the cap a user may still create, at
the cap they are refused at the form with the reason, and nothing is saved.

The caps come from settings (the environment); these tests set small ones so the
boundary is cheap to reach, and check the defaults and the environment separately.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.drifting.models import Character as DriftingCharacter
from chargen.drifting.models import CreationStep
from chargen.infinity_drive.models import Character, Race, RaceKind, RaceStatus
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from rules.infinity_drive.codes import CHARACTERISTICS
from tests.chargen.infinity_drive.steps import next_sequence, roll_book_characteristics

ROOT = Path(__file__).resolve().parents[3]
CAP = 3
CAPS = {
    "MAX_INFINITY_DRIVE_DRAFTS": 50,
    "MAX_DRIFTING_DRAFTS": 50,
    "MAX_ROLLER_SHEETS": 100,
    "MAX_CAMPAIGNS": 20,
    "MAX_RACE_PROPOSALS": 100,
}


def _settings_in_a_fresh_process(**env: str) -> dict[str, int]:
    base = {k: v for k, v in os.environ.items() if k not in CAPS}
    code = (
        "import json, django; django.setup(); from django.conf import settings; "
        f"print(json.dumps({{name: getattr(settings, name) for name in {list(CAPS)!r}}}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**base, "DJANGO_SETTINGS_MODULE": "chargen.settings", **env},
        check=True,
    )
    return json.loads(result.stdout)


def test_the_caps_have_defaults_and_come_from_the_environment() -> None:
    assert _settings_in_a_fresh_process() == CAPS
    assert _settings_in_a_fresh_process(**dict.fromkeys(CAPS, "7")) == dict.fromkeys(CAPS, 7)


# --- Drifting characters (unfinished) -------------------------------------------------------


def _drifters(owner: User, count: int, step: str = CreationStep.CONCEPT) -> None:
    DriftingCharacter.objects.bulk_create(
        DriftingCharacter(owner=owner, step=step) for _ in range(count)
    )


@override_settings(MAX_DRIFTING_DRAFTS=CAP)
def test_drifting_one_below_the_cap_starts(player: User, player_client: Client) -> None:
    _drifters(player, CAP - 1)
    _drifters(player, 2, step=CreationStep.FINISHED)  # finished ones do not count
    assert player_client.post(reverse("drifting:start")).status_code == 302
    assert DriftingCharacter.objects.filter(owner=player).count() == CAP + 2


@override_settings(MAX_DRIFTING_DRAFTS=CAP)
def test_drifting_at_the_cap_is_refused_and_nothing_saved(
    player: User, player_client: Client
) -> None:
    _drifters(player, CAP)
    response = player_client.post(reverse("drifting:start"))
    assert response.status_code == 400
    page = response.content.decode()
    assert f"You already have {CAP} unfinished Drifting characters" in page
    assert "Start a new Drifting character" in page  # the form, with the reason above it
    assert DriftingCharacter.objects.filter(owner=player).count() == CAP


# --- Roller sheets (both kinds together) ---------------------------------------------------


@override_settings(MAX_ROLLER_SHEETS=CAP)
@pytest.mark.parametrize(("kind", "prefix"), [("unique", "unique"), ("mana", "mana")])
def test_roller_sheets_one_below_the_cap_then_refused_at_it(
    player: User, player_client: Client, kind: str, prefix: str
) -> None:
    UniqueCharacter.objects.create(owner=player, name="Pool one")
    for number in range(CAP - 2):
        ManaCharacter.objects.create(owner=player, name=f"Mana {number}")

    def sheets() -> int:
        return (
            UniqueCharacter.objects.filter(owner=player).count()
            + ManaCharacter.objects.filter(owner=player).count()
        )

    url = reverse(f"rollers:{kind}_create")
    made = player_client.post(url, {f"{prefix}-name": "The last"})
    assert made.status_code == 303
    assert sheets() == CAP

    refused = player_client.post(url, {f"{prefix}-name": "One more"})
    assert refused.status_code == 200  # the list again, the form showing the reason
    assert f"You already have {CAP} roller sheets" in refused.content.decode()
    assert sheets() == CAP
    assert not UniqueCharacter.objects.filter(name="One more").exists()
    assert not ManaCharacter.objects.filter(name="One more").exists()


# --- Campaigns run as GM -------------------------------------------------------------------


@override_settings(MAX_CAMPAIGNS=CAP)
def test_campaigns_one_below_the_cap_then_refused_at_it(
    gm: User, gm_client: Client, player: User
) -> None:
    for number in range(CAP - 1):
        campaign_create(gm=gm, name=f"Table {number}")
    campaign_create(gm=player, name="Bob's own")  # another GM's do not count
    url = reverse("campaigns:create")
    made = gm_client.post(url, {"name": "The last", "description": "", "game": "infinity_drive"})
    assert made.status_code == 302
    refused = gm_client.post(url, {"name": "One more", "description": "", "game": "infinity_drive"})
    assert refused.status_code == 400
    assert f"You already run {CAP} campaigns" in refused.content.decode()
    assert Campaign.objects.filter(gm=gm).count() == CAP
    assert not Campaign.objects.filter(name="One more").exists()


# --- Race proposals ------------------------------------------------------------------------


def _proposal(character: Character, name: str) -> dict[str, object]:
    return {
        "sequence": next_sequence(character),
        "name": name,
        "reason": "Predators on the home-world.",
        **{f"adjust_{code}": "0" for code in CHARACTERISTICS},
        "adjust_Int": "3",
        "adjust_Res": "-2",
        "adjust_Mtp": "-1",
    }


@override_settings(MAX_RACE_PROPOSALS=CAP)
def test_race_proposals_one_below_the_cap_then_refused_at_it(
    rulebook: None, gm: User, player: User, player_client: Client
) -> None:
    campaign = campaign_create(gm=gm, name="The Long Jump")
    Membership.objects.create(campaign=campaign, user=player)
    Race.objects.bulk_create(
        Race(
            campaign=campaign,
            kind=RaceKind.HUMANOID,
            name=f"Old idea {number}",
            adjustments={},
            proposed_by=player,
            status=RaceStatus.REJECTED,  # every outcome counts
        )
        for number in range(CAP - 1)
    )
    first = Character.objects.create(owner=player, campaign=campaign, name="Treva")
    roll_book_characteristics(first)
    url = reverse("characters:propose_race", args=[first.id])
    form = _proposal(first, "Darrian")
    assert player_client.post(url, form).status_code == 303
    assert Race.objects.filter(proposed_by=player).count() == CAP
    # Sending the same form again (Back, a double-click) answers with the race it saved.
    assert player_client.post(url, form).status_code == 303
    assert Race.objects.filter(proposed_by=player).count() == CAP

    second = Character.objects.create(owner=player, campaign=campaign, name="Ulla")
    roll_book_characteristics(second)
    entries = second.log.count()
    refused = player_client.post(
        reverse("characters:propose_race", args=[second.id]), _proposal(second, "Vilani")
    )
    assert f"You have already proposed {CAP} races" in refused.content.decode()
    assert Race.objects.filter(proposed_by=player).count() == CAP
    assert not Race.objects.filter(name="Vilani").exists()
    assert second.log.count() == entries
