"""The wizard's posts, plain and htmx: starting a character, replayed and typed rolls, posts
out of order, extra fields, locked choices, point buy, finished characters, and undoing a
table choice."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.log import effective
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    roll_book_characteristics,
    skill,
)
from tests.chargen.infinity_drive.views_helpers import HTMX, url


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


def test_start_double_clicked_makes_one_draft(player_client: Client) -> None:
    """The start page's one-time key: the same form twice answers with the first draft;
    a fresh page (a new key) starts another; a damaged key is refused on top."""
    page = player_client.get(reverse("characters:new")).content.decode()
    key = re.search(r'name="start_key" value="([0-9a-f-]+)"', page)
    assert key, "the start page carries its one-time key"
    form = {"name": "Vel", "concept": "", "campaign": "", "start_key": key.group(1)}
    first = player_client.post(reverse("characters:new"), form)
    second = player_client.post(reverse("characters:new"), form)
    character = Character.objects.get(name="Vel")
    assert first["Location"] == second["Location"] == url("characteristics", character)
    other = re.search(
        r'name="start_key" value="([0-9a-f-]+)"',
        player_client.get(reverse("characters:new")).content.decode(),
    )
    assert other
    assert other.group(1) != key.group(1)
    player_client.post(reverse("characters:new"), {**form, "start_key": other.group(1)})
    assert Character.objects.filter(name="Vel").count() == 2
    damaged = player_client.post(reverse("characters:new"), {**form, "start_key": "x"})
    assert damaged.status_code == 400
    assert "one-time key is damaged" in damaged.content.decode()
    assert Character.objects.filter(name="Vel").count() == 2


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


def test_every_point_buy_value_out_of_bounds_is_named(
    player_client: Client, draft: Character
) -> None:
    """Two boxes outlined, two named: a user's try saw Grace outlined with no word on it."""
    player_client.post(url("method", draft), {"sequence": 1, "method": "point_buy"})
    values = {"Mus": 13, "Grc": 1, "Res": 7, "Int": 7, "Sty": 7, "Chz": 7, "Mtp": 7}
    response = player_client.post(url("points", draft), {"sequence": 2, **values})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Muscle (13) and Grace (1): each characteristic starts at 2 to C (12)." in page
    assert page.count('aria-invalid="true" data-point') == 2
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
    concept = player_client.post(
        url("concept", draft), {"sequence": 1, "name": "New name", "concept": "x"}
    )
    assert concept.status_code == 400
    draft.refresh_from_db()
    assert draft.name == "Treva Donalson"


def test_concept_can_be_edited_while_a_draft(player_client: Client, draft: Character) -> None:
    form = {"sequence": 1, "name": "Treva", "concept": "Fixer"}
    response = player_client.post(url("concept", draft), form)
    assert response.status_code == 303
    draft.refresh_from_db()
    assert (draft.name, draft.concept) == ("Treva", "Fixer")
    [row] = log_entries(draft)
    assert (row.kind, row.payload) == ("concept", {"name": "Treva", "concept": "Fixer"})
    # A double-click: the same form again is the saved row, not a second one.
    assert player_client.post(url("concept", draft), form).status_code == 303
    assert len(log_entries(draft)) == 1
    # Another tab, drawn before the first save, with other words: stale, nothing saved.
    stale = player_client.post(
        url("concept", draft), {"sequence": 1, "name": "Treva", "concept": "Pilot"}
    )
    assert stale.status_code == 400
    assert "the page changed since it was drawn" in stale.content.decode()
    draft.refresh_from_db()
    assert draft.concept == "Fixer"
    assert len(log_entries(draft)) == 1


def test_a_concept_edit_without_its_key_is_refused(player_client: Client, draft: Character) -> None:
    response = player_client.post(url("concept", draft), {"name": "Treva", "concept": "Fixer"})
    assert response.status_code == 400
    draft.refresh_from_db()
    assert draft.concept != "Fixer"
    assert not log_entries(draft)


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
