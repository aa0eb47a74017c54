"""A campaign's own Drifting lifepaths as a homebrew pack, and a pack imported into
another campaign (docs/packs/drifting.schema.json).

A pack is `{"chargen_pack": 1, "game": "drifting", "items": [{"kind": "lifepath", ...}]}`:
each item names the lifepaths before it by name, so it reads the same on any server
(the starter set's names are the same everywhere). An import is all or nothing: the
document must match the schema, and the campaign's set with every item in it must pass
the checks publishing applies (rules.drifting.lifepath_checks); otherwise it is refused
with each item and reason, and nothing is saved.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.lifepath_drafts import (
    DraftFields,
    grant_lines,
    open_lifepaths,
    set_problems,
    write_lifepath,
)
from chargen.drifting.models import Lifepath
from rules import drifting as rules

PACK_FORMAT = 1
SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "packs" / f"{DRIFTING}.schema.json"


class PackRefused(Exception):
    """The pack cannot be imported; `reasons` say which item and why."""

    def __init__(self, reasons: list[str]) -> None:
        self.reasons = reasons
        super().__init__(" ".join(reasons))


@lru_cache(maxsize=1)
def pack_schema() -> dict[str, Any]:
    return dict(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def campaign_pack(campaign: Campaign) -> dict[str, Any]:
    """The campaign's own published lifepaths as a pack, in their order."""
    own = [lifepath for lifepath in open_lifepaths(campaign) if lifepath.campaign_id]
    return {
        "chargen_pack": PACK_FORMAT,
        "game": DRIFTING,
        "items": [
            {
                "kind": "lifepath",
                "name": lifepath.name,
                "region": lifepath.region,
                "description": lifepath.description,
                "requires": sorted(required.name for required in lifepath.requires.all()),
                "grants": [
                    {"kind": grant.kind, "name": grant.name, "count": grant.count}
                    for grant in lifepath.grants.all()
                ],
                "version": lifepath.version,
            }
            for lifepath in own
        ],
    }


def _item_label(index: int, item: Any) -> str:
    name = item.get("name") if isinstance(item, dict) else None
    return f"Item {index + 1}" + (f" ({name})" if isinstance(name, str) and name else "")


def _schema_refusal(document: Any) -> str | None:
    error = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(pack_schema()).iter_errors(document)
    )
    if error is None:
        return None
    path = list(error.absolute_path)
    if len(path) >= 2 and path[0] == "items" and isinstance(path[1], int):
        where = _item_label(path[1], document["items"][path[1]])
        rest = ".".join(str(part) for part in path[2:])
        return f"{where}{f', {rest}' if rest else ''}: {error.message}"
    where = ".".join(str(part) for part in path) or "The pack"
    return f"{where}: {error.message}"


def read_pack(data: bytes) -> dict[str, Any]:
    """The pack's document, if it is JSON and matches the schema (PackRefused if not)."""
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PackRefused([f"The file is not a JSON pack: {error}"]) from None
    if isinstance(document, dict) and document.get("game") not in (None, DRIFTING):
        raise PackRefused(
            [f"This pack is for “{document.get('game')}”; this campaign plays Drifting."]
        )
    refusal = _schema_refusal(document)
    if refusal:
        raise PackRefused([refusal])
    return dict(document)


def pack_import(*, campaign: Campaign, by: AbstractBaseUser, document: Any) -> list[Lifepath]:
    """Publish every lifepath of the pack in the campaign, or none (PackRefused, with
    each item and reason)."""
    refusal = _schema_refusal(document)
    if refusal:
        raise PackRefused([refusal])
    if not campaign.is_gm(by):
        raise PackRefused(["Only the campaign's GM imports lifepaths into it."])
    if campaign.game != DRIFTING:
        raise PackRefused(["Only a Drifting campaign takes a pack of Drifting lifepaths."])
    items = document["items"]
    written = [
        DraftFields(
            name=item["name"].strip(),
            region=item["region"].strip(),
            description=item["description"].strip(),
            requires=tuple(item["requires"]),
            grants=grant_lines(item["grants"]),
        )
        for item in items
    ]
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        published = open_lifepaths(campaign)
        problems = set_problems(campaign, [(None, fields) for fields in written], published)
        if problems:
            index_of = {rules.lifepath_key(fields.name): i for i, fields in enumerate(written)}
            reasons = []
            for problem in problems:
                index = index_of.get(rules.lifepath_key(problem.lifepath))
                where = (
                    _item_label(index, items[index])
                    if index is not None
                    else (problem.lifepath or "The campaign's lifepaths")
                )
                reasons.append(f"{where}: {problem.message}")
            raise PackRefused(reasons)
        # Rows first, then what comes before each: an item may follow a later one.
        open_now = list(published)
        imported = []
        for fields, item in zip(written, items, strict=True):
            lifepath = write_lifepath(
                campaign=campaign,
                fields=DraftFields(
                    name=fields.name,
                    region=fields.region,
                    description=fields.description,
                    requires=(),
                    grants=fields.grants,
                ),
                replaces=None,
                open_now=open_now,
            )
            lifepath.version = item["version"]
            lifepath.save(update_fields=["version"])
            open_now.append(lifepath)
            imported.append(lifepath)
        by_name = {rules.lifepath_key(lifepath.name): lifepath for lifepath in open_now}
        for lifepath, fields in zip(imported, written, strict=True):
            lifepath.requires.set([by_name[rules.lifepath_key(name)] for name in fields.requires])
        return imported
