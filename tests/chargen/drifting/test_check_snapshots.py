"""`manage.py check_snapshots` replays every Drifting log and finds a token snapshot
changed behind the log's back."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from chargen.drifting import services
from chargen.drifting.creation_step import creation_step
from chargen.drifting.models import Character, CharacterToken, CreationStep, LogKind
from tests.chargen.drifting.conftest import deplete_by_rolling

pytestmark = pytest.mark.django_db


def test_token_snapshots_written_with_the_log_match_its_replay(
    jim: Character, linda: Character
) -> None:
    deplete_by_rolling(jim, "Dodge")
    out = StringIO()
    call_command("check_snapshots", stdout=out)
    assert "Every snapshot matches" in out.getvalue()


def test_a_tampered_token_row_is_reported_and_the_command_fails(
    jim: Character, linda: Character
) -> None:
    deplete_by_rolling(jim, "Dodge")
    CharacterToken.objects.filter(character=jim, name="Dodge").update(depleted=0, lost=1)
    out = StringIO()
    with pytest.raises(CommandError, match="1 snapshot value"):
        call_command("check_snapshots", stdout=out)
    report = out.getvalue()
    assert f"Drifting: {jim.pk} “Jim”: Dodge is TokenState(name='Dodge'" in report
    assert "lost=1" in report
    assert "Linda" not in report
    # The next action writes the snapshot from the replay: the tampering is gone.
    deplete_by_rolling(jim, "Firearms")
    call_command("check_snapshots", stdout=StringIO())
    assert services.token_sheet(jim)["Dodge"].depleted == 1


def test_a_token_row_the_log_never_made_is_reported(jim: Character) -> None:
    CharacterToken.objects.create(character=jim, name="Luck", kind="focus", held=3, order=9)
    out = StringIO()
    with pytest.raises(CommandError, match="1 snapshot value"):
        call_command("check_snapshots", stdout=out)
    assert "Luck is TokenState(name='Luck'" in out.getvalue()
    assert "but None on replay" in out.getvalue()


def test_a_creation_step_unlike_the_log_is_reported(jim: Character) -> None:
    Character.objects.filter(pk=jim.pk).update(step=CreationStep.REVIEW)  # behind its back
    out = StringIO()
    with pytest.raises(CommandError, match="1 snapshot value"):
        call_command("check_snapshots", stdout=out)
    assert "the creation step is 'review' in the snapshot but 'finished' on replay" in (
        out.getvalue()
    )


@pytest.mark.parametrize(
    ("kinds", "step"),
    [
        ([], CreationStep.CONCEPT),
        ([LogKind.STARTED], CreationStep.CONCEPT),
        ([LogKind.STARTED, LogKind.CONCEPT], CreationStep.LIFEPATHS),
        ([LogKind.STARTED, LogKind.CONCEPT, LogKind.LIFEPATH, LogKind.REVIEW], "review"),
        # Renamed at the review: still at the review.
        ([LogKind.CONCEPT, LogKind.LIFEPATH, LogKind.REVIEW, LogKind.CONCEPT], "review"),
        # A lifepath taken back after the review: among the lifepaths again.
        ([LogKind.CONCEPT, LogKind.LIFEPATH, LogKind.REVIEW, LogKind.UNDO], "lifepaths"),
        ([LogKind.CONCEPT, LogKind.LIFEPATH, LogKind.LIFEPATH_UNDONE], "lifepaths"),
        # A loss undone in play moves no creation step.
        ([LogKind.CONCEPT, LogKind.REVIEW, LogKind.FINISHED, LogKind.UNDO], "finished"),
    ],
)
def test_the_creation_step_is_the_logs(kinds: list[str], step: str) -> None:
    assert creation_step(kinds) == step
