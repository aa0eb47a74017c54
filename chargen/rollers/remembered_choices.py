"""A roll's form choices, kept with the roll, name the sheet's rows by a stable key.

Each roll keeps the choices of the form that made it (`details["choices"]`), so the
sheet draws the next form with them. A row of the sheet (an attribute, a special, a
speciality) is kept by its name, unique per sheet, never by its database id: an
imported sheet's rows get new ids (on another server, or as a copy here), and a kept
id would then name nothing, or another sheet's row, and the sheet would open with
"Select a valid choice".

Rolls written before kept ids. They are never rewritten: `details` is in each row's
hash and signature (chargen.core.chain), and an imported row's seal is another
server's. So the ids are read here instead, when a form is drawn: a kept id counts only
when it is the id of one of this sheet's rows; any other (an imported sheet's, whose
ids were the exporting server's) is left out, and the form's default stands.

The opponent of a contest is another of the owner's sheets, whose rows' names are not
unique between sheets: it stays by id, and is left out when the owner has no such row
(an imported sheet's rival stayed behind).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Model

from chargen.rollers.models import ManaAttribute, ManaSpeciality, UniqueAttribute, UniqueSpecial

SheetRow = UniqueAttribute | UniqueSpecial | ManaAttribute | ManaSpeciality

# The fields whose choices are rows of the sheet itself, kept by name.
BY_NAME = frozenset({"attribute", "specials", "specialities"})


def kept(name: str, value: Any) -> Any:
    """A cleaned form value as a roll keeps it: the sheet's rows by name, others by id."""
    if isinstance(value, SheetRow) and name in BY_NAME:
        return value.name
    return value.pk if isinstance(value, Model) else value


def _is_key(value: Any) -> bool:
    """A name (text) or an id (a number): what a kept choice may be."""
    return isinstance(value, str | int) and not isinstance(value, bool)


def _ids(value: Any, by_key: Mapping[str | int, int]) -> Any:
    if isinstance(value, list):
        return [by_key[item] for item in value if _is_key(item) and item in by_key]
    return by_key.get(value) if _is_key(value) else None


def as_drawn(choices: Mapping[str, Any], rows: Mapping[str, Sequence[SheetRow]]) -> dict[str, Any]:
    """Kept choices as the form takes them: each of `rows`' fields by the id of the
    sheet's row its name (or, kept before, its id) names; a field naming none is left
    out, so the form's default stands."""
    drawn = dict(choices)
    for name, sheet_rows in rows.items():
        if name not in drawn:
            continue
        # A name is text and an id a number (as JSON keeps them), so neither is the other.
        by_key: dict[str | int, int] = {row.name: row.pk for row in sheet_rows}
        by_key.update({row.pk: row.pk for row in sheet_rows})
        found = _ids(drawn[name], by_key)
        if found is None:
            del drawn[name]
        else:
            drawn[name] = found
    return drawn


def opponent_drawn(choices: Mapping[str, Any], owner_id: Any) -> dict[str, Any]:
    """Kept contest choices without an opponent row the owner no longer has."""
    drawn = dict(choices)
    attribute = drawn.get("opponent_attribute")
    if attribute is not None and not (
        isinstance(attribute, int)
        and ManaAttribute.objects.filter(pk=attribute, character__owner_id=owner_id).exists()
    ):
        del drawn["opponent_attribute"]
    specialities = drawn.get("opponent_specialities")
    if isinstance(specialities, list) and specialities:
        wanted = [item for item in specialities if isinstance(item, int)]
        drawn["opponent_specialities"] = list(
            ManaSpeciality.objects.filter(pk__in=wanted, character__owner_id=owner_id).values_list(
                "pk", flat=True
            )
        )
    return drawn
