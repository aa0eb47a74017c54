"""Two decisions racing on one item, in real threads: one state, the loser told plainly."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection

from chargen.desk.models import Decision
from chargen.desk.services import DecisionConflict
from chargen.infinity_drive.gm.services import (
    character_approve,
    character_return,
    race_approve,
    race_reject,
)
from chargen.infinity_drive.models import (
    Character,
    CharacterStatus,
    Race,
    RaceStatus,
)

pytestmark = pytest.mark.django_db(transaction=True)


def _race_both(actions: list[Callable[[], object]]) -> tuple[list[object], list[BaseException]]:
    """Start every action at the same moment, each in its own thread and connection."""
    start_together = threading.Barrier(len(actions))
    results: list[object] = []
    errors: list[BaseException] = []

    def run(action: Callable[[], object]) -> None:
        try:
            start_together.wait(timeout=10)
            results.append(action())
        except BaseException as error:  # handed back to the test thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results, errors


def test_approve_and_reject_racing_on_a_race_end_in_one_state(darrian: Race, gm: User) -> None:
    results, errors = _race_both(
        [
            lambda: race_approve(race=Race.objects.get(pk=darrian.pk), by=gm, note="yes"),
            lambda: race_reject(race=Race.objects.get(pk=darrian.pk), by=gm, note="no"),
        ]
    )
    assert len(results) == 1
    assert len(errors) == 1
    assert isinstance(errors[0], DecisionConflict)
    assert "your decision was not recorded" in str(errors[0])
    darrian.refresh_from_db()
    decision = Decision.objects.get(race=darrian)
    expected = RaceStatus.APPROVED if decision.action == "approve" else RaceStatus.REJECTED
    assert darrian.status == expected
    assert darrian.gm_note == decision.note


def test_two_approvals_racing_on_a_character_record_one(submitted: Character, gm: User) -> None:
    results, errors = _race_both(
        [
            lambda: character_approve(character=Character.objects.get(pk=submitted.pk), by=gm),
            lambda: character_return(
                character=Character.objects.get(pk=submitted.pk), by=gm, note="fix it"
            ),
        ]
    )
    assert len(results) == 1
    assert [type(error) for error in errors] == [DecisionConflict]
    assert Decision.objects.filter(character=submitted).count() == 1
    submitted.refresh_from_db()
    assert submitted.status in {CharacterStatus.APPROVED, CharacterStatus.RETURNED}
    winner = Decision.objects.get(character=submitted)
    assert str(errors[0]).startswith(
        f"“Treva Donalson” was already {winner.get_action_display().lower()}"
    )
