"""Drifting characters as export files, and back (chargen.core.export/imports).

The file holds the chosen lifepaths (ids and slugs), the pinned lifepath version the
character was built under (its records, in `rule_data`, by hash), the token sheet's rows
and the sealed log. An import keeps the character's id (a copy has a new one:
chargen.core.imports), lands outside any campaign, and finds each chosen lifepath: the
same row on this server; else, when the file's pinned records hold it, a row recreated
from that record and offered nowhere (`Lifepath.restored_for_import`), so the character
replays anywhere, even after its lifepaths were deleted; else, for a choice older than
pinning, the starter set's lifepath of the same slug. The log is replayed to the
lifepaths and the token sheet: both must be the file's, and a refusal names the row
where it can; each token roll's total is replayed from its faces first
(import_replay.py).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from chargen.core.export import Exporter
from chargen.core.imports import ImportRefused, log_rows_from, refuse_if_here
from chargen.core.ruledata import rule_data
from chargen.drifting.campaign_rules import DRIFTING_RULES, drifting_rules_for
from chargen.drifting.import_replay import replay_drifting_rolls
from chargen.drifting.lifepath_log import replayed_choices
from chargen.drifting.models import (
    Character,
    CharacterToken,
    ChosenLifepath,
    CreationStep,
    Lifepath,
    LifepathGrant,
    LogEntry,
)
from chargen.drifting.selectors import chosen_lifepaths
from chargen.drifting.sheet_writes import log_sheet, replayed_sheet, save_snapshot
from rules import drifting as rules
from rules.errors import RulesError

TOKEN_FIELDS = ("name", "kind", "held", "depleted", "lost", "checks", "shared_marks", "order")


def describe(character: Character) -> dict[str, Any]:
    campaign = character.campaign
    return {
        "name": character.name,
        "concept": character.concept,
        "step": character.step,
        "campaign": None if campaign is None else {"id": campaign.pk, "name": campaign.name},
        "rule_version": character.rule_version_id,
        # Drifting's house rules are the campaign's, live (not frozen per character).
        "house_rules": DRIFTING_RULES.to_json(drifting_rules_for(campaign)),
        "lifepaths": [
            {"id": path.pk, "slug": path.slug}
            | ({"homebrew": {"version": path.homebrew_version}} if path.homebrew else {})
            for path in chosen_lifepaths(character)
        ],
        "tokens": [
            {name: getattr(token, name) for name in TOKEN_FIELDS}
            for token in character.tokens.all()
        ],
    }


def rule_versions(character: Character) -> list[str]:
    return [character.rule_version_id] if character.rule_version_id else []


def in_campaign(campaign: Any) -> Iterable[Character]:
    return Character.objects.filter(campaign=campaign).select_related("campaign")


def pinned_records(digest: str | None) -> dict[str, dict[str, Any]]:
    """The lifepath records of a pinned version (already stored from the file's
    `rule_data`, its hash checked), by the lifepath's id."""
    if not digest:
        return {}
    data = rule_data(digest)
    if not isinstance(data, dict) or not isinstance(data.get("lifepaths"), list):
        return {}
    return {str(record["pk"]): record for record in data["lifepaths"]}


def _recreated(record: dict[str, Any]) -> Lifepath:
    """The lifepath row a pinned record describes, under its own id, offered nowhere.
    The sheet reads the pinned record, never this row: the row only gives the choice
    its foreign key (requirements between rows are left out: the record holds them)."""
    lifepath = Lifepath.objects.create(
        id=uuid.UUID(str(record["pk"])),
        campaign=None,
        slug=str(record["slug"])[:60],
        name=str(record["name"])[:80],
        region=str(record.get("region") or "")[:80],
        restored_for_import=True,
    )
    for grant in record.get("grants") or []:
        LifepathGrant.objects.create(
            lifepath=lifepath, kind=grant["kind"], name=grant["name"], count=grant["count"]
        )
    return lifepath


def _lifepath_here(
    position: int, chosen: dict[str, Any], records: dict[str, dict[str, Any]]
) -> Lifepath:
    key = str(chosen.get("id"))
    try:
        found = Lifepath.objects.filter(pk=uuid.UUID(key)).first()
    except ValueError:
        found = None
    if found is None and key in records:
        return _recreated(records[key])
    found = (
        found
        or Lifepath.objects.filter(
            campaign=None, slug=chosen.get("slug"), restored_for_import=False
        ).first()
    )
    if found is None:
        raise ImportRefused(
            f"Lifepath {position + 1} (“{chosen.get('slug')}”) is not on this server and the "
            "file carries no pinned record of it: nothing was imported."
        )
    return found


def _step(step: object) -> str:
    if step not in CreationStep.values:
        raise ImportRefused(f"“{step}” is not a step of Drifting's creation.")
    return str(step)


def _restore_sheet(character: Character, described: dict[str, rules.TokenState]) -> None:
    """The token snapshot, replayed from the imported log: it must be the file's sheet."""
    try:
        replayed = log_sheet(character)
    except RulesError as error:
        raise ImportRefused(
            f"The log does not replay to a token sheet{_failing_row(character)} (a file "
            "exported before every Drifting row recorded its change?): "
            f"{error} Export the character again."
        ) from None
    if replayed != described or list(replayed) != list(described):
        raise ImportRefused("The file's token sheet is not the one its log replays to.")
    save_snapshot(character, replayed)


def _failing_row(character: Character) -> str:
    """ " at row #n": the first row whose replay fails (found only after a failure)."""
    entries = list(character.log.order_by("sequence"))
    for end, entry in enumerate(entries, start=1):
        try:
            replayed_sheet(entries[:end])
        except RulesError:
            return f" at row #{entry.sequence}"
    return ""


def _restore_lifepaths(character: Character, described: list[dict[str, Any]]) -> None:
    """The lifepaths snapshot: the file's list must be what its log chose, and each
    lifepath is found on this server (see the module's docstring)."""
    choices = replayed_choices(character.log.order_by("sequence"))
    listed = [str(chosen.get("id")) for chosen in described]
    for position, choice in enumerate(choices):
        if position >= len(listed) or listed[position] != choice.lifepath:
            raise ImportRefused(
                f"The file's lifepaths are not the ones its log chose: row #{choice.sequence} "
                f"chose lifepath {position + 1} ({choice.lifepath}), the file lists "
                f"{listed[position] if position < len(listed) else 'none'}."
            )
    if len(listed) > len(choices):
        raise ImportRefused(
            "The file's lifepaths are not the ones its log chose: the file lists "
            f"{len(listed)}, the log chose {len(choices)}."
        )
    records = pinned_records(character.rule_version_id)
    for position, chosen in enumerate(described):
        ChosenLifepath.objects.create(
            character=character,
            position=position,
            lifepath=_lifepath_here(position, chosen, records),
        )


def restore(owner: Any, item: dict[str, Any]) -> Character:
    described = item["character"]
    refuse_if_here(Character, item, "character")
    replay_drifting_rolls(item["log"])
    try:
        character = Character.objects.create(
            id=item["id"],
            owner=owner,
            campaign=None,
            name=str(described.get("name") or "")[:80],
            concept=str(described.get("concept") or "")[:200],
            step=_step(described.get("step")),
            rule_version_id=described.get("rule_version") or None,
        )
        described_sheet = rules.sheet_from(
            CharacterToken(**{name: token[name] for name in TOKEN_FIELDS}).as_rules()
            for token in described.get("tokens") or []
        )
        log_rows_from(LogEntry, character, item)
        _restore_lifepaths(character, list(described.get("lifepaths") or []))
        _restore_sheet(character, described_sheet)
        chosen_lifepaths(character)
    except RulesError as refusal:
        raise ImportRefused(f"The sheet does not follow the rules: {refusal}") from None
    except (KeyError, TypeError, ValueError) as missing:
        raise ImportRefused(f"The character is missing a value it needs: {missing}.") from None
    return character


EXPORTER = Exporter(
    log_model=LogEntry,
    describe=describe,
    rule_versions=rule_versions,
    in_campaign=in_campaign,
    restore=restore,
)
