"""`manage.py check_snapshots` replays every Drifting log and finds a token snapshot
changed behind the log's back."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from chargen.drifting import services
from chargen.drifting.models import Character, CharacterToken
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
