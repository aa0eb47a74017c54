"""What a failed survival roll does in a campaign's own career: its GM chooses on the desk
(an unknown outcome refused at the field, nothing saved), the preview says it, a pack
carries it, and the wizard applies it from the version a character pinned; a version
published before the choice existed replays as it always did."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create
from chargen.core.ruledata import rule_data, rule_data_changed, rule_version_for
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.rulebook.homebrew import (
    campaign_rule_records,
    campaign_scope,
    homebrew_career_create,
    homebrew_career_publish,
    homebrew_career_save,
)
from chargen.rulebook.models import HomebrewCareer, HomebrewCareerVersion
from chargen.rulebook.packs import PackRefused, pack_export, pack_import
from chargen.rulebook.services import RULESET
from rules.infinity_drive.homebrew_careers import FOLLOW_HOUSE_RULE, career_from_json
from tests.chargen.infinity_drive.services_helpers import progress, to_first_survival
from tests.chargen.infinity_drive.steps import skill, survive
from tests.chargen.infinity_drive.test_career_desk import form_data, state, url
from tests.chargen.infinity_drive.test_homebrew_export import item
from tests.chargen.infinity_drive.test_homebrew_pinning import (
    TABLE,
    new_character,
    spacer_construction,
)


def spacer_that(campaign: Campaign, gm: User, outcome: str) -> HomebrewCareer:
    """The book's Citizen copied as Spacer, where a failed survival roll does `outcome`."""
    career = homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")
    draft = replace(career_from_json(career.draft), name="Spacer", survival_failure=outcome)
    homebrew_career_save(career=career, by=gm, draft=draft)
    homebrew_career_publish(career=career, by=gm)
    return career


def spacer_to_first_survival(character: Character) -> None:
    """Spacer Construction (Citizen's tables), Treva's first group of four."""
    spacer_construction(character)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(character, faces, TABLE)


def test_a_spacer_dies_where_the_campaign_lets_the_player_choose(
    gm: User, player: User, player_client: Client, campaign: Campaign
) -> None:
    spacer_that(campaign, gm, "death")
    assert campaign.rules.survival_failure == "player_choice"  # the book's default
    character = new_character(player, campaign)
    spacer_to_first_survival(character)
    page = player_client.get(reverse("characters:skills", args=[character.id])).content.decode()
    assert "If you fail, the character dies." in page
    survive(character, "1 1")  # 2 does not beat Citizen's academic 3
    character.refresh_from_db()
    assert character.status == CharacterStatus.DEAD
    assert progress(character).state.dead

    # A book career in the same campaign still leaves the choice to the player.
    citizen = new_character(player, campaign, "Lister")
    to_first_survival(citizen)
    survive(citizen, "1 1")
    assert progress(citizen).state.expecting == "survival_outcome"


def test_a_setback_career_sends_its_character_to_the_setback(
    gm: User, player: User, campaign: Campaign
) -> None:
    spacer_that(campaign, gm, "setback")
    character = new_character(player, campaign)
    spacer_to_first_survival(character)
    survive(character, "1 2")
    assert progress(character).state.expecting == "setback"


def test_a_version_published_before_the_choice_replays_as_it_did(
    gm: User, player: User, campaign: Campaign
) -> None:
    career = spacer_that(campaign, gm, FOLLOW_HOUSE_RULE)
    # The version as it was written before: no outcome, no id or number in its data.
    version = career.versions.get()
    old_data = {
        key: value
        for key, value in version.data.items()
        if key not in ("survival_failure", "publication")
    }
    HomebrewCareerVersion.objects.filter(pk=version.pk).update(data=old_data)
    rule_data_changed(campaign_scope(campaign))
    character = new_character(player, campaign)
    # ... and the rule data a character pinned before: no outcome, no mark either.
    records = campaign_rule_records(campaign)
    for record in records:
        if record["model"] == "rulebook.career":
            assert "survival_failure" not in record["fields"]
            record["fields"].pop("homebrew", None)
    character.rule_version_id = rule_version_for(RULESET, records).sha256
    character.save(update_fields=["rule_version"])
    spacer_to_first_survival(character)
    survive(character, "1 1")
    character.refresh_from_db()
    assert not any("homebrew" in r["fields"] for r in rule_data(character.rule_version_id))
    # The campaign's house rule, the book's default: the player chooses, as before.
    assert progress(character).state.expecting == "survival_outcome"
    assert character.status != CharacterStatus.DEAD
    # The export still names the version, found by comparing the pinned career.
    assert item(character)["character"]["career"] == {"name": "Spacer", "homebrew": {"version": 1}}


def select_value(page: str, name: str) -> str:
    select = page.split(f'name="{name}"')[1].split("</select>")[0]
    return select.split('" selected>')[0].rsplit('value="', 1)[1]


def test_the_gm_chooses_the_outcome_on_the_desk_and_a_bad_one_is_refused_at_its_field(
    gm: User, gm_client: Client, campaign: Campaign
) -> None:
    career = homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")
    page = gm_client.get(url("career", campaign, career)).content.decode()
    assert select_value(page, "survival_failure") == FOLLOW_HOUSE_RULE
    data = form_data(page) | {"name": "Spacer"}

    before = state()
    refused = gm_client.post(
        url("career", campaign, career), data | {"survival_failure": "explode"}
    )
    assert refused.status_code == 400
    field = refused.content.decode().split('id="div_id_survival_failure"')[1].split("</select>")[1]
    assert "“explode” is not something a failed survival roll can do." in field.split("</div>")[0]
    assert state() == before  # nothing saved

    saved = gm_client.post(url("career", campaign, career), data | {"survival_failure": "death"})
    assert saved.status_code == 302
    career.refresh_from_db()
    assert career.draft["survival_failure"] == "death"
    page = gm_client.get(url("career", campaign, career)).content.decode()
    assert select_value(page, "survival_failure") == "death"
    preview = page.split("data-survival-failure>")[1].split("</p>")[0]
    assert preview == "A failed survival roll: the character dies (this career's own rule)."

    # A form sent without the field keeps the draft's outcome.
    gm_client.post(url("career", campaign, career), data)
    career.refresh_from_db()
    assert career.draft["survival_failure"] == "death"
    homebrew_career_publish(career=career, by=gm)
    assert career.versions.get().data["survival_failure"] == "death"
    published = gm_client.get(url("careers_published", campaign)).content.decode()
    assert "data-survival-failure>A failed survival roll: the character dies.</p>" in published


def test_the_preview_of_a_career_that_follows_the_house_rule_says_so(
    gm: User, gm_client: Client, campaign: Campaign
) -> None:
    career = homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")
    page = gm_client.get(url("career", campaign, career)).content.decode()
    preview = page.split("data-survival-failure>")[1].split("</p>")[0]
    assert preview == (
        "A failed survival roll: the player chooses death or a setback (the campaign's "
        "house rule, as for the book's careers)."
    )


def test_a_pack_carries_the_outcome_and_not_this_campaigns_version(
    gm: User, campaign: Campaign
) -> None:
    spacer_that(campaign, gm, "setback")
    pack = pack_export(campaign, gm)
    (carried,) = pack["items"]
    assert carried["survival_failure"] == "setback"
    assert "publication" not in carried
    other = campaign_create(gm=gm, name="Elsewhere")
    assert pack_import(campaign=other, by=gm, raw=json.dumps(pack).encode()) == 1
    imported = HomebrewCareer.objects.get(campaign=other)
    data: dict[str, Any] = imported.versions.get().data
    assert data["survival_failure"] == "setback"
    assert data["publication"] == {"id": str(imported.pk), "version": 1}
    assert pack_export(other, gm) == pack

    broken = json.loads(json.dumps(pack))
    broken["items"][0] |= {"name": "Drifter", "survival_failure": "explode"}
    counted = HomebrewCareer.objects.count()
    with pytest.raises(PackRefused, match="item 1"):
        pack_import(campaign=other, by=gm, raw=json.dumps(broken).encode())
    assert HomebrewCareer.objects.count() == counted
