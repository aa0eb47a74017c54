"""The legacy fixture's roller sheets, made as a player makes them: through the pages'
own forms (POSTed by the test client), so each roll keeps the choices the form sent."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.rollers import services
from chargen.rollers.forms_sheets import (
    mana_sheet_forms,
    unique_sheet_forms,
)
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.migration.build_common import (
    client_for,
    form_post,
    form_values,
    formset_post,
    formset_rows,
    post_ok,
)


def _edit(client: Client, url: str, sheet_forms: Any, changes: dict[str, Any]) -> None:
    """Post the sheet editor with its current rows, changed and extended by `changes`:
    {"name": ..., formset name: (edit rows in place: callable, new rows: list)}."""
    data = form_post({**form_values(sheet_forms.main), **changes.get("main", {})})
    for name, formset in sheet_forms.formsets.items():
        rows = formset_rows(formset)
        edit, new_rows = changes.get(name, (None, []))
        if edit is not None:
            edit(rows)
        data.update(formset_post(formset, rows + new_rows))
    post_ok(client, url, data)


def _set_scores(scores: dict[str, int]) -> Any:
    def edit(rows: list[dict[str, Any]]) -> None:
        for row in rows:
            if row["name"] in scores:
                row["score"] = scores[row["name"]]

    return edit


def brannock(owner: User) -> UniqueCharacter:
    """A unique-dice pool sheet: attributes and specials, typed and server rolls, pushes,
    and a crisis described."""
    client = client_for(owner)
    post_ok(client, reverse("rollers:unique_create"), {"unique-name": "Brannock"})
    sheet = UniqueCharacter.objects.get(owner=owner, name="Brannock")
    _edit(
        client,
        reverse("rollers:unique_edit", args=[sheet.id]),
        unique_sheet_forms(sheet),
        {
            "attributes": (
                _set_scores({"Strength": 3, "Precision": 2}),
                [{"name": "Wits", "score": 2}],
            ),
            "specials": (
                None,
                [{"name": "Climber", "starred": False}, {"name": "Knife-fighter", "starred": True}],
            ),
        },
    )
    strength = sheet.attributes.get(name="Strength")
    wits = sheet.attributes.get(name="Wits")
    climber = sheet.specials.get(name="Climber")
    knives = sheet.specials.get(name="Knife-fighter")
    roll_url = reverse("rollers:unique_roll", args=[sheet.id])
    push_url = reverse("rollers:unique_push", args=[sheet.id])

    def roll(attribute: Any, specials: list[Any], faces: str, needed: str = "") -> None:
        data = {
            "sequence": services.next_sequence(sheet),
            "attribute": attribute.pk,
            "tool_quality": 1,
            "specials": [special.pk for special in specials],
            "needed": needed,
        }
        if faces:
            data.update(physical="on", faces=faces)
        post_ok(client, roll_url, data)

    def push(face: str) -> None:
        data: dict[str, Any] = {"push-sequence": services.next_sequence(sheet)}
        if face:
            data.update({"push-physical": "on", "push-faces": face})
        post_ok(client, push_url, data)

    roll(strength, [climber], "2 4 4 6 1", needed="14")
    push("5")  # a new number: the total grows
    push("4")  # a number already held: a crisis
    pending = services.pending_crisis(sheet)
    assert pending is not None
    post_ok(
        client,
        reverse("rollers:unique_crisis", args=[sheet.id]),
        {
            "push_sequence": pending.sequence,
            "kind": "physical",
            "description": "Fell from the wall: a knee that aches in the cold, for good.",
        },
    )
    roll(wits, [knives], "")  # the server's dice
    roll(strength, [], "3 3 5 1")
    push("")  # the server's die
    return sheet


def _mana_sheet(client: Client, owner: User, name: str, setup: dict[str, Any]) -> Any:
    post_ok(client, reverse("rollers:mana_create"), {"mana-name": name})
    sheet = ManaCharacter.objects.get(owner=owner, name=name)
    colours = setup["colours"]

    def set_colours(rows: list[dict[str, Any]]) -> None:
        for row in rows:
            row["amount"] = colours.get(row["name"], row["amount"])

    _edit(
        client,
        reverse("rollers:mana_edit", args=[sheet.id]),
        mana_sheet_forms(sheet),
        {"colours": (set_colours, []), "attributes": (_set_scores(setup["scores"]), [])},
    )
    attributes = {attribute.name: attribute.pk for attribute in sheet.attributes.all()}
    specialities = [
        {"name": speciality, "attribute": attributes[attribute]}
        for speciality, attribute in setup["specialities"]
    ]
    _edit(
        client,
        reverse("rollers:mana_edit", args=[sheet.id]),
        mana_sheet_forms(sheet),
        {"specialities": (None, specialities)},
    )
    return sheet


def ysolde(owner: User) -> ManaCharacter:
    """A roll-and-keep sheet with mana and specialities: a named difficulty and an indirect
    one, typed and server dice, and opposed rolls against an NPC and another sheet."""
    client = client_for(owner)
    sheet = _mana_sheet(
        client,
        owner,
        "Ysolde",
        {
            "colours": {"white": 2, "blue": 3, "black": 1},
            "scores": {"Cunning": 4, "Intelligence": 3, "Finesse": 2},
            "specialities": [("Deceit", "Cunning"), ("Lore", "Intelligence")],
        },
    )
    rival = _mana_sheet(
        client,
        owner,
        "Corvin",
        {"colours": {"red": 2}, "scores": {"Strength": 3}, "specialities": [("Brawl", "Strength")]},
    )
    cunning = sheet.attributes.get(name="Cunning")
    deceit = sheet.specialities.get(name="Deceit")
    intelligence = sheet.attributes.get(name="Intelligence")
    roll_url = reverse("rollers:mana_roll", args=[sheet.id])
    contest_url = reverse("rollers:mana_contest", args=[sheet.id])
    post_ok(
        client,
        roll_url,
        {
            "sequence": services.next_sequence(sheet),
            "attribute": cunning.pk,
            "specialities": [deceit.pk],
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
            "physical": "on",
            "faces": "9 7 3 1 10",
        },
    )
    post_ok(
        client,
        roll_url,
        {
            "sequence": services.next_sequence(sheet),
            "attribute": intelligence.pk,
            "difficulty_mode": "indirect",
            "difficulty": "STANDARD",
            "passive_attribute": 3,
            "passive_specialities": 1,
        },
    )
    post_ok(
        client,
        contest_url,
        {
            "contest-sequence": services.next_sequence(sheet),
            "contest-attribute": cunning.pk,
            "contest-specialities": [deceit.pk],
            "contest-difficulty": "STANDARD",
            "contest-opponent_mode": "npc",
            "contest-npc_name": "Harbour guard",
            "contest-npc_dice": 3,
            "contest-npc_keep": 2,
            "contest-physical": "on",
            "contest-faces": "8 8 2 5 6",
            "contest-opponent_faces": "7 3 9",
        },
    )
    post_ok(
        client,
        contest_url,
        {
            "contest-sequence": services.next_sequence(sheet),
            "contest-attribute": cunning.pk,
            "contest-difficulty": "EASY",
            "contest-opponent_mode": "sheet",
            "contest-opponent_attribute": rival.attributes.get(name="Strength").pk,
            "contest-opponent_specialities": [rival.specialities.get(name="Brawl").pk],
        },
    )
    return sheet


def all_sheets(owner: User) -> list[UniqueCharacter | ManaCharacter]:
    made: list[UniqueCharacter | ManaCharacter] = [brannock(owner), ysolde(owner)]
    made += list(ManaCharacter.objects.filter(owner=owner, name="Corvin"))
    return made
