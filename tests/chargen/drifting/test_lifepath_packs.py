"""Homebrew packs of Drifting lifepaths: exported from one campaign, imported into another
(and into another database), refused whole with each item and reason."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting import services
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.lifepath_packs import PackRefused, campaign_pack, pack_import
from chargen.drifting.models import Lifepath
from rules import drifting as rules

SCHEMA = json.loads(
    (Path(settings.BASE_DIR) / "docs" / "packs" / "drifting.schema.json").read_text()
)


@pytest.fixture
def homebrew(gm: User, campaign: Campaign, lifepaths: dict[str, Lifepath]) -> Campaign:
    """Alice's campaign with two lifepaths of its own, the second after the first."""
    services.campaign_lifepath_add(
        campaign=campaign,
        by=gm,
        name="Storm guide",
        description="Leads the lost.",
        region="Storm",
        grants=[rules.TokenGrant(rules.TokenKind.FOCUS, "Survival", 2)],
    )
    services.campaign_lifepath_add(
        campaign=campaign,
        by=gm,
        name="Canopy ranger",
        description="",
        region="Storm",
        grants=[rules.TokenGrant(rules.TokenKind.REPUTATION, "Canopy-wise")],
        requires=["Storm guide", "Born on Storm"],
    )
    return campaign


@pytest.fixture
def second(gm: User) -> Campaign:
    return Campaign.objects.create(gm=gm, name="Second Storm", game=DRIFTING)


def pack_url(campaign: Campaign, name: str) -> str:
    return reverse(f"drifting:{name}", kwargs={"campaign_id": campaign.id})


def upload(document: Any) -> SimpleUploadedFile:
    return SimpleUploadedFile(
        "pack.json", json.dumps(document).encode(), content_type="application/json"
    )


def test_the_export_matches_the_schema_and_holds_only_the_campaigns_own(
    gm_client: Client, homebrew: Campaign
) -> None:
    response = gm_client.get(pack_url(homebrew, "lifepath_pack_export"))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    document = json.loads(response.content)
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["chargen_pack"] == 1
    assert document["game"] == "drifting"
    assert [item["name"] for item in document["items"]] == ["Canopy ranger", "Storm guide"]
    ranger = document["items"][0]
    assert ranger["requires"] == ["Born on Storm", "Storm guide"]
    assert ranger["grants"] == [{"kind": "reputation", "name": "Canopy-wise", "count": 1}]


def test_a_pack_round_trips_between_two_campaigns(
    gm_client: Client, homebrew: Campaign, second: Campaign
) -> None:
    exported = gm_client.get(pack_url(homebrew, "lifepath_pack_export")).content
    response = gm_client.post(
        pack_url(second, "lifepath_pack_import"), {"file": upload(json.loads(exported))}
    )
    assert response.status_code == 302
    assert Lifepath.objects.filter(campaign=second).count() == 2
    again = json.loads(gm_client.get(pack_url(second, "lifepath_pack_export")).content)
    assert again == json.loads(exported)


# Committed for real: PostgreSQL cannot TRUNCATE (the flush that stands for another
# server's database) inside the test's transaction.
@pytest.mark.django_db(transaction=True)
def test_a_pack_round_trips_between_two_databases(
    homebrew: Campaign,
) -> None:
    exported = json.dumps(campaign_pack(homebrew))
    # Another server: its own database, with only the starter set and a fresh campaign.
    call_command("flush", interactive=False, verbosity=0)
    call_command(
        "loaddata", str(settings.BASE_DIR / "fixtures" / "drifting_lifepaths.json"), verbosity=0
    )
    elsewhere_gm = User.objects.create_user("elsewhere")
    elsewhere = Campaign.objects.create(gm=elsewhere_gm, name="Elsewhere", game=DRIFTING)
    assert not Lifepath.objects.filter(campaign__isnull=False).exists()

    pack_import(campaign=elsewhere, by=elsewhere_gm, document=json.loads(exported))

    assert json.dumps(campaign_pack(elsewhere)) == exported
    ranger = Lifepath.objects.get(name="Canopy ranger")
    assert {required.name for required in ranger.requires.all()} == {
        "Storm guide",
        "Born on Storm",
    }


def broken(document: dict[str, Any], index: int, **changes: Any) -> dict[str, Any]:
    spoiled = copy.deepcopy(document)
    spoiled["items"][index].update(changes)
    return spoiled


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (
            {"grants": [{"kind": "psionic", "name": "Telepathy", "count": 1}]},
            "Item 2 (Storm guide): “psionic” (for Telepathy) is no kind of token",
        ),
        ({"grants": []}, "Item 2 (Storm guide): A lifepath grants at least one token."),
        (
            {"requires": ["Pirate captain"]},
            "Item 2 (Storm guide): “Pirate captain” is no lifepath here",
        ),
        ({"name": "Deserter"}, "Item 2 (Deserter): There is already a lifepath called Deserter."),
        ({"version": 0}, "Item 2 (Storm guide), version: 0 is less than the minimum of 1"),
    ],
)
def test_a_pack_failing_any_check_is_refused_whole_with_the_item_and_reason(
    gm_client: Client,
    homebrew: Campaign,
    second: Campaign,
    spoil: dict[str, Any],
    reason: str,
) -> None:
    document = campaign_pack(homebrew)
    response = gm_client.post(
        pack_url(second, "lifepath_pack_import"), {"file": upload(broken(document, 1, **spoil))}
    )
    assert response.status_code == 400
    reasons = response.context["pack_refusals"]
    assert any(reason in line for line in reasons), reasons
    # Nothing saved: not even the sound first item.
    assert not Lifepath.objects.filter(campaign=second).exists()


def test_items_that_only_follow_each_other_are_refused(
    gm: User, homebrew: Campaign, second: Campaign
) -> None:
    document = campaign_pack(homebrew)
    document = broken(document, 0, requires=["Storm guide"])
    document = broken(document, 1, requires=["Canopy ranger"])
    with pytest.raises(PackRefused) as refused:
        pack_import(campaign=second, by=gm, document=document)
    assert any("No life can reach" in reason for reason in refused.value.reasons)
    assert not Lifepath.objects.filter(campaign=second).exists()


def test_a_pack_for_another_game_or_not_json_is_refused(
    gm_client: Client, homebrew: Campaign, second: Campaign
) -> None:
    other = {**campaign_pack(homebrew), "game": "infinity_drive"}
    response = gm_client.post(pack_url(second, "lifepath_pack_import"), {"file": upload(other)})
    assert response.status_code == 400
    assert "This pack is for “infinity_drive”" in response.context["pack_refusals"][0]
    garbage = SimpleUploadedFile("pack.json", b"{not json", content_type="application/json")
    response = gm_client.post(pack_url(second, "lifepath_pack_import"), {"file": garbage})
    assert response.status_code == 400
    assert "not a JSON pack" in response.context["pack_refusals"][0]
    assert not Lifepath.objects.filter(campaign=second).exists()
