"""Where a refused roll's message goes: typed dice at the faces field, the rest elsewhere."""

from __future__ import annotations

import pytest

from chargen.rollers.forms import (
    UniquePushForm,
)
from chargen.rollers.views_common import roll_error_field
from rules.errors import DiceError, RulesError


@pytest.mark.parametrize(
    "message",
    ["A roll needs at least one die.", "An NPC rolls and keeps at least one die."],
)
def test_refusals_about_the_pool_are_not_put_at_the_typed_dice(message: str) -> None:
    # These mention "one die" but concern the pool, not the faces the player typed.
    assert roll_error_field(RulesError(message)) is None


def test_typed_dice_that_do_not_fit_go_to_the_faces_field() -> None:
    assert roll_error_field(DiceError("The d6 shows 7; a d6 shows 1 to 6.")) == "faces"


def test_a_push_of_two_typed_dice_is_a_dice_error() -> None:
    form = UniquePushForm({"push-sequence": "2", "push-physical": "on", "push-faces": "3 4"})
    assert form.is_valid(), form.errors
    with pytest.raises(DiceError, match="You typed 2 faces; 1d6 has 1 die"):
        form.entered_face()
