"""Characters of all four systems with rolls in their logs, for export and import."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from chargen.drifting import services as drifting
from chargen.drifting.models import Character as Drifter
from chargen.infinity_drive.models import Character
from chargen.rollers import services as rollers
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.pdf.conftest import jim, leanne, mage, party, rules_data, treva
from tests.chargen.rollers.services_helpers import plan_for, pool_for

__all__ = ["jim", "leanne", "mage", "party", "rules_data", "treva"]


@pytest.fixture
def rolled_leanne(leanne: UniqueCharacter) -> UniqueCharacter:
    rollers.unique_roll(character=leanne, sequence=1, plan=plan_for(leanne, "Precision"))
    rollers.unique_roll(
        character=leanne, sequence=2, plan=plan_for(leanne, "Strength"), entered_faces=[4]
    )
    return leanne


@pytest.fixture
def rolled_mage(mage: ManaCharacter) -> ManaCharacter:
    for sequence in (1, 2):
        rollers.mana_roll(
            character=mage,
            sequence=sequence,
            pool=pool_for(mage, "Cunning", "Deceit"),
            difficulty=rollers.named_difficulty("STANDARD"),
        )
    return mage


@pytest.fixture
def rolled_jim(jim: Drifter) -> Drifter:
    drifting.character_roll(
        character=jim, key=jim.next_sequence, choices=drifting.RollChoices(applicable=("Firearms",))
    )
    return jim


@pytest.fixture
def everyone(
    treva: Character,
    rolled_jim: Drifter,
    rolled_leanne: UniqueCharacter,
    rolled_mage: ManaCharacter,
) -> dict[str, Any]:
    return {
        "infinity_drive.character": treva,
        "drifting.character": rolled_jim,
        "unique_pool.unique": rolled_leanne,
        "roll_and_keep.mana": rolled_mage,
    }


def export_url(kind: str, subject: Any) -> str:
    system, _, key = kind.partition(".")
    return f"/export/{system}/{key}/{subject.pk}/"


def exported(client: Client, kind: str, subject: Any) -> dict[str, Any]:
    response = client.get(export_url(kind, subject))
    assert response.status_code == 200, response.content[:300]
    assert "attachment" in response["Content-Disposition"]
    return dict(response.json())


__all__ += ["everyone", "export_url", "exported", "rolled_jim", "rolled_leanne", "rolled_mage"]
_ = User
