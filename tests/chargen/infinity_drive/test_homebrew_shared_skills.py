"""Two careers of one campaign may not each define the same new skill: the second is
refused at the skill's name when published, instead of being left out of the campaign."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth.models import User
from django.test import Client

from chargen.campaigns.models import Campaign
from chargen.rulebook.homebrew import (
    HomebrewRefused,
    campaign_rule_records,
    homebrew_career_create,
    homebrew_career_publish,
    homebrew_career_save,
)
from chargen.rulebook.models import HomebrewCareer, HomebrewCareerVersion
from rules.infinity_drive.homebrew_careers import (
    RowDraft,
    SkillDraft,
    career_from_json,
    new_skills_defined_elsewhere,
)
from rules.infinity_drive.rulebook import rulebook_from_records
from tests.chargen.infinity_drive.test_career_desk import url


def with_hydroponics(campaign: Campaign, gm: User, name: str, description: str) -> HomebrewCareer:
    """A copy of Citizen whose every row 12 teaches a new skill, Hydroponics."""
    career = homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")
    draft = career_from_json(career.draft)
    changed = replace(
        draft,
        name=name,
        skills=(SkillDraft("Hydroponics", description=description),),
        tables=tuple(
            replace(
                table,
                rows=tuple(
                    RowDraft(12, skill="Hydroponics") if row.roll == 12 else row
                    for row in table.rows
                ),
            )
            for table in draft.tables
        ),
    )
    homebrew_career_save(career=career, by=gm, draft=changed)
    return career


def test_the_rules_name_the_career_that_defines_the_skill_already() -> None:
    first = SkillDraft("Hydroponics")
    mine = replace(
        career_from_json({"name": "Farmer", "specialisations": [], "tables": [], "survival": {}}),
        skills=(SkillDraft("Welding"), SkillDraft(" hydroponics ", prerequisite_text="Int 8")),
    )
    other = replace(mine, name="Gardener", skills=(first,))
    problems = new_skills_defined_elsewhere(mine, [other])
    assert list(problems) == ["skills.1.name"]
    assert "“Gardener” already defines a skill called “hydroponics”" in problems["skills.1.name"][0]
    assert new_skills_defined_elsewhere(mine, []) == {}


@pytest.mark.django_db
def test_a_second_definition_is_refused_at_the_skill_and_nothing_is_published(
    gm: User, campaign: Campaign
) -> None:
    gardener = with_hydroponics(campaign, gm, "Gardener", "Grows food under glass.")
    homebrew_career_publish(career=gardener, by=gm)
    farmer = with_hydroponics(campaign, gm, "Farmer", "Tends vats of algae.")
    with pytest.raises(HomebrewRefused) as refused:
        homebrew_career_publish(career=farmer, by=gm)
    assert list(refused.value.problems) == ["skills.0.name"]
    assert "“Gardener” already defines" in refused.value.problems["skills.0.name"][0]
    assert HomebrewCareerVersion.objects.count() == 1
    # Both careers stay in the campaign's rule data: neither was silently dropped.
    careers = rulebook_from_records(campaign_rule_records(campaign)).careers
    assert "Gardener" in careers
    assert "Farmer" not in careers
    # Renamed, the second skill is its own and the career publishes.
    draft = career_from_json(farmer.draft)
    renamed = replace(
        draft,
        skills=(SkillDraft("Aquaponics", description="Tends vats of algae."),),
        tables=tuple(
            replace(
                table,
                rows=tuple(
                    RowDraft(12, skill="Aquaponics") if row.roll == 12 else row
                    for row in table.rows
                ),
            )
            for table in draft.tables
        ),
    )
    homebrew_career_save(career=farmer, by=gm, draft=renamed)
    homebrew_career_publish(career=farmer, by=gm)
    careers = rulebook_from_records(campaign_rule_records(campaign)).careers
    assert {"Gardener", "Farmer"} <= set(careers)


@pytest.mark.django_db
def test_the_desk_shows_the_reason_at_the_skills_field(
    gm: User, gm_client: Client, campaign: Campaign
) -> None:
    homebrew_career_publish(
        career=with_hydroponics(campaign, gm, "Gardener", "Grows food under glass."), by=gm
    )
    farmer = with_hydroponics(campaign, gm, "Farmer", "Tends vats of algae.")
    page = gm_client.get(url("career", campaign, farmer)).content.decode()
    skills_field = page.split('id="div_id_skills"')[1].split("</div>\n")[0]
    assert "Hydroponics: The career “Gardener” already defines a skill" in skills_field
    refused = gm_client.post(url("career_publish", campaign, farmer))
    assert refused.status_code in (302, 400)
    assert HomebrewCareerVersion.objects.count() == 1
