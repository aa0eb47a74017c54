"""The two roller sheets as export files, and back (chargen.core.export/imports).

A sheet's file holds its rows (attributes, specials or mana, crises) and its sealed roll
log. An import keeps the sheet's id (a restore is the same sheet; a copy has a new one,
chargen.core.imports) and checks every roll against the rules: faces on the dice the
sheet rolls, and every stored result replayed from its faces (import_replay.py), before
anything is saved.
"""

from __future__ import annotations

from typing import Any, cast

from chargen.core.export import Exporter
from chargen.core.imports import ImportRefused, log_rows_from, refuse_if_here
from chargen.rollers.import_replay import check_unique_crises, replay_mana_log, replay_unique_log
from chargen.rollers.models import (
    ManaAttribute,
    ManaCharacter,
    ManaColour,
    ManaRollEntry,
    ManaSpeciality,
    UniqueAttribute,
    UniqueCharacter,
    UniqueCrisis,
    UniqueRollEntry,
    UniqueSpecial,
)

UNIQUE_SIDES = 6
MANA_SIDES = 10


def describe_unique(sheet: UniqueCharacter) -> dict[str, Any]:
    return {
        "name": sheet.name,
        "attributes": [{"name": a.name, "score": a.score} for a in sheet.attributes.all()],
        "specials": [{"name": s.name, "starred": s.starred} for s in sheet.specials.all()],
        "crises": [
            {"push": c.push.sequence, "kind": c.kind, "description": c.description}
            for c in sheet.crises.select_related("push")
        ],
    }


def describe_mana(sheet: ManaCharacter) -> dict[str, Any]:
    return {
        "name": sheet.name,
        "colours": [{"name": c.name, "amount": c.amount} for c in sheet.colours.all()],
        "attributes": [
            {"name": a.name, "score": a.score, "colour": a.colour} for a in sheet.attributes.all()
        ],
        "specialities": [
            {"name": s.name, "attribute": s.attribute.name}
            for s in sheet.specialities.select_related("attribute")
        ],
    }


def _check_faces(item: dict[str, Any], sides: int) -> None:
    for row in item["log"]:
        faces = row["fields"].get("faces") or []
        if any(not isinstance(face, int) or not 1 <= face <= sides for face in faces):
            raise ImportRefused(
                f"Roll #{row['sequence']} has a face that is not on a d{sides}: {faces}."
            )


def _rows(item: dict[str, Any], key: str) -> list[dict[str, Any]]:
    rows = item["character"].get(key) or []
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise ImportRefused(f"The sheet's “{key}” is not a list of rows.")
    return rows


def restore_unique(owner: Any, item: dict[str, Any]) -> UniqueCharacter:
    refuse_if_here(UniqueCharacter, item, "sheet")
    _check_faces(item, UNIQUE_SIDES)
    check_unique_crises(_rows(item, "crises"), replay_unique_log(item["log"]))
    try:
        sheet = UniqueCharacter.objects.create(
            id=item["id"], owner=owner, name=str(item["character"]["name"])[:80]
        )
        for row in _rows(item, "attributes"):
            UniqueAttribute.objects.create(character=sheet, name=row["name"], score=row["score"])
        for row in _rows(item, "specials"):
            UniqueSpecial.objects.create(
                character=sheet, name=row["name"], starred=bool(row["starred"])
            )
        rolls = {row.sequence: row for row in log_rows_from(UniqueRollEntry, sheet, item)}
        for row in _rows(item, "crises"):
            UniqueCrisis.objects.create(
                character=sheet,
                push=cast("UniqueRollEntry", rolls[int(row["push"])]),
                kind=row["kind"],
                description=str(row["description"])[:1000],
            )
    except (KeyError, TypeError, ValueError) as missing:
        raise ImportRefused(f"The sheet is missing a value it needs: {missing}.") from None
    return sheet


def restore_mana(owner: Any, item: dict[str, Any]) -> ManaCharacter:
    refuse_if_here(ManaCharacter, item, "sheet")
    _check_faces(item, MANA_SIDES)
    replay_mana_log(item["log"])
    try:
        sheet = ManaCharacter.objects.create(
            id=item["id"], owner=owner, name=str(item["character"]["name"])[:80]
        )
        for row in _rows(item, "colours"):
            ManaColour.objects.create(character=sheet, name=row["name"], amount=row["amount"])
        attributes = {
            row["name"]: ManaAttribute.objects.create(
                character=sheet, name=row["name"], score=row["score"], colour=row["colour"]
            )
            for row in _rows(item, "attributes")
        }
        for row in _rows(item, "specialities"):
            ManaSpeciality.objects.create(
                character=sheet, name=row["name"], attribute=attributes[row["attribute"]]
            )
        log_rows_from(ManaRollEntry, sheet, item)
    except (KeyError, TypeError, ValueError) as missing:
        raise ImportRefused(f"The sheet is missing a value it needs: {missing}.") from None
    return sheet


UNIQUE_EXPORTER = Exporter(
    log_model=UniqueRollEntry, describe=describe_unique, restore=restore_unique
)
MANA_EXPORTER = Exporter(log_model=ManaRollEntry, describe=describe_mana, restore=restore_mana)
