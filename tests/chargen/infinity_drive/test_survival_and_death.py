"""Survival headings that count short groups, a death that must be confirmed, and what a
dead character's pages say."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.infinity_drive.steps import (
    citizen_by_point_buy,
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
    survive,
)

HTMX = {"HX-Request": "true"}
ACADEMIC = "construction-academic"
# Int 7 + Sty 7 = 14 against Int 7 + Chz 5 = 12: an academic learner with 14 skill rolls,
# in groups of 4, 4, 4 and a short last group of 2.
FOURTEEN_ROLLS = {"Mus": 7, "Grc": 7, "Res": 7, "Int": 7, "Sty": 7, "Chz": 5, "Mtp": 10}
# Diplomacy, Local, Clerical and +1 Mus on the Construction Academic table.
SKILL_FACES = ("3 3", "5 6", "1 3", "1 1")


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def fourteen_roll_citizen(character: Character) -> None:
    citizen_by_point_buy(character, FOURTEEN_ROLLS)


def skills(character: Character, count: int, start: int = 0) -> None:
    for index in range(start, start + count):
        skill(character, SKILL_FACES[index % len(SKILL_FACES)], ACADEMIC)


def heading(content: str) -> str:
    match = re.search(r'<h3 class="h5">(.*?)</h3>', content, re.DOTALL)
    assert match, "the step has a heading"
    return " ".join(match.group(1).split())


def test_a_fourteen_roll_character_has_survival_after_each_of_its_four_groups(
    player_client: Client, draft: Character
) -> None:
    fourteen_roll_citizen(draft)
    first_page = player_client.get(url("skills", draft)).content.decode()
    assert heading(first_page) == "Group 1, roll 1 of 4"
    for group, rolls in enumerate((4, 4, 4), start=1):
        skills(draft, rolls, start=(group - 1) * 4)
        content = player_client.get(url("skills", draft)).content.decode()
        assert heading(content) == f"Survival after group {group}"
        survive(draft, "5 5")
    # The last group is short: two rolls, and the survival roll that closes it is group 4's.
    assert heading(player_client.get(url("skills", draft)).content.decode()) == (
        "Group 4, roll 1 of 2"
    )
    skills(draft, 2, start=12)
    content = player_client.get(url("skills", draft)).content.decode()
    assert heading(content) == "Survival after group 4"
    survive(draft, "5 5")
    assert "All skill rolls are done" in player_client.get(url("skills", draft)).content.decode()


def failed_survival(character: Character) -> None:
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(character, faces, ACADEMIC)
    survive(character, "1 2")


def test_death_is_a_separate_form_with_a_confirmation(
    player_client: Client, draft: Character
) -> None:
    failed_survival(draft)
    content = player_client.get(url("skills", draft)).content.decode()
    death_form = re.search(r'<form[^>]*id="death-form".*?</form>', content, re.DOTALL)
    assert death_form, "death has a form of its own"
    form = death_form.group(0)
    assert "hx-confirm=" in form
    assert 'type="checkbox" name="confirm_death"' in form
    assert "required" in form
    assert "Yes, my character dies" in form
    assert "Suffer a setback" not in form  # the setback button is in another form, far off
    assert "mt-5" in form


def test_a_plain_death_post_without_the_box_changes_nothing(
    player_client: Client, draft: Character
) -> None:
    failed_survival(draft)
    entries = len(log_entries(draft))
    response = player_client.post(
        url("survival_outcome", draft), {"sequence": next_sequence(draft), "outcome": "death"}
    )
    assert response.status_code == 400
    assert "Tick “Yes, my character dies” to confirm" in response.content.decode()
    draft.refresh_from_db()
    assert draft.status == CharacterStatus.DRAFT
    assert len(log_entries(draft)) == entries


def test_a_confirmed_death_is_recorded(player_client: Client, draft: Character) -> None:
    failed_survival(draft)
    response = player_client.post(
        url("survival_outcome", draft),
        {"sequence": next_sequence(draft), "outcome": "death", "confirm_death": "yes"},
    )
    assert response.status_code == 303
    draft.refresh_from_db()
    assert draft.status == CharacterStatus.DEAD


def test_a_setback_needs_no_confirmation(player_client: Client, draft: Character) -> None:
    failed_survival(draft)
    response = player_client.post(
        url("survival_outcome", draft), {"sequence": next_sequence(draft), "outcome": "setback"}
    )
    assert response.status_code == 303
    assert log_entries(draft)[-1].payload == {"outcome": "setback"}


def dead_in_campaign(campaign_draft: Character) -> Character:
    failed_survival(campaign_draft)
    services.character_choose_survival_outcome(
        character=campaign_draft, expected_sequence=next_sequence(campaign_draft), outcome="death"
    )
    campaign_draft.refresh_from_db()
    return campaign_draft


def stepper_item(content: str, title: str) -> str:
    match = re.search(rf"<li[^>]*>\s*(?:<a[^>]*>)?\d+\. {title}.*?</li>", content, re.DOTALL)
    assert match, title
    return match.group(0)


def test_a_dead_characters_pages_say_how_it_died_and_mark_the_rest_unreachable(
    player_client: Client, campaign_draft: Character
) -> None:
    dead = dead_in_campaign(campaign_draft)
    survival = [entry for entry in log_entries(dead) if entry.kind == "survival_roll"][-1]
    for page in ("skills", "career", "equipment", "history", "review"):
        content = player_client.get(url(page, dead)).content.decode()
        assert "died in their career" in content, page
        assert "The survival roll after group 1 of skill rolls (4 rolls made)" in content, page
        assert f'data-sequence="{survival.sequence}"' in content, page
        assert "did not beat 3" in content, page
        assert "You still owe" not in content, page
        skills_item = stepper_item(content, "Skills")
        assert "(done)" not in skills_item, page
        for title in ("Equipment", "History and details", "Review"):
            item = stepper_item(content, title)
            assert "not reachable" in item, (page, title)
            assert "href=" not in item, (page, title)
            assert "(done)" not in item, (page, title)
        start = reverse("characters:new") + f"?campaign={dead.campaign_id}"
        assert f'href="{start}"' in content, page
        assert "Start a new character" in content, page


def test_a_dead_character_resumes_on_the_page_that_says_it_died(
    player_client: Client, campaign_draft: Character
) -> None:
    dead = dead_in_campaign(campaign_draft)
    response = player_client.get(reverse("characters:resume", args=[dead.id]))
    assert response["Location"] == url("skills", dead)


def test_start_a_new_character_preselects_the_campaign(
    player_client: Client, campaign: Campaign
) -> None:
    content = player_client.get(
        reverse("characters:new") + f"?campaign={campaign.id}"
    ).content.decode()
    assert re.search(rf'<option value="{campaign.id}" selected>', content)


def test_a_campaign_the_player_is_not_in_is_not_preselected(
    outsider_client: Client, campaign: Campaign
) -> None:
    for wanted in (str(campaign.id), "not-a-uuid"):
        response = outsider_client.get(reverse("characters:new") + f"?campaign={wanted}")
        assert response.status_code == 200
        assert str(campaign.id) not in response.content.decode()
