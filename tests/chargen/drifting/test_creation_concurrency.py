"""Two simultaneous POSTs of the same creation step, in real threads: one log row.

The threads are those of test_concurrency.py: on PostgreSQL both have read the log
before either writes, so the kernel's lock and the unique (character, sequence) are
what stop the second; on SQLite the second waits at BEGIN and finds the first's row.
"""

from __future__ import annotations

import pytest

from chargen.core.log import UNDO_KIND
from chargen.drifting import services
from chargen.drifting.lifepath_log import snapshot_lifepath_ids
from chargen.drifting.models import Character, Lifepath, LogKind
from tests.chargen.drifting.test_concurrency import fresh, twice

pytestmark = pytest.mark.django_db(transaction=True)


def named(draft: Character) -> Character:
    return services.character_set_concept(
        character=draft, key=draft.next_sequence, name="Ann", concept="", campaign=None
    )


def test_two_simultaneous_choices_of_the_same_lifepath_write_one_row(
    draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    named(draft)
    key = draft.next_sequence
    marine = lifepaths["us-marine"]

    entries = twice(
        lambda: services.character_add_lifepath(character=fresh(draft), lifepath=marine, key=key)
    )

    assert entries[0].pk == entries[1].pk
    assert draft.log.filter(kind=LogKind.LIFEPATH).count() == 1
    assert snapshot_lifepath_ids(draft) == [str(marine.pk)]


def test_two_simultaneous_take_backs_append_one_undo(
    draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    named(draft)
    for slug in ("us-marine", "marine-veteran"):
        services.character_add_lifepath(
            character=draft, lifepath=lifepaths[slug], key=draft.next_sequence
        )
    key = draft.next_sequence

    entries = twice(lambda: services.character_undo_lifepath(character=fresh(draft), key=key))

    assert entries[0].pk == entries[1].pk
    assert draft.log.filter(kind=UNDO_KIND).count() == 1
    assert snapshot_lifepath_ids(draft) == [str(lifepaths["us-marine"].pk)]
