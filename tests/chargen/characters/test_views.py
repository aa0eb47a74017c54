"""The wizard's pages and posts: plain and htmx, owners and strangers, in and out of order."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.characters.log import log_entries
from chargen.characters.models import Character, CharacterStatus, CreationLogEntry
from chargen.core.log import effective
from tests.chargen.characters.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
)

HTMX: dict[str, Any] = {"HX-Request": "true"}
STEP_PAGES = ("concept", "characteristics", "race", "learner", "career", "skills")


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


@pytest.mark.parametrize("page", STEP_PAGES)
def test_every_step_page_shows_the_stepper_to_the_owner(
    player_client: Client, draft: Character, page: str
) -> None:
    response = player_client.get(url(page, draft))
    assert response.status_code == 200
    content = response.content.decode()
    assert 'class="stepper"' in content
    assert 'aria-current="step"' in content
    assert "<html" in content


@pytest.mark.parametrize("page", STEP_PAGES)
def test_an_htmx_request_gets_only_the_wizard_partial(
    player_client: Client, draft: Character, page: str
) -> None:
    response = player_client.get(url(page, draft), headers=HTMX)
    assert response.status_code == 200
    content = response.content.decode()
    assert re.match(r'<title>[^<]*</title>\s*<div id="wizard"', content.lstrip())
    assert "<html" not in content


@pytest.mark.parametrize("page", STEP_PAGES)
def test_other_people_get_404(
    other_player_client: Client,
    outsider_client: Client,
    gm_client: Client,
    draft: Character,
    page: str,
) -> None:
    for client in (other_player_client, outsider_client, gm_client):
        assert client.get(url(page, draft)).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client: Client, draft: Character) -> None:
    response = client.get(url("characteristics", draft))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_posting_on_someone_elses_character_is_404_and_changes_nothing(
    other_player_client: Client, draft: Character
) -> None:
    response = other_player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    assert response.status_code == 404
    assert not log_entries(draft)


def test_a_garbage_id_is_404(player_client: Client) -> None:
    assert player_client.get("/characters/not-a-uuid/skills/").status_code == 404


def test_new_character_is_saved_at_once_and_resumes_there(
    player_client: Client, campaign: Campaign
) -> None:
    response = player_client.post(
        reverse("characters:new"),
        {"name": "Vel", "concept": "A smuggler", "campaign": str(campaign.id)},
    )
    assert response.status_code == 303
    character = Character.objects.get(name="Vel")
    assert character.campaign == campaign
    assert character.status == CharacterStatus.DRAFT
    resumed = player_client.get(reverse("characters:resume", args=[character.id]))
    assert resumed["Location"] == url("characteristics", character)


def test_new_character_in_a_campaign_you_are_not_in_is_refused(
    outsider_client: Client, campaign: Campaign
) -> None:
    response = outsider_client.post(
        reverse("characters:new"), {"name": "Spy", "concept": "", "campaign": str(campaign.id)}
    )
    assert response.status_code == 400
    assert not Character.objects.filter(name="Spy").exists()


def test_a_roll_posted_twice_shows_the_same_roll(player_client: Client, draft: Character) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    first = player_client.post(url("roll_characteristic", draft), {"sequence": 2}, follow=True)
    again = player_client.post(url("roll_characteristic", draft), {"sequence": 2}, follow=True)
    assert first.status_code == again.status_code == 200
    rolls = CreationLogEntry.objects.filter(character=draft, kind="characteristic_roll")
    assert rolls.count() == 1
    shown = f'data-sequence="{rolls.get().sequence}"'
    assert shown in first.content.decode()
    assert shown in again.content.decode()


def test_a_typed_roll_is_marked_entered(player_client: Client, draft: Character) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    response = player_client.post(
        url("roll_characteristic", draft), {"sequence": 2, "faces": "6 5"}, follow=True
    )
    entry = CreationLogEntry.objects.get(character=draft, sequence=2)
    assert entry.faces == [6, 5]
    assert entry.entered
    assert "die entered" in response.content.decode()


def test_bad_typed_dice_get_a_message_at_the_field_and_change_nothing(
    player_client: Client, draft: Character
) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    response = player_client.post(
        url("roll_characteristic", draft), {"sequence": 2, "faces": "7 1"}
    )
    assert response.status_code == 400
    assert "invalid-feedback" in response.content.decode()
    assert "a d6 shows 1 to 6" in response.content.decode()
    assert len(log_entries(draft)) == 1


def test_an_out_of_order_post_says_why_and_changes_nothing(
    player_client: Client, draft: Character
) -> None:
    response = player_client.post(url("choose_career", draft), {"sequence": 1, "career": "Citizen"})
    assert response.status_code == 400
    assert "Not now" in response.content.decode()
    assert not log_entries(draft)


def test_an_out_of_order_htmx_post_is_swapped_in_with_its_message(
    player_client: Client, draft: Character
) -> None:
    response = player_client.post(url("roll_skill", draft), {"sequence": 1}, headers=HTMX)
    assert response.status_code == 200
    content = response.content.decode()
    assert re.match(r'<title>[^<]*</title>\s*<div id="wizard"', content.lstrip())
    assert "Not now" in content
    assert not log_entries(draft)


def test_an_htmx_post_follows_to_the_partial(player_client: Client, draft: Character) -> None:
    response = player_client.post(
        url("method", draft), {"sequence": 1, "method": "point_buy"}, headers=HTMX, follow=True
    )
    assert response.status_code == 200
    assert re.match(r'<title>[^<]*</title>\s*<div id="wizard"', response.content.decode().lstrip())
    assert "Points left" in response.content.decode()


def test_extra_fields_in_a_post_are_ignored(player_client: Client, draft: Character) -> None:
    player_client.post(
        url("method", draft),
        {"sequence": 1, "method": "dice", "status": "finished", "owner": "1", "faces": ""},
    )
    draft.refresh_from_db()
    assert draft.status == CharacterStatus.DRAFT
    entry = CreationLogEntry.objects.get(character=draft)
    assert entry.payload == {"method": "dice"}


def test_the_method_is_locked_once_chosen(player_client: Client, draft: Character) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    response = player_client.post(url("method", draft), {"sequence": 2, "method": "point_buy"})
    assert response.status_code == 400
    assert [entry.kind for entry in log_entries(draft)] == ["method"]
    undo = player_client.post(url("undo", draft), {"sequence": 1, "step": "characteristics"})
    assert undo.status_code == 400
    assert len(log_entries(draft)) == 1


def test_point_buy_out_of_bounds_is_refused_at_the_form(
    player_client: Client, draft: Character
) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "point_buy"})
    values = {"Mus": 13, "Grc": 7, "Res": 7, "Int": 7, "Sty": 7, "Chz": 7, "Mtp": 2}
    response = player_client.post(url("points", draft), {"sequence": 2, **values})
    assert response.status_code == 400
    assert "above C (12)" in response.content.decode()
    assert len(log_entries(draft)) == 1


def test_point_buy_must_spend_the_total(player_client: Client, draft: Character) -> None:
    player_client.post(url("method", draft), {"sequence": 1, "method": "point_buy"})
    values = {"Mus": 7, "Grc": 7, "Res": 7, "Int": 7, "Sty": 7, "Chz": 7, "Mtp": 7}
    response = player_client.post(url("points", draft), {"sequence": 2, **values})
    assert response.status_code == 400
    assert "1 is left" in response.content.decode()
    values["Mtp"] = 8
    response = player_client.post(url("points", draft), {"sequence": 2, **values})
    assert response.status_code == 303
    page = player_client.get(url("characteristics", draft)).content.decode()
    assert "7777778" in page


def test_a_finished_character_changes_nothing(player_client: Client, draft: Character) -> None:
    draft.status = CharacterStatus.FINISHED
    draft.save()
    response = player_client.post(url("method", draft), {"sequence": 1, "method": "dice"})
    assert response.status_code == 400
    assert "finished" in response.content.decode()
    assert not log_entries(draft)
    concept = player_client.post(url("concept", draft), {"name": "New name", "concept": "x"})
    assert concept.status_code == 400
    draft.refresh_from_db()
    assert draft.name == "Treva Donalson"


def test_concept_can_be_edited_while_a_draft(player_client: Client, draft: Character) -> None:
    response = player_client.post(url("concept", draft), {"name": "Treva", "concept": "Fixer"})
    assert response.status_code == 303
    draft.refresh_from_db()
    assert (draft.name, draft.concept) == ("Treva", "Fixer")


def test_a_table_choice_can_be_undone_but_not_its_roll(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    skill(draft, "1 1", "construction-academic")
    entries = log_entries(draft)
    choice, rolled = entries[-1], entries[-2]
    response = player_client.post(
        url("undo", draft), {"sequence": choice.sequence, "step": "skills"}
    )
    assert response.status_code == 303
    # The undo is appended; the choice stays in the log, cancelled (the GM sees both).
    undo = log_entries(draft)[-1]
    assert (undo.kind, undo.payload) == ("undo", {"cancels": choice.sequence})
    assert [entry.sequence for entry in effective(log_entries(draft))][-1] == rolled.sequence
    again = player_client.post(url("undo", draft), {"sequence": rolled.sequence, "step": "skills"})
    assert again.status_code == 400
    assert "never taken back" in again.content.decode()
    assert effective(log_entries(draft))[-1].faces == rolled.faces


def test_the_gm_sees_an_undone_decision_and_the_undo(
    player_client: Client, gm_client: Client, campaign_draft: Character
) -> None:
    roll_book_characteristics(campaign_draft)
    darrian(campaign_draft)
    citizen_construction(campaign_draft)
    skill(campaign_draft, "1 1", "construction-academic")
    choice = log_entries(campaign_draft)[-1]
    player_client.post(url("undo", campaign_draft), {"sequence": choice.sequence, "step": "skills"})
    assert campaign_draft.campaign is not None
    page = gm_client.get(
        reverse(
            "desk:party_character",
            kwargs={"campaign_id": campaign_draft.campaign.id, "character_id": campaign_draft.id},
        )
    ).content.decode()
    assert page.count('data-cancelled="true"') == 1
    assert f"Undoes #{choice.sequence}" in page


def test_the_skill_page_shows_each_tables_entry_and_why_not(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    player_client.post(url("roll_skill", draft), {"sequence": next_sequence(draft), "faces": "4 5"})
    content = player_client.get(url("skills", draft)).content.decode()
    assert "Psychic" in content  # 9 on the Construction Academic table
    assert "Reroll once" in content
    assert "You still owe 10 academic rolls" in content


def test_survival_odds_are_shown_before_rolling(player_client: Client, draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(draft, faces, "construction-academic")
    content = player_client.get(url("skills", draft)).content.decode()
    assert "Roll for survival" in content
    assert "beat <strong>3</strong>" in content
    assert "91.7%" in content  # 2d6 above 3: 33 of 36


def test_the_query_count_does_not_grow_with_the_rolls(
    player_client: Client, draft: Character, django_assert_max_num_queries: Any
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    player_client.get(url("skills", draft))  # the rulebook is now cached
    with django_assert_max_num_queries(8):
        player_client.get(url("skills", draft))
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(draft, faces, "construction-academic")
    player_client.post(
        url("roll_survival", draft), {"sequence": next_sequence(draft), "faces": "5 5"}
    )
    for faces in ("4 4", "3 3"):
        skill(draft, faces, "construction-academic")
    with django_assert_max_num_queries(8):
        player_client.get(url("skills", draft))


def test_the_home_page_lists_drafts_with_their_progress(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    content = player_client.get(reverse("home")).content.decode()
    assert "Infinity Drive characters" in content
    assert "Drafts" in content
    assert "Treva Donalson" in content
    assert "58C2874" in content
    assert "Race and career next" in content


def test_the_character_list_groups_drafts_finished_and_dead(
    player_client: Client, player: User
) -> None:
    Character.objects.create(owner=player, name="Alive", status=CharacterStatus.FINISHED)
    Character.objects.create(owner=player, name="Gone", status=CharacterStatus.DEAD)
    content = player_client.get(reverse("characters:list")).content.decode()
    assert content.index("Finished") < content.index("Alive") < content.index("Dead")
    assert content.index("Dead") < content.index("Gone")


def test_a_failed_survival_offers_death_or_setback_with_the_roll_shown(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(draft, faces, "construction-academic")
    player_client.post(
        url("roll_survival", draft), {"sequence": next_sequence(draft), "faces": "1 2"}
    )
    survival = log_entries(draft)[-1]
    content = player_client.get(url("skills", draft)).content.decode()
    assert "The character dies" in content
    assert "Suffer a setback" in content
    assert "did not beat 3" in content
    assert f'data-sequence="{survival.sequence}"' in content


def _prepare_dice_method(character: Character) -> str:
    from chargen.characters import services

    services.character_choose_method(character=character, expected_sequence=1, method="dice")
    return "roll_characteristic"


def _prepare_specialisation(character: Character) -> str:
    from chargen.characters import services

    roll_book_characteristics(character)
    darrian(character)
    services.character_choose_career(
        character=character, expected_sequence=next_sequence(character), career="Citizen"
    )
    return "roll_specialisation"


def _prepare_skill_roll(character: Character) -> str:
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)
    return "roll_skill"


def _prepare_survival(character: Character) -> str:
    _prepare_skill_roll(character)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(character, faces, "construction-academic")
    return "roll_survival"


@pytest.mark.parametrize(
    "prepare",
    [_prepare_dice_method, _prepare_specialisation, _prepare_skill_roll, _prepare_survival],
    ids=["characteristic", "specialisation", "skill", "survival"],
)
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_bad_typed_dice_are_explained_once_beside_the_field(
    player_client: Client, draft: Character, prepare: Any, headers: dict[str, Any]
) -> None:
    action = prepare(draft)
    before = len(log_entries(draft))
    response = player_client.post(
        url(action, draft), {"sequence": next_sequence(draft), "faces": "9 9"}, headers=headers
    )
    content = response.content.decode()
    beside_the_field = re.search(r'<div class="invalid-feedback">(.+?)</div>', content)
    assert beside_the_field, "the reason is drawn beside the faces field"
    assert "d6" in beside_the_field.group(1), "the reason names the die"
    assert content.count(beside_the_field.group(1)) == 1, "said once, not again on top"
    assert 'id="step-error"' not in content
    assert len(log_entries(draft)) == before


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_bad_typed_dice_on_the_one_reroll_are_explained_on_top(
    player_client: Client, draft: Character, headers: dict[str, str]
) -> None:
    """The reroll form draws no field error of its own, so the reason goes on top."""
    _prepare_skill_roll(draft)
    # 9 on Construction Academic is Psychic, whose prerequisite Treva lacks: one reroll.
    player_client.post(url("roll_skill", draft), {"sequence": next_sequence(draft), "faces": "4 5"})
    before = len(log_entries(draft))
    response = player_client.post(
        url("reroll_skill", draft),
        {"sequence": next_sequence(draft), "table": "construction-academic", "faces": "9 9"},
        headers=headers,
    )
    content = response.content.decode()
    on_top = re.search(r'id="step-error">(.+?)</div>', content)
    assert on_top, "the reason is on the page"
    assert "d6" in on_top.group(1)
    assert content.count(on_top.group(1)) == 1
    assert len(log_entries(draft)) == before
    assert "Reroll once" in content, "the reroll is still offered"
