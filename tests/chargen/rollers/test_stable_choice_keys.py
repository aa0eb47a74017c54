"""A roll keeps its form's choices naming the sheet's rows by name, not database id, so
an imported sheet (whose rows have new ids) opens with its last choices and no error;
rows written before, which kept ids, are read by id on their own sheet."""

from __future__ import annotations

import json
import re
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import delete
from tests.chargen.rollers.services_helpers import plan_for, pool_for
from tests.chargen.rollers.views_helpers import HTMX, attribute_id, contest_data, url

INVALID = "Select a valid choice"


def upload(client: Client, document: dict[str, Any], *, copy: bool) -> Any:
    raw = json.dumps(document).encode()
    data: dict[str, Any] = {"file": SimpleUploadedFile("c.json", raw)}
    if copy:
        data["copy"] = "on"
    return client.post("/import/", data)


def selected(page: str, name: str) -> list[str]:
    """The labels of the options (or ticked boxes) chosen in a form field named `name`."""
    chosen = []
    for select in re.findall(rf'<select name="{name}".*?</select>', page, re.S):
        chosen += re.findall(r"<option [^>]*selected[^>]*>([^<]*)</option>", select)
    for box in re.findall(rf'<input type="checkbox"[^>]* name="{name}"[^>]* checked>', page):
        chosen.append(box)
    return chosen


def roll_unique(client: Client, sheet: UniqueCharacter, sequence: int) -> None:
    special = str(sheet.specials.get(name="delivery driver").pk)
    response = client.post(
        url("unique_roll", sheet),
        {
            "sequence": sequence,
            "attribute": attribute_id(sheet, "Precision"),
            "tool_quality": 1,
            "specials": [special],
        },
        **HTMX,
    )
    assert response.status_code == 200


def roll_mana(client: Client, sheet: ManaCharacter, sequence: int) -> None:
    response = client.post(
        url("mana_roll", sheet),
        {
            "sequence": sequence,
            "attribute": attribute_id(sheet, "Cunning"),
            "specialities": [str(sheet.specialities.get(name="Deceit").pk)],
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
        },
        **HTMX,
    )
    assert response.status_code == 200


def contest_mana(client: Client, sheet: ManaCharacter, rival: ManaCharacter, sequence: int) -> None:
    response = client.post(
        url("mana_contest", sheet),
        contest_data(
            {
                "sequence": sequence,
                "attribute": attribute_id(sheet, "Intelligence"),
                "specialities": [str(sheet.specialities.get(name="Artifice").pk)],
                "difficulty": "CHALLENGING",
                "opponent_mode": "sheet",
                "opponent_attribute": attribute_id(rival, "Cunning"),
            }
        ),
        **HTMX,
    )
    assert response.status_code == 200


def test_an_imported_unique_sheet_opens_with_its_last_choices(
    leanne: UniqueCharacter, player_client: Client, other_player_client: Client
) -> None:
    roll_unique(player_client, leanne, 1)
    assert leanne.rolls.get().details["choices"]["attribute"] == "Precision"
    document = exported(player_client, "unique_pool.unique", leanne)
    # Into a site that has roller sheets already: the copy's rows get new ids.
    assert upload(other_player_client, document, copy=True).status_code == 302
    copy = UniqueCharacter.objects.exclude(pk=leanne.pk).get()
    page = other_player_client.get(url("unique", copy)).content.decode()
    assert INVALID not in page
    assert selected(page, "attribute") == ["Precision 3"]
    assert len(selected(page, "specials")) == 1
    # And restored over itself, after it was deleted.
    delete("unique_pool.unique", leanne)
    assert upload(player_client, document, copy=False).status_code == 302
    page = player_client.get(url("unique", leanne)).content.decode()
    assert INVALID not in page
    assert selected(page, "attribute") == ["Precision 3"]


def test_an_imported_mana_sheet_opens_with_its_last_choices(
    mage: ManaCharacter, player: Any, player_client: Client, other_player_client: Client
) -> None:
    rival = services.mana_character_create(owner=player, name="Rival")
    roll_mana(player_client, mage, 1)
    contest_mana(player_client, mage, rival, 2)
    document = exported(player_client, "roll_and_keep.mana", mage)
    assert upload(other_player_client, document, copy=True).status_code == 302
    copy = ManaCharacter.objects.exclude(pk__in=[mage.pk, rival.pk]).get()
    page = other_player_client.get(url("mana", copy)).content.decode()
    assert INVALID not in page
    assert selected(page, "attribute") == ["Cunning 3"]
    assert selected(page, "contest-attribute") == ["Intelligence 3"]
    assert len(selected(page, "specialities")) == 1
    # The rival is not the importer's: the contest form offers no sheet, and says nothing wrong.
    assert selected(page, "contest-opponent_attribute") == ["---------"]


def test_rows_written_before_keep_naming_rows_by_id_on_their_own_sheet(
    leanne: UniqueCharacter, mage: ManaCharacter, player_client: Client
) -> None:
    """As the code before stable keys wrote them (the log is never rewritten)."""
    precision = leanne.attributes.get(name="Precision")
    special = leanne.specials.get(name="delivery driver")
    services.unique_roll(
        character=leanne,
        sequence=1,
        plan=plan_for(leanne, "Precision"),
        choices={"attribute": precision.pk, "tool_quality": 0, "specials": [special.pk]},
    )
    page = player_client.get(url("unique", leanne)).content.decode()
    assert INVALID not in page
    assert selected(page, "attribute") == ["Precision 3"]
    assert len(selected(page, "specials")) == 1

    # An id that names no row of this sheet (another server's) is left out, not an error.
    services.mana_roll(
        character=mage,
        sequence=1,
        pool=pool_for(mage, "Cunning"),
        difficulty=services.named_difficulty("STANDARD"),
        choices={"attribute": 999_999, "specialities": [999_998], "difficulty": "STANDARD"},
    )
    page = player_client.get(url("mana", mage)).content.decode()
    assert INVALID not in page
    assert len(selected(page, "attribute")) <= 1
    assert selected(page, "specialities") == []
