"""Two simultaneous POSTs of the same step, in real threads: one log row, one result.

Each action runs in its own thread with its own database connection, started at the
same moment. On PostgreSQL, every thread is also held at its first log row until all
of them have got there, so each has read the sheet before any has written: only the
unique (character, sequence) on the log can then stop the second write. SQLite
(IMMEDIATE transactions) queues the second transaction at BEGIN instead, so it reads
the first one's row and returns it; holding the threads there would only deadlock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.models.signals import pre_save

from chargen.campaigns.models import Campaign
from chargen.drifting import services
from chargen.drifting.models import Character, LogEntry, LogKind, PendingAssist
from chargen.drifting.services import StaleForm
from rules import drifting as rules
from tests.chargen.drifting.conftest import deplete_by_rolling, lose_one, make_played_character

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def each_reads_before_any_writes(parties: int) -> Iterator[None]:
    """On PostgreSQL, hold each thread just before its first log row until all arrive.

    A write that locks the character first (the kernel's order) lets only one thread
    that far at a time: then the wait gives up after a moment and the others follow
    once the first commits, which is the behaviour under test.
    """
    if connection.vendor != "postgresql":
        yield
        return
    overlap = threading.Barrier(parties)
    this_thread = threading.local()

    def wait_for_the_others(sender: type[LogEntry], **kwargs: Any) -> None:
        if not getattr(this_thread, "arrived", False):
            this_thread.arrived = True
            with suppress(threading.BrokenBarrierError):
                overlap.wait(timeout=2)

    pre_save.connect(wait_for_the_others, sender=LogEntry, weak=False, dispatch_uid="overlap")
    try:
        yield
    finally:
        pre_save.disconnect(sender=LogEntry, dispatch_uid="overlap")


def at_the_same_moment(*actions: Callable[[], Any]) -> list[Any]:
    """Run each action in its own thread, all at once; return their results in order."""
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

    with each_reads_before_any_writes(len(actions)):
        threads = [threading.Thread(target=run, args=(index,)) for index in range(len(actions))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
    assert not errors, errors
    return results


def twice(action: Callable[[], Any]) -> list[Any]:
    return at_the_same_moment(action, action)


def fresh(character: Character) -> Character:
    """The character as a request would load it (each thread its own instance)."""
    return Character.objects.get(pk=character.pk)


def test_two_simultaneous_rolls_of_the_same_step_produce_one_roll(jim: Character) -> None:
    key = jim.next_sequence
    choices = services.RollChoices(applicable=("Firearms",), deplete={"Firearms": 1})

    entries = twice(lambda: services.character_roll(character=fresh(jim), key=key, choices=choices))

    assert entries[0].pk == entries[1].pk
    assert entries[0].faces == entries[1].faces
    assert entries[0].total == entries[1].total
    assert jim.log.filter(kind=LogKind.ROLL).count() == 1
    firearms = jim.tokens.get(name="Firearms")
    assert firearms.depleted == 1  # not two: the second roll changed nothing
    assert firearms.checks == 7 + 3


def test_two_simultaneous_assists_of_the_same_step_deplete_one_token(
    jim: Character, linda: Character
) -> None:
    key = linda.next_sequence

    entries = twice(
        lambda: services.character_assist(
            helper=fresh(linda), recipient=jim, token="Space", key=key
        )
    )

    assert entries[0].pk == entries[1].pk
    assert linda.log.filter(kind=LogKind.ASSIST).count() == 1
    assert PendingAssist.objects.filter(recipient=jim).count() == 1
    space = linda.tokens.get(name="Space")
    assert (space.depleted, space.checks) == (1, 2)


def test_two_simultaneous_refreshes_outside_a_campaign_write_one_refresh(
    player: User,
) -> None:
    solo = make_played_character(
        player, "Solo", [rules.TokenState("Space", held=2, depleted=1, lost=1)], None
    )
    key = solo.next_sequence

    entries = twice(lambda: services.character_refresh(character=fresh(solo), key=key))

    assert entries[0].pk == entries[1].pk
    assert solo.log.filter(kind=LogKind.REFRESH).count() == 1
    space = solo.tokens.get(name="Space")
    assert (space.depleted, space.lost) == (0, 0)


def test_two_simultaneous_campaign_refreshes_refresh_each_character_once(
    jim: Character, linda: Character, campaign: Campaign, gm: User
) -> None:
    deplete_by_rolling(jim, "Dodge")
    lose_one(linda, "Repair")

    changed = twice(
        lambda: services.campaign_refresh(campaign=Campaign.objects.get(pk=campaign.pk), by=gm)
    )

    assert sorted(changed) == [0, 2]
    for character in (jim, linda):
        assert character.log.filter(kind=LogKind.REFRESH).count() == 1
        assert not character.tokens.filter(depleted__gt=0).exists()
        assert not character.tokens.filter(lost__gt=0).exists()


def test_a_shared_mark_arriving_during_the_recipients_own_roll_keeps_both(
    jim: Character, linda: Character
) -> None:
    jims_key, lindas_key = jim.next_sequence, linda.next_sequence
    sharing = services.RollChoices(
        applicable=("Firearms",), deplete={"Firearms": 1}, share_token="Firearms", share_with=linda
    )
    lindas_roll = services.RollChoices(applicable=("Space",), deplete={"Space": 1})

    def lindas_attempt() -> object:
        # A mark shared into Linda's log takes the log slot her open form was issued
        # for; if it lands first, her form is out of date and refused (nothing saved),
        # exactly as a second tab would be. Either order is legitimate.
        try:
            return services.character_roll(
                character=fresh(linda), key=lindas_key, choices=lindas_roll
            )
        except StaleForm as refused:
            return refused

    jims, lindas = at_the_same_moment(
        lambda: services.character_roll(character=fresh(jim), key=jims_key, choices=sharing),
        lindas_attempt,
    )

    assert jims.kind == LogKind.ROLL
    if isinstance(lindas, StaleForm):
        # She reloads the sheet and rolls with the fresh form: one roll, as she meant.
        assert not linda.log.filter(kind=LogKind.ROLL).exists()
        lindas = services.character_roll(
            character=fresh(linda), key=fresh(linda).next_sequence, choices=lindas_roll
        )
    assert lindas.kind == LogKind.ROLL
    played = linda.log.exclude(kind__in=(LogKind.STARTED, LogKind.FINISHED))
    assert sorted(played.values_list("kind", flat=True)) == [
        LogKind.ROLL,
        LogKind.SHARED_MARK,
    ]
    # Whichever wrote second read the other's sheet: neither change is lost.
    sheet = services.token_sheet(linda)
    assert (sheet["Space"].depleted, sheet["Space"].checks) == (1, 3)
    assert sheet["Firearms"].shared_marks == 10
    assert services.token_sheet(jim)["Firearms"].checks == 7 + 3 - 1
