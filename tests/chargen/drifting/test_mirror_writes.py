"""Two players acting on each other at the same moment, on PostgreSQL: no deadlock.

Jim shares a mark with Linda (or assists her) while Linda does the same for Jim. Each
write locks its own character first (the kernel's order), then writes a row that
points at the other character: on PostgreSQL that row's foreign-key check takes
FOR KEY SHARE on the other character, and the shared mark's log row also claims a
(character, sequence) slot in the other's log. A barrier holds each thread just
before that row until both have got there, so each holds its own lock by then: the
moment a deadlock needs. Both actions must succeed, one after the other.

SQLite serialises writers at BEGIN, so the barrier could never be reached by both:
these run only on PostgreSQL (DATABASE_URL=postgres://…).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest
from django.db import connection
from django.db.models import Model
from django.db.models.signals import pre_save

from chargen.drifting import services
from chargen.drifting.models import Character, LogEntry, LogKind, PendingAssist
from chargen.drifting.services import StaleForm

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks are tested on the PostgreSQL run (DATABASE_URL=postgres://…)")


@contextmanager
def both_hold_their_own_lock(
    model: type[Model], reaches_other: Callable[[Any], bool]
) -> Iterator[None]:
    """Hold each thread just before it saves a `model` row that reaches the other
    character (`reaches_other`), until both threads are there or a moment has passed:
    a write that waits on the other's lock never gets there, and then the barrier
    gives up so the test sees what the database did rather than hanging."""
    overlap = threading.Barrier(2)

    def wait_for_the_other(sender: type[Model], instance: Any, **kwargs: Any) -> None:
        if reaches_other(instance):
            with suppress(threading.BrokenBarrierError):
                overlap.wait(timeout=3)

    pre_save.connect(wait_for_the_other, sender=model, weak=False, dispatch_uid="mirror")
    try:
        yield
    finally:
        pre_save.disconnect(sender=model, dispatch_uid="mirror")


def at_the_same_moment(*actions: Callable[[], Any]) -> list[Any]:
    """Run each action in its own thread and connection; raise the first error."""
    start_together = threading.Barrier(len(actions))
    results: list[Any] = [None] * len(actions)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            start_together.wait(timeout=10)
            results[index] = actions[index]()
        except BaseException as error:  # handed back to the test thread below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(actions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors, errors
    return results


def fresh(character: Character) -> Character:
    return Character.objects.get(pk=character.pk)


def sharing(token: str, other: Character) -> services.RollChoices:
    return services.RollChoices(
        applicable=(token,), deplete={token: 1}, share_token=token, share_with=other
    )


def roll_sharing(character: Character, key: int, token: str, other: Character) -> LogEntry:
    """The roll as the player makes it: a mark shared into their log by the other may
    take the slot their open form was drawn for, and then the form is refused (nothing
    saved, as for a second tab) and they roll again from the reloaded sheet."""
    try:
        return services.character_roll(
            character=fresh(character), key=key, choices=sharing(token, other)
        )
    except StaleForm:
        again = fresh(character)
        return services.character_roll(
            character=again, key=again.next_sequence, choices=sharing(token, other)
        )


def test_two_players_sharing_marks_with_each_other_at_once_both_succeed(
    jim: Character, linda: Character
) -> None:
    jims_key, lindas_key = jim.next_sequence, linda.next_sequence

    with both_hold_their_own_lock(LogEntry, lambda row: row.kind == LogKind.SHARED_MARK):
        jims, lindas = at_the_same_moment(
            lambda: roll_sharing(jim, jims_key, "Firearms", linda),
            lambda: roll_sharing(linda, lindas_key, "Repair", jim),
        )

    assert (jims.kind, lindas.kind) == (LogKind.ROLL, LogKind.ROLL)
    for character in (jim, linda):
        played = character.log.exclude(kind__in=(LogKind.STARTED, LogKind.FINISHED))
        assert sorted(played.values_list("kind", flat=True)) == [
            LogKind.ROLL,
            LogKind.SHARED_MARK,
        ]
    assert services.token_sheet(jim)["Repair"].shared_marks == 1
    assert services.token_sheet(linda)["Firearms"].shared_marks == 10


def test_two_players_assisting_each_other_at_once_both_succeed(
    jim: Character, linda: Character
) -> None:
    jims_key, lindas_key = jim.next_sequence, linda.next_sequence

    with both_hold_their_own_lock(PendingAssist, lambda assist: True):
        at_the_same_moment(
            lambda: services.character_assist(
                helper=fresh(jim), recipient=linda, token="Dodge", key=jims_key
            ),
            lambda: services.character_assist(
                helper=fresh(linda), recipient=jim, token="Space", key=lindas_key
            ),
        )

    assert PendingAssist.objects.filter(recipient=jim, helper=linda).count() == 1
    assert PendingAssist.objects.filter(recipient=linda, helper=jim).count() == 1
