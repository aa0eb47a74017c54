"""Helpers shared by the roller services' tests (and the export tests): a unique pool's plan,
a typed roll and push, recording the pending crisis, and a mana pool."""

from __future__ import annotations

from typing import Any

from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, UniqueCharacter, UniqueRollEntry
from rules.roll_and_keep import DicePool


def plan_for(
    character: UniqueCharacter, attribute: str, *, tools: int = 0, specials: tuple[str, ...] = ()
) -> services.UniquePlan:
    return services.unique_plan(
        attribute=character.attributes.get(name=attribute),
        tool_quality=tools,
        specials=list(character.specials.filter(name__in=specials)),
    )


def roll_typed(
    character: UniqueCharacter, plan: services.UniquePlan, faces: list[int], **extra: Any
) -> services.Saved[UniqueRollEntry]:
    return services.unique_roll(
        character=character,
        sequence=services.next_sequence(character),
        plan=plan,
        entered_faces=faces,
        **extra,
    )


def push_typed(character: UniqueCharacter, face: int) -> services.Saved[UniqueRollEntry]:
    return services.unique_push(
        character=character, sequence=services.next_sequence(character), entered_face=face
    )


def record_crisis(character: UniqueCharacter, kind: str, text: str = "A scar.") -> None:
    pending = services.pending_crisis(character)
    assert pending is not None
    services.unique_crisis_record(
        character=character, push_sequence=pending.sequence, kind=kind, description=text
    )


def pool_for(character: ManaCharacter, attribute: str, *specialities: str) -> DicePool:
    return services.mana_pool(
        services.mana_sheet(character),
        attribute=character.attributes.get(name=attribute),
        specialities=list(character.specialities.filter(name__in=specialities)),
    )
