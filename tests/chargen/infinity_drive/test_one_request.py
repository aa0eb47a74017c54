"""One request per htmx action: a successful htmx POST is answered with
the step's partial drawn from the state just saved, at the step's address; a plain POST
keeps POST-redirect-GET. Either way a refresh shows the same saved dice."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from chargen.core.log_version import version_of
from chargen.infinity_drive.models import Character, CreationLogEntry
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
)
from tests.chargen.infinity_drive.views_helpers import HTMX, url

PARTIAL = re.compile(r'<title>[^<]*</title>\s*<div id="wizard"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], None]]]]


def from_page(name: str, character: Character) -> dict[str, str]:
    """The headers htmx sends from a page of this character's wizard."""
    return {**HTMX, "HX-Current-URL": f"http://testserver{url(name, character)}"}


def _shown(content: bytes) -> str:
    """The page as the player sees it (each render masks the CSRF token afresh)."""
    return CSRF.sub("", content.decode())


def test_an_htmx_roll_is_answered_with_the_step_in_one_response(
    player_client: Client, draft: Character
) -> None:
    headers = from_page("characteristics", draft)
    chosen = player_client.post(
        url("method", draft), {"sequence": 1, "method": "dice"}, headers=headers
    )
    rolled = player_client.post(url("roll_characteristic", draft), {"sequence": 2}, headers=headers)
    for response in (chosen, rolled):
        assert response.status_code == 200, "no 303 for htmx to follow with a second request"
        assert "Location" not in response
        assert PARTIAL.match(response.content.decode().lstrip())
        assert response["HX-Replace-Url"] == url("characteristics", draft)
        assert "HX-Push-Url" not in response
    roll = CreationLogEntry.objects.get(character=draft, sequence=2)
    assert f'data-sequence="{roll.sequence}"' in rolled.content.decode()


def test_what_the_htmx_answer_shows_is_what_a_refresh_shows(
    player_client: Client, draft: Character
) -> None:
    """The dice promise: the answer is drawn from the saved log, as the GET is."""
    headers = from_page("characteristics", draft)
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"}, headers=headers)
    rolled = player_client.post(url("roll_characteristic", draft), {"sequence": 2}, headers=headers)
    refreshed = player_client.get(url("characteristics", draft), headers=headers)
    assert _shown(rolled.content) == _shown(refreshed.content)
    plain_page = player_client.get(url("characteristics", draft)).content.decode()
    roll = CreationLogEntry.objects.get(character=draft, sequence=2)
    assert f'data-sequence="{roll.sequence}"' in plain_page


def test_a_double_click_is_answered_with_the_roll_already_saved(
    player_client: Client, draft: Character
) -> None:
    headers = from_page("characteristics", draft)
    player_client.post(url("method", draft), {"sequence": 1, "method": "dice"}, headers=headers)
    first = player_client.post(url("roll_characteristic", draft), {"sequence": 2}, headers=headers)
    again = player_client.post(url("roll_characteristic", draft), {"sequence": 2}, headers=headers)
    assert again.status_code == 200
    # The same roll, not a new one, and said to be the one already saved.
    note = re.compile(r'<p class="[^"]*" role="status" data-already-saved>[^<]*</p>')
    assert len(note.findall(_shown(again.content))) == 1
    assert note.sub("", _shown(again.content)) == _shown(first.content)
    assert CreationLogEntry.objects.filter(character=draft, kind="characteristic_roll").count() == 1


def test_moving_on_pushes_the_next_step_and_a_plain_post_still_redirects(
    player_client: Client, draft: Character
) -> None:
    moved = player_client.post(
        url("concept", draft),
        {"sequence": 1, "name": "Treva", "concept": "Mechanic"},
        headers=from_page("concept", draft),
    )
    assert moved.status_code == 200
    assert moved["HX-Push-Url"] == url("characteristics", draft)
    assert "Treva: 2." in moved.content.decode()  # the next step's title, with the new name
    # Sequence 1 is now the name and concept just saved.
    plain = player_client.post(url("method", draft), {"sequence": 2, "method": "dice"})
    assert plain.status_code == 303
    assert plain["Location"] == url("characteristics", draft)


def test_an_htmx_undo_answers_with_the_step_without_the_undone_choice(
    player_client: Client, draft: Character
) -> None:
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
    assert 'name="race"' in response.content.decode(), "the race may be chosen again"


@pytest.fixture
def twins(player: User) -> tuple[Character, Character]:
    """Two characters at the same point, so one request can be weighed against two."""
    made = []
    for name in ("Treva", "Ulla"):
        character = Character.objects.create(owner=player, name=name)
        roll_book_characteristics(character)
        darrian(character)
        citizen_construction(character)
        made.append(character)
    return made[0], made[1]


def test_the_htmx_answer_costs_fewer_queries_than_post_and_get(
    player_client: Client, twins: tuple[Character, Character]
) -> None:
    plain_one, htmx_one = twins
    plain_roll = {"sequence": next_sequence(plain_one), "faces": "4 5"}
    htmx_roll = {"sequence": next_sequence(htmx_one), "faces": "4 5"}
    # Warm the rule data cache, which either path would otherwise pay for once.
    player_client.get(url("skills", plain_one))
    with CaptureQueriesContext(connection) as plain:
        posted = player_client.post(url("roll_skill", plain_one), plain_roll)
        player_client.get(posted["Location"])
    with CaptureQueriesContext(connection) as htmx:
        answered = player_client.post(
            url("roll_skill", htmx_one), htmx_roll, headers=from_page("skills", htmx_one)
        )
    assert answered.status_code == 200
    assert len(htmx) < len(plain), (len(htmx), len(plain))
    whole_log_reads = [
        query["sql"]
        for query in htmx.captured_queries
        if 'FROM "characters_creationlogentry"' in query["sql"] and "LIMIT" not in query["sql"]
    ]
    # One read, under the write's lock: the answer is drawn from the rows that write
    # read and saved (page_progress.py's `progress_after_write`), not from a second read.
    assert len(whole_log_reads) == 1, whole_log_reads


def skill_roll_statements(client: Client, character: Character) -> list[str]:
    """The SQL of one htmx skill roll with typed dice, answered with the step."""
    with CaptureQueriesContext(connection) as captured:
        answered = client.post(
            url("roll_skill", character),
            {"sequence": next_sequence(character), "faces": "4 5"},
            headers=from_page("skills", character),
        )
    assert answered.status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def test_a_step_post_reads_the_character_once_and_that_read_is_its_lock(
    player_client: Client, twins: tuple[Character, Character]
) -> None:
    """The owner's read is the write's lock (access.py's `character_for_owner(lock=True)`):
    no second read of the row to lock it."""
    character = twins[0]
    player_client.get(url("skills", character))  # the rule data, read once per process
    table = Character._meta.db_table
    reads = [
        sql
        for sql in skill_roll_statements(player_client, character)
        if sql.startswith("SELECT")
        and f'FROM "{table}"' in sql
        and (character.pk.hex in sql or str(character.pk) in sql)
    ]
    assert len(reads) == 1, "\n".join(reads)
    if connection.vendor == "postgresql":
        assert f'FOR NO KEY UPDATE OF "{table}"' in reads[0]


def test_a_step_post_writes_the_character_row_once_with_its_version_and_snapshot(
    player_client: Client, twins: tuple[Character, Character]
) -> None:
    """The kernel holds the new log version on the character in hand and the snapshot's
    save writes both (log_version.py's `hold_version`): one UPDATE a click."""
    character = twins[0]
    table = Character._meta.db_table
    updates = [
        sql
        for sql in skill_roll_statements(player_client, character)
        if sql.startswith(f'UPDATE "{table}"')
    ]
    assert len(updates) == 1, "\n".join(updates)
    assert '"log_version"' in updates[0]
    assert '"snapshot"' in updates[0]
    stored = Character.objects.get(pk=character.pk)
    newest = CreationLogEntry.objects.filter(character=character).order_by("-sequence")[0]
    assert stored.log_version == version_of(newest.sequence, newest.entry_hash)


def test_the_next_step_post_reads_the_log_the_last_one_left_from_the_cache(
    player_client: Client,
    draft: Character,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:
    """Each write keeps the log it leaves once it commits (chargen/core/log_cache.py): the
    next click's lock finds it at the version it reads, and reads no log row."""
    headers = from_page("characteristics", draft)
    with django_capture_on_commit_callbacks(execute=True):
        player_client.post(url("method", draft), {"sequence": 1, "method": "dice"}, headers=headers)
    with CaptureQueriesContext(connection) as captured:
        rolled = player_client.post(
            url("roll_characteristic", draft), {"sequence": 2}, headers=headers
        )
    assert rolled.status_code == 200
    log_reads = [
        query["sql"]
        for query in captured.captured_queries
        if query["sql"].startswith("SELECT")
        and 'FROM "characters_creationlogentry"' in query["sql"]
    ]
    assert log_reads == []
    roll = CreationLogEntry.objects.get(character=draft, sequence=2)
    assert f'data-sequence="{roll.sequence}"' in rolled.content.decode()
