"""Back means back: each wizard step is one entry in the browser's
history. An htmx answer that moves to another step pushes its address; one that stays on
the step (a roll, a placement, an undo, a note) replaces it. A GET of a step page, however
it comes (a link, htmx, Back), changes nothing, so Back never re-rolls."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from chargen.infinity_drive.page_progress import progress_now
from chargen.infinity_drive.services_finish import finish_load
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
)

HTMX = {"HX-Request": "true"}
STEP_PAGES = (
    "concept",
    "characteristics",
    "race",
    "learner",
    "career",
    "skills",
    "equipment",
    "history",
    "review",
)


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def from_page(name: str, character: Character) -> dict[str, str]:
    """The headers htmx sends from a page of this character's wizard."""
    return {**HTMX, "HX-Current-URL": f"http://testserver{url(name, character)}"}


def database_state(character: Character) -> tuple[Any, ...]:
    entries = CreationLogEntry.objects.filter(character=character).order_by("sequence")
    return (
        list(entries.values()),
        Character.objects.filter(pk=character.pk).values().get(),
        CreationLogEntry.objects.count(),
    )


@pytest.fixture
def at_the_career(draft: Character) -> Character:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    return draft


# --- Push on a new step, replace within one ----------------------------------------------


def test_moving_to_the_next_step_pushes_one_history_entry(
    player_client: Client, draft: Character
) -> None:
    response = player_client.post(
        url("concept", draft),
        {"sequence": 1, "name": "Treva", "concept": "Mechanic"},
        headers=from_page("concept", draft),
    )
    assert response.status_code == 200  # the next step itself, in the same answer
    assert "you must pick one and stick with it" in response.content.decode()
    assert response["HX-Push-Url"] == url("characteristics", draft)
    assert "HX-Replace-Url" not in response


def test_a_roll_and_a_placement_replace_the_address(
    player_client: Client, draft: Character
) -> None:
    headers = from_page("characteristics", draft)
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"}, headers=headers)
    rolled = player_client.post(url("roll_characteristic", draft), {"sequence": 2}, headers=headers)
    placed = player_client.post(
        url("place_characteristic", draft),
        {"sequence": 3, "characteristic": "Chz"},
        headers=headers,
    )
    for response in (rolled, placed):
        assert response.status_code == 200
        assert response["HX-Replace-Url"] == url("characteristics", draft)
        assert "HX-Push-Url" not in response
    assert next_sequence(draft) == 4


def test_an_undo_replaces_the_address(player_client: Client, draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    race_entry = CreationLogEntry.objects.filter(character=draft).order_by("sequence").last()
    assert race_entry is not None
    response = player_client.post(
        url("undo", draft),
        {"sequence": race_entry.sequence, "step": "race"},
        headers=from_page("race", draft),
    )
    assert response.status_code == 200
    assert response["HX-Replace-Url"] == url("race", draft)
    assert "HX-Push-Url" not in response


def _undo_of_a_placement_from_the_race_page(client: Client, draft: Character, **extra: Any) -> Any:
    roll_book_characteristics(draft)  # the race step open; its newest decision a placement
    undoable = progress_now(draft).undoable_entry
    assert undoable is not None
    assert undoable.kind == "characteristic_place"
    return client.post(url("undo", draft), {"sequence": undoable.sequence, "step": "race"}, **extra)


def test_an_undo_that_reopens_an_earlier_step_answers_with_that_step(
    player_client: Client, draft: Character
) -> None:
    """The race page's undo takes back the last placement: the characteristics are not
    done any more, so the player is shown them, not a race step that is not open yet."""
    response = _undo_of_a_placement_from_the_race_page(
        player_client, draft, headers=from_page("race", draft)
    )
    assert response.status_code == 200
    shown_at = response.get("HX-Push-Url") or response.get("HX-Replace-Url")
    assert shown_at == url("characteristics", draft)
    assert "2. Characteristics" in response.content.decode()
    assert "Not yet" not in response.content.decode()


def test_a_plain_undo_that_reopens_an_earlier_step_goes_there(
    player_client: Client, draft: Character
) -> None:
    response = _undo_of_a_placement_from_the_race_page(player_client, draft)
    assert response.status_code == 303
    assert response["Location"] == url("characteristics", draft)


def test_a_note_beside_a_roll_leaves_the_address_alone(
    player_client: Client, at_the_career: Character
) -> None:
    roll = finish_load(at_the_career).history[0].sequence
    response = player_client.post(
        reverse("characters:history_note", args=[at_the_career.id, roll]),
        {"sequence": next_sequence(at_the_career), f"note_{roll}": "Her father's wrench"},
        headers=from_page("career", at_the_career),
    )
    assert response.status_code == 200
    assert "HX-Push-Url" not in response
    assert "HX-Replace-Url" not in response


def test_a_stepper_link_followed_by_htmx_would_push(
    player_client: Client, at_the_career: Character
) -> None:
    """Any htmx GET of another step's page pushes; of the same page, replaces."""
    other = player_client.get(
        url("race", at_the_career), headers=from_page("career", at_the_career)
    )
    same = player_client.get(
        url("career", at_the_career), headers=from_page("career", at_the_career)
    )
    assert other["HX-Push-Url"] == url("race", at_the_career)
    assert same["HX-Replace-Url"] == url("career", at_the_career)


# --- GET changes nothing; Back loads the whole page ---------------------------------------


@pytest.mark.parametrize("page", STEP_PAGES)
def test_a_get_of_any_step_page_changes_nothing(
    player_client: Client, at_the_career: Character, page: str
) -> None:
    before = database_state(at_the_career)
    for headers in (
        {},
        from_page(page, at_the_career),
        {**from_page("skills", at_the_career), "HX-History-Restore-Request": "true"},
    ):
        response = player_client.get(url(page, at_the_career), headers=headers)
        assert response.status_code == 200, (page, headers)
    assert database_state(at_the_career) == before


def test_a_history_restore_gets_the_whole_page(
    player_client: Client, at_the_career: Character
) -> None:
    response = player_client.get(
        url("race", at_the_career),
        headers={**from_page("career", at_the_career), "HX-History-Restore-Request": "true"},
    )
    content = response.content.decode()
    assert "<html" in content
    assert 'aria-current="step"' in content
    assert "HX-Push-Url" not in response


def test_back_keeps_no_snapshot_of_a_page(player_client: Client, draft: Character) -> None:
    """A kept snapshot would show stale forms; Back loads the page from the server."""
    content = player_client.get(url("characteristics", draft)).content.decode()
    assert '"historyCacheSize": 0' in content
    assert '"refreshOnHistoryMiss": true' in content


# --- Where a character opens ---------------------------------------------------------------


@pytest.mark.parametrize(
    "status", [CharacterStatus.SUBMITTED, CharacterStatus.APPROVED, CharacterStatus.FINISHED]
)
def test_a_finished_character_opens_its_sheet(
    player_client: Client, at_the_career: Character, status: str
) -> None:
    Character.objects.filter(pk=at_the_career.pk).update(status=status)
    response = player_client.get(url("resume", at_the_career))
    assert response.status_code == 302
    assert response["Location"] == url("sheet", at_the_career)


def test_a_draft_opens_where_it_was_left(player_client: Client, at_the_career: Character) -> None:
    response = player_client.get(url("resume", at_the_career))
    assert response["Location"] == url("skills", at_the_career)


def test_the_dashboard_lists_them(player_client: Client, draft: Character) -> None:
    page = player_client.get(url("skills", draft)).content.decode()
    assert f'href="{reverse("home")}">Dashboard</a>' in page
    home = player_client.get(reverse("home")).content.decode()
    assert f'href="{url("resume", draft)}">{draft.name}</a>' in home
