"""The shipped content: a generic catalogue, a house set of background tables, prompts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from chargen.content.models import BackgroundTable, EquipmentItem, HistoryPrompt, HistoryPromptKey
from chargen.content.prompts import PROMPT_PLACEHOLDERS
from chargen.content.services import history_prompt_text
from rules.dice import DiceSpec
from rules.infinity_drive.house_rules import STANDARD_CREDITS

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"
CONTENT_FIXTURES = ("equipment.json", "backgrounds.json", "history_prompts.json")


@pytest.fixture
def loaded(db: None) -> None:
    call_command("loaddata", *(str(FIXTURES / name) for name in CONTENT_FIXTURES), verbosity=0)


@pytest.mark.parametrize("name", CONTENT_FIXTURES)
def test_every_record_has_an_explicit_integer_pk(name: str) -> None:
    records = json.loads((FIXTURES / name).read_text())
    assert records
    assert all(isinstance(record["pk"], int) for record in records)


def test_standard_credits_buy_a_sensible_kit(loaded: None) -> None:
    kit = ["Light body armour", "Sidearm", "Rifle", "Comms unit", "Medkit", "Hand computer"]
    kit += ["Survival kit", "Tool kit", "Ammunition, 5 reloads", "Vacc suit"]
    prices = dict(EquipmentItem.objects.values_list("name", "price"))
    assert sum(prices[name] for name in kit) <= STANDARD_CREDITS
    # …but not everything at once: the choice has to mean something.
    assert sum(prices.values()) > STANDARD_CREDITS


def test_background_tables_are_labelled_as_house_content(loaded: None) -> None:
    tables = BackgroundTable.objects.prefetch_related("rows")
    assert {table.key for table in tables} == {"background", "cash", "assets", "debts"}
    for table in tables:
        assert "house" in table.name.lower()
        for row in table.rows.all():
            assert row.result.startswith("[House]")


def test_background_rows_cover_every_total_once(loaded: None) -> None:
    for table in BackgroundTable.objects.prefetch_related("rows"):
        spec = DiceSpec.parse(table.dice)
        covered = [total for row in table.rows.all() for total in range(row.low, row.high + 1)]
        assert sorted(covered) == list(range(spec.minimum, spec.maximum + 1)), table.key


def test_a_prompt_for_every_key_fills_in_without_stray_placeholders(loaded: None) -> None:
    prompts = dict(HistoryPrompt.objects.values_list("key", "template"))
    assert set(prompts) == set(HistoryPromptKey.values)
    for key in prompts:
        text = history_prompt_text(
            prompts=prompts,
            key=key,
            entry="Diplomacy",
            table="Construction Academic Table",
            career="Citizen",
            specialisation="Construction",
            roll=6,
        )
        assert not any("{" + name + "}" in text for name in PROMPT_PLACEHOLDERS)
        assert "{" not in text
