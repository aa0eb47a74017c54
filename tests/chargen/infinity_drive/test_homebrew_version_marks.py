"""The version of a campaign's career a character read is written into the rule data it
pinned, so the export, the sheet (and its PDF) and the GM's card name it even where two
versions read the same to the rules."""

from __future__ import annotations

from dataclasses import replace

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive.gm.review import approval_review
from chargen.infinity_drive.pinned import character_rulebook
from chargen.rulebook.homebrew import homebrew_career_publish, homebrew_career_save
from rules.infinity_drive.homebrew_careers import career_from_json
from rules.infinity_drive.rulebook import PublishedCareer
from tests.chargen.infinity_drive.test_homebrew_export import item
from tests.chargen.infinity_drive.test_homebrew_pinning import (
    new_character,
    spacer,
    spacer_construction,
)


def test_two_versions_that_read_the_same_are_told_apart_by_what_was_pinned(
    gm: User, player: User, player_client: Client, gm_client: Client, campaign: Campaign
) -> None:
    career = spacer(campaign, gm)
    first = new_character(player, campaign)
    spacer_construction(first)
    # Version 2 differs from version 1 in its description only: its tables read the same.
    described = replace(career_from_json(career.draft), description="Freight between belts.")
    homebrew_career_save(career=career, by=gm, draft=described)
    homebrew_career_publish(career=career, by=gm)
    second = new_character(player, campaign, "Kryten")
    spacer_construction(second)

    assert character_rulebook(first).publications == {"Spacer": PublishedCareer(str(career.pk), 1)}
    assert career.versions.get(number=2).data["publication"] == {
        "id": str(career.pk),
        "version": 2,
    }
    for character, number in ((first, 1), (second, 2)):
        exported = item(character)["character"]["career"]
        assert exported == {"name": "Spacer", "homebrew": {"version": number}}
        sheet = player_client.get(reverse("characters:sheet", args=[character.id]))
        assert f"data-homebrew>homebrew v{number}</span>" in sheet.content.decode()
        assert approval_review(campaign, character).sheet.homebrew_version == number
