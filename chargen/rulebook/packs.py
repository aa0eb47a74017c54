"""A campaign's homebrew as a pack: a JSON file another campaign (here or on another
server) imports whole.

The envelope is `{"chargen_pack": 1, "game": "infinity_drive", "items": [...]}`, each
item a published career (`{"kind": "career", ...}`, the career's own JSON) or a book
career the GM hid (`{"kind": "hidden_career", "name": ...}`); docs/packs/
infinity_drive.schema.json is its JSON Schema. An import checks the file against the
schema, then every career as publishing does, against the importing campaign; the
first failure refuses the pack, naming the item and the reason, and nothing is saved.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import jsonschema
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.core.ruledata import rule_data_changed
from chargen.rulebook.homebrew import (
    campaign_scope,
    current_book,
    hidden_careers,
    published,
    published_json,
    require_gm,
)
from chargen.rulebook.models import HiddenBookCareer, HomebrewCareer, HomebrewCareerVersion
from chargen.rulebook.services import RULESET
from rules.errors import RulesError
from rules.infinity_drive.homebrew_careers import (
    career_from_json,
    career_problems,
    career_to_json,
    rulebook_with_careers,
)

PACK_FORMAT = 1
SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "packs" / f"{RULESET}.schema.json"
MAX_PACK_BYTES = 1_048_576


class PackRefused(RulesError):
    """The pack cannot be imported; the message names the item and the reason."""


def pack_schema() -> dict[str, Any]:
    return dict(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def pack_export(campaign: Campaign, by: AbstractBaseUser) -> dict[str, Any]:
    """The campaign's published careers (latest versions) and hidden book careers."""
    require_gm(campaign, by)
    # A pack carries the career, not the id and version it has here: an import publishes
    # it afresh as a career of the importing campaign.
    items: list[dict[str, Any]] = [
        {
            "kind": "career",
            **career_to_json(replace(career_from_json(version.data), publication=None)),
        }
        for _, version in published(campaign)
    ]
    items += [{"kind": "hidden_career", "name": name} for name in hidden_careers(campaign)]
    return {"chargen_pack": PACK_FORMAT, "game": RULESET, "items": items}


def _read(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_PACK_BYTES:
        raise PackRefused("That pack is larger than 1 MB. Nothing was imported.")
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise PackRefused("That file is not JSON. Nothing was imported.") from None
    problem = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(pack_schema()).iter_errors(document)
    )
    if problem is not None:
        path = list(problem.absolute_path)
        where = f"item {path[1] + 1}" if len(path) > 1 and path[0] == "items" else "the top level"
        raise PackRefused(f"The pack is malformed at {where}: {problem.message}.")
    return dict(document)


@transaction.atomic
def pack_import(*, campaign: Campaign, by: AbstractBaseUser, raw: bytes) -> int:
    """Import a pack into the campaign whole, or refuse it saving nothing; returns the
    number of items imported. Careers are published as version 1 in this campaign."""
    require_gm(campaign, by)
    document = _read(raw)
    records, book = current_book()
    hidden = set(hidden_careers(campaign))
    for number, item in enumerate(document["items"], start=1):
        if item["kind"] == "hidden_career":
            if item["name"] not in book.careers:
                raise PackRefused(f"Item {number}: the book has no career “{item['name']}”.")
            hidden.add(item["name"])
    _, rulebook = rulebook_with_careers(records, [], sorted(hidden))
    taken = list(HomebrewCareer.objects.filter(campaign=campaign).values_list("name", flat=True))
    metaphysical = campaign.rules.metaphysical_in_play
    for number, item in enumerate(document["items"], start=1):
        if item["kind"] != "career":
            continue
        data = {key: value for key, value in item.items() if key != "kind"}
        try:
            career = career_from_json(data)
        except RulesError as error:
            raise PackRefused(f"Item {number} (“{item['name']}”): {error}") from error
        problems = career_problems(
            career, rulebook, metaphysical_in_play=metaphysical, other_careers=taken
        )
        if problems:
            field, messages = next(iter(problems.items()))
            raise PackRefused(f"Item {number} (“{career.name}”), {field}: {messages[0]}")
        taken.append(career.name)
        saved = HomebrewCareer.objects.create(
            campaign=campaign, name=career.name, draft=career_to_json(career)
        )
        HomebrewCareerVersion.objects.create(
            career=saved, number=1, data=published_json(saved.draft, saved, 1)
        )
    for name in hidden:
        HiddenBookCareer.objects.get_or_create(campaign=campaign, name=name)
    rule_data_changed(campaign_scope(campaign))
    return len(document["items"])
