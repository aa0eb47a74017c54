"""The number fields of the roller forms and the race proposal, on both sides of each limit:
N is accepted at its field and N + 1 refused there."""

from __future__ import annotations

import pytest
from django import forms
from django.contrib.auth.models import User

from chargen.infinity_drive.forms import RaceProposalForm
from chargen.rollers import services
from chargen.rollers.forms import (
    UniquePoolFields,
)
from chargen.rollers.forms_mana_rolls import (
    ContestChoices,
)
from rules.infinity_drive.codes import CHARACTERISTICS


def _field_accepts(form: forms.Form, field: str) -> bool:
    form.is_valid()
    return field not in form.errors


@pytest.mark.parametrize(
    ("field", "value", "accepted"),
    [
        ("tool_quality", 8, True),
        ("tool_quality", 9, False),
        ("tool_quality", -1, False),
        ("needed", 21, True),
        ("needed", 22, False),
        ("needed", 0, False),
    ],
)
def test_unique_pool_numbers(player: User, field: str, value: int, accepted: bool) -> None:
    character = services.unique_character_create(owner=player, name="Pool")
    form = UniquePoolFields({field: str(value)}, character=character)
    assert _field_accepts(form, field) is accepted


@pytest.mark.parametrize(
    ("field", "value", "accepted"),
    [
        ("npc_dice", 30, True),
        ("npc_dice", 31, False),
        ("npc_keep", 30, True),
        ("npc_keep", 31, False),
    ],
)
def test_npc_dice_for_an_opposed_roll(player: User, field: str, value: int, accepted: bool) -> None:
    character = services.mana_character_create(owner=player, name="Mage")
    form = ContestChoices({f"contest-{field}": str(value)}, character=character)
    assert _field_accepts(form, field) is accepted


@pytest.mark.parametrize(("value", "accepted"), [(3, True), (4, False), (-6, True), (-7, False)])
def test_a_race_proposal_moves_at_most_three_up_and_six_down_per_field(
    value: int, accepted: bool
) -> None:
    form = RaceProposalForm({"adjust_Int": str(value)}, codes=CHARACTERISTICS)
    assert _field_accepts(form, "adjust_Int") is accepted
