"""A roller file's rolls are replayed through rules/ on import: a stored result its dice
do not give is refused, naming the roll, and nothing is saved.

The changed files are rechained and signed by another server's key, as anyone can: the
seals then prove nothing, and only the replay stands between the file and the sheet.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_bring_and_provenance import rechained_elsewhere
from tests.chargen.export.test_round_trip import comparable, delete, upload
from tests.chargen.migration.build_rollers import brannock, ysolde

UNIQUE = "unique_pool.unique"
MANA = "roll_and_keep.mana"


@pytest.fixture
def files(player: User, player_client: Client) -> dict[str, dict[str, Any]]:
    """Brannock (typed and server rolls, pushes, a crisis described) and Ysolde (rolls
    and contests), exported and then deleted from the server."""
    made: dict[str, UniqueCharacter | ManaCharacter] = {
        UNIQUE: brannock(player),
        MANA: ysolde(player),
    }
    documents = {kind: exported(player_client, kind, sheet) for kind, sheet in made.items()}
    for kind, sheet in made.items():
        delete(kind, sheet)
    return documents


def _log(document: dict[str, Any]) -> list[dict[str, Any]]:
    return list(document["characters"][0]["log"])


@pytest.mark.parametrize("kind", [UNIQUE, MANA])
def test_pushes_crises_and_contests_replay_and_import(
    kind: str, files: dict[str, dict[str, Any]], player_client: Client
) -> None:
    document = files[kind]
    response = upload(player_client, document)
    assert response.status_code == 302, response.content.decode()[-2000:]
    model = UniqueCharacter if kind == UNIQUE else ManaCharacter
    sheet = model.objects.get(pk=document["characters"][0]["id"])
    assert comparable(exported(player_client, kind, sheet)) == comparable(document)


def unique_total(document: dict[str, Any]) -> str:
    _log(document)[0]["fields"]["total"] = 999  # faces 2 4 4 6 1: 1+2+4+6
    return "Roll #1: the file says 999, the dice give 13."


def push_total(document: dict[str, Any]) -> str:
    _log(document)[1]["fields"]["total"] = 14  # a 5 pushed onto 13
    return "Roll #2: the file says 14, the dice give 18."


def push_no_crisis(document: dict[str, Any]) -> str:
    _log(document)[2]["fields"]["crisis"] = False  # a 4 pushed onto 1, 2, 4, 6, 5
    return "Roll #3: the file says no crisis, the dice give a crisis."


def push_kept(document: dict[str, Any]) -> str:
    _log(document)[0]["fields"]["details"]["kept"] = [1, 2, 4, 4, 6]
    return "Roll #1: the file says kept [1, 2, 4, 4, 6], the dice give [1, 2, 4, 6]."


def push_onto_an_old_roll(document: dict[str, Any]) -> str:
    _log(document)[5]["fields"]["pool_roll"] = 1
    return "Roll #6 is a push onto roll #1, not onto the latest pool roll (#5)."


def crisis_on_a_push_that_matched_nothing(document: dict[str, Any]) -> str:
    document["characters"][0]["character"]["crises"][0]["push"] = 2
    return "The sheet records a crisis on roll #2, which is not a push that matched"


def mana_successes(document: dict[str, Any]) -> str:
    row = next(row for row in _log(document) if row["fields"]["kind"] == "roll")
    right = row["fields"]["successes"]
    row["fields"]["successes"] = right + 5
    return f"Roll #{row['sequence']}: the file says {right + 5}, the dice give {right}."


def mana_summary(document: dict[str, Any]) -> str:
    row = next(row for row in _log(document) if row["fields"]["kind"] == "roll")
    row["fields"]["summary"] = "Rolled all tens: Extraordinary."
    return f"Roll #{row['sequence']}: the file says “Rolled all tens: Extraordinary.”"


def contest_margin(document: dict[str, Any]) -> str:
    row = next(row for row in _log(document) if row["fields"]["kind"] == "contest")
    right = row["fields"]["details"]["margin"]
    row["fields"]["details"]["margin"] = right + 9
    return f"Roll #{row['sequence']}: the file says a margin of {right + 9}, the dice give {right}."


def opponent_degree(document: dict[str, Any]) -> str:
    row = next(row for row in _log(document) if row["fields"]["kind"] == "contest")
    opponent = row["fields"]["details"]["opponent"]
    right = opponent["degree"]
    opponent["degree"] = "Extraordinary"
    return f"Roll #{row['sequence']}: the file says degree Extraordinary, the dice give {right}."


CASES: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
    (UNIQUE, unique_total),
    (UNIQUE, push_total),
    (UNIQUE, push_no_crisis),
    (UNIQUE, push_kept),
    (UNIQUE, push_onto_an_old_roll),
    (UNIQUE, crisis_on_a_push_that_matched_nothing),
    (MANA, mana_successes),
    (MANA, mana_summary),
    (MANA, contest_margin),
    (MANA, opponent_degree),
]


@pytest.mark.parametrize(("kind", "change"), CASES, ids=[case[1].__name__ for case in CASES])
def test_a_result_the_dice_do_not_give_is_refused_naming_the_roll(
    kind: str,
    change: Callable[[dict[str, Any]], str],
    files: dict[str, dict[str, Any]],
    player_client: Client,
) -> None:
    document = copy.deepcopy(files[kind])
    words = change(document)
    response = upload(player_client, rechained_elsewhere(document))
    page = response.content.decode()
    assert response.status_code == 400
    assert words in page
    assert "Nothing was imported." in page
    model = UniqueCharacter if kind == UNIQUE else ManaCharacter
    assert not model.objects.filter(pk=document["characters"][0]["id"]).exists()
