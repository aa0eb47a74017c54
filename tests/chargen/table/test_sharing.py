"""What a watcher sees of another player's character, under each choice of the house rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chargen.core.live import LiveSubject
from chargen.core.live_feed import Viewer
from rules.live_table import LiveSharing

GM, BOB, CAROL = 1, 2, 3


def linda(*, finished: bool) -> LiveSubject:
    return LiveSubject(
        key="drifting:" + "0" * 32,
        name="Linda",
        owner_id=CAROL,
        owner_name="carol",
        status="Finished" if finished else "Draft",
        finished=finished,
        url="/",
    )


@pytest.mark.parametrize(
    ("sharing", "finished", "rows", "note"),
    [
        (LiveSharing.ROLLS, False, True, False),  # the default: a draft's notes stay its own
        (LiveSharing.ROLLS, True, True, True),
        (LiveSharing.ROLLS_AND_NOTES, False, True, True),
        (LiveSharing.OWN, False, False, False),
        (LiveSharing.OWN, True, False, False),
    ],
)
def test_another_player_sees_what_the_rule_shares(
    sharing: LiveSharing, finished: bool, rows: bool, note: bool
) -> None:
    bob = Viewer(user_id=BOB, is_gm=False, sharing=sharing)
    assert bob.sees_rows_of(linda(finished=finished)) is rows
    assert bob.sees_note_of(linda(finished=finished)) is note


@pytest.mark.parametrize("sharing", list(LiveSharing))
def test_the_gm_and_the_owner_see_everything(sharing: LiveSharing) -> None:
    for viewer in (Viewer(GM, True, sharing), Viewer(CAROL, False, sharing)):
        assert viewer.sees_rows_of(linda(finished=False))
        assert viewer.sees_note_of(linda(finished=False))


@pytest.mark.parametrize("sharing", list(LiveSharing))
@pytest.mark.parametrize("finished", [False, True])
def test_a_watchers_audience_sees_a_row_exactly_as_the_watcher_does(
    sharing: LiveSharing, finished: bool
) -> None:
    """Watchers of one audience share one rendered fragment of a row: it must show
    each of them what they may see, no more and no less."""
    subject = linda(finished=finished)
    for viewer in (
        Viewer(GM, True, sharing),
        Viewer(CAROL, False, sharing),
        Viewer(BOB, False, sharing),
    ):
        audience = viewer.audience_of(CAROL)
        if audience is None:
            assert not viewer.sees_rows_of(subject)
            continue
        assert audience.sees_rows_of(subject) == viewer.sees_rows_of(subject)
        assert audience.sees_note_of(subject) == viewer.sees_note_of(subject)
        assert audience.may_open(subject) == viewer.may_open(subject)


@pytest.mark.parametrize("members_read", [False, True])
def test_another_player_opens_a_sheet_only_where_members_read_it(members_read: bool) -> None:
    sheet = replace(linda(finished=True), members_read=members_read)
    assert Viewer(BOB, False, LiveSharing.ROLLS).may_open(sheet) is members_read
    assert Viewer(CAROL, False, LiveSharing.ROLLS).may_open(sheet)
    assert Viewer(GM, True, LiveSharing.ROLLS).may_open(sheet)
