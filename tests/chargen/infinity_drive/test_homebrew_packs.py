"""A campaign's homebrew as a pack: exported by its GM, imported whole into another
campaign (on this server or another), or refused naming the item and the reason, with
nothing saved."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create
from chargen.rulebook.homebrew import (
    book_career_hide,
    homebrew_career_create,
    homebrew_career_publish,
    homebrew_career_save,
)
from chargen.rulebook.models import HiddenBookCareer, HomebrewCareer, HomebrewCareerVersion
from chargen.rulebook.packs import PackRefused, pack_export, pack_import
from chargen.rulebook.services import rulebook_cache_clear
from rules.infinity_drive.homebrew_careers import career_from_json


@pytest.fixture
def stocked(gm: User, campaign: Campaign) -> Campaign:
    career = homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")
    homebrew_career_save(
        career=career, by=gm, draft=replace(career_from_json(career.draft), name="Spacer")
    )
    homebrew_career_publish(career=career, by=gm)
    homebrew_career_create(campaign=campaign, by=gm, copy_of="Military")  # a draft: not shared
    book_career_hide(campaign=campaign, by=gm, name="Military", hidden=True)
    return campaign


def state() -> tuple[Any, ...]:
    return (
        sorted(HomebrewCareer.objects.values_list("campaign_id", "name")),
        HomebrewCareerVersion.objects.count(),
        sorted(HiddenBookCareer.objects.values_list("campaign_id", "name")),
    )


def test_a_pack_goes_from_one_campaign_to_another(gm: User, stocked: Campaign) -> None:
    pack = pack_export(stocked, gm)
    assert pack["chargen_pack"] == 1
    assert pack["game"] == "infinity_drive"
    assert [(item["kind"], item["name"]) for item in pack["items"]] == [
        ("career", "Spacer"),
        ("hidden_career", "Military"),
    ]
    other = campaign_create(gm=gm, name="Elsewhere")
    assert pack_import(campaign=other, by=gm, raw=json.dumps(pack).encode()) == 2
    imported = HomebrewCareer.objects.get(campaign=other)
    assert imported.name == "Spacer"
    original = HomebrewCareer.objects.get(campaign=stocked, name="Spacer").versions.get().data
    copied = imported.versions.get().data
    # The same career, published afresh here: its own id, version 1.
    assert copied.pop("publication") == {"id": str(imported.pk), "version": 1}
    assert original.pop("publication")["id"] != str(imported.pk)
    assert copied == original
    assert pack_export(other, gm) == pack  # the round trip is exact


def test_a_pack_with_a_broken_career_is_refused_naming_it_and_saves_nothing(
    gm: User, stocked: Campaign
) -> None:
    pack = pack_export(stocked, gm)
    pack["items"][0]["tables"][0]["rows"].pop(5)  # a 2d6 result left without a row
    other = campaign_create(gm=gm, name="Elsewhere")
    before = state()
    with pytest.raises(PackRefused, match=r"Item 1 \(“Spacer”\), tables.0: No row for a roll of 7"):
        pack_import(campaign=other, by=gm, raw=json.dumps(pack).encode())
    assert state() == before


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (lambda pack: pack.update(game="drifting"), "the top level"),
        (lambda pack: pack["items"][0].update(colour="red"), "item 1"),
        (
            lambda pack: pack["items"].append({"kind": "hidden_career", "name": "Pirate"}),
            "Item 3: the book has no career “Pirate”",
        ),
        # Military is hidden by the pack itself, so a career may take its name; Citizen not.
        (lambda pack: pack["items"][0].update(name="Citizen"), "There is already a career"),
    ],
)
def test_a_pack_failing_the_schema_or_the_rules_is_refused_whole(
    gm: User, stocked: Campaign, spoil: Any, reason: str
) -> None:
    pack = pack_export(stocked, gm)
    spoil(pack)
    other = campaign_create(gm=gm, name="Elsewhere")
    before = state()
    with pytest.raises(PackRefused, match=reason):
        pack_import(campaign=other, by=gm, raw=json.dumps(pack).encode())
    assert state() == before


def test_the_pages_only_for_the_gm(
    gm: User,
    gm_client: Client,
    player_client: Client,
    outsider_client: Client,
    stocked: Campaign,
) -> None:
    download = reverse("desk:careers_pack", args=[stocked.id])
    upload = reverse("desk:careers_pack_import", args=[stocked.id])
    pack = gm_client.get(download)
    assert pack.status_code == 200
    assert "attachment" in pack["Content-Disposition"]
    raw = pack.content
    other = campaign_create(gm=gm, name="Elsewhere")
    before = state()
    for client in (player_client, outsider_client):
        assert client.get(download).status_code == 404
        posted = {"pack": SimpleUploadedFile("p.json", raw)}
        assert (
            client.post(reverse("desk:careers_pack_import", args=[other.id]), posted).status_code
            == 404
        )
    assert state() == before
    assert gm_client.get(upload).status_code == 405
    done = gm_client.post(
        reverse("desk:careers_pack_import", args=[other.id]),
        {"pack": SimpleUploadedFile("p.json", raw)},
    )
    assert done.status_code == 302
    assert HomebrewCareer.objects.filter(campaign=other, name="Spacer").exists()


# Committed for real: PostgreSQL cannot TRUNCATE (the flush that stands for another
# server's database) inside the test's transaction.
@pytest.mark.django_db(transaction=True)
def test_a_pack_round_trips_between_two_databases(gm: User, stocked: Campaign) -> None:
    exported = json.dumps(pack_export(stocked, gm))
    # Another server: its own database, with only the book and a fresh campaign.
    call_command("flush", interactive=False, verbosity=0)
    rulebook_cache_clear()
    call_command("load_rules_data", verbosity=0)
    elsewhere_gm = User.objects.create_user("elsewhere")
    elsewhere = campaign_create(gm=elsewhere_gm, name="Elsewhere")
    assert not HomebrewCareer.objects.exists()

    assert pack_import(campaign=elsewhere, by=elsewhere_gm, raw=exported.encode()) == 2

    assert json.dumps(pack_export(elsewhere, elsewhere_gm)) == exported
    assert HomebrewCareer.objects.get().versions.get().number == 1
