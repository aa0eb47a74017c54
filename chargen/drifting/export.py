"""Drifting characters as export files, and back (chargen.core.export/imports).

The file holds the chosen lifepaths (by their pinned records), the token sheet's rows
and the sealed log. An import keeps the character's id, lands outside any campaign,
finds each lifepath on this server (the same row, else the starter set's lifepath of
the same slug), and replays the log to the lifepaths and the token sheet: both must
be the file's.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from chargen.core.export import Exporter
from chargen.core.imports import ImportRefused, log_rows_from
from chargen.drifting.campaign_rules import DRIFTING_RULES, drifting_rules_for
from chargen.drifting.lifepath_log import replayed_lifepath_ids
from chargen.drifting.models import (
    Character,
    CharacterToken,
    ChosenLifepath,
    CreationStep,
    Lifepath,
    LogEntry,
)
from chargen.drifting.selectors import chosen_lifepaths
from chargen.drifting.sheet_writes import log_sheet, save_snapshot
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
        "lifepaths": [{"id": path.pk, "slug": path.slug} for path in chosen_lifepaths(character)],
        "tokens": [
            {name: getattr(token, name) for name in TOKEN_FIELDS}
            for token in character.tokens.all()
        ],
    }


def rule_versions(character: Character) -> list[str]:
    return [character.rule_version_id] if character.rule_version_id else []


def in_campaign(campaign: Any) -> Iterable[Character]:
    return Character.objects.filter(campaign=campaign).select_related("campaign")


def _lifepath_here(chosen: dict[str, Any]) -> Lifepath:
    try:
        found = Lifepath.objects.filter(pk=uuid.UUID(str(chosen.get("id")))).first()
    except ValueError:
        found = None
    found = found or Lifepath.objects.filter(campaign=None, slug=chosen.get("slug")).first()
    if found is None:
        raise ImportRefused(
            f"The lifepath “{chosen.get('slug')}” is not on this server: nothing was imported."
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
            "The log does not replay to a token sheet (a file exported before every "
            f"Drifting row recorded its change?): {error} Export the character again."
        ) from None
    if replayed != described or list(replayed) != list(described):
        raise ImportRefused("The file's token sheet is not the one its log replays to.")
    save_snapshot(character, replayed)


def _restore_lifepaths(character: Character, described: list[dict[str, Any]]) -> None:
    """The lifepaths snapshot: the file's list must be what its log chose, and each
    lifepath is found on this server (the same row, else the starter set's by slug)."""
    replayed = replayed_lifepath_ids(character.log.order_by("sequence"))
    if [str(chosen.get("id")) for chosen in described] != replayed:
        raise ImportRefused("The file's lifepaths are not the ones its log chose.")
    for position, chosen in enumerate(described):
        ChosenLifepath.objects.create(
            character=character, position=position, lifepath=_lifepath_here(chosen)
        )


def restore(owner: Any, item: dict[str, Any]) -> Character:
    described = item["character"]
    if Character.objects.filter(pk=item["id"]).exists():
        raise ImportRefused(
            f"“{described.get('name')}” is already on this server (the same character): "
            "nothing was imported."
        )
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
