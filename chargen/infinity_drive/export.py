"""Infinity Drive characters as export files, and back (chargen.core.export/imports).

The file carries the log, the frozen house rules and both pinned versions (rulebook,
campaign content). An import lands outside any campaign, keeps the character's id (a
restore is the same character; a copy has a new one, chargen.core.imports) and replays
the log under the rule data the file carries; the replayed summary must equal the
exported one (but for its roll counts: where the dice came from is this server's
judgement), or nothing is saved.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from chargen.core.export import Exporter
from chargen.core.imports import ImportRefused, log_rows_from, refuse_if_here
from chargen.core.log import next_sequence
from chargen.infinity_drive.concept_log import CONCEPT, concept_payload, named
from chargen.infinity_drive.gm.labels import log_kind_label
from chargen.infinity_drive.house_rules import character_house_rules
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from chargen.infinity_drive.progress import progress_for
from rules.errors import RulesError

ROLL_COUNT_KEYS = frozenset({"server_rolls", "entered_rolls"})

# A character in a campaign comes home finished: outside it there is no GM to submit to.
STATUS_OUTSIDE_CAMPAIGN = {
    CharacterStatus.SUBMITTED: CharacterStatus.FINISHED,
    CharacterStatus.APPROVED: CharacterStatus.FINISHED,
    CharacterStatus.RETURNED: CharacterStatus.DRAFT,
}


def describe(character: Character) -> dict[str, Any]:
    campaign = character.campaign
    return {
        "name": character.name,
        "concept": character.concept,
        "status": character.status,
        "campaign": None if campaign is None else {"id": campaign.pk, "name": campaign.name},
        "house_rules": character.house_rules,
        "rule_version": character.rule_version_id,
        "content_version": character.content_version_id,
        "snapshot": character.snapshot,
        **_homebrew_career(character),
    }


def _homebrew_career(character: Character) -> dict[str, Any]:
    """`career` with `homebrew` when the character's career is its campaign's own, and
    the version its GM published when its pinned data says (as Drifting's lifepaths)."""
    if not character.rule_version_id:
        return {}
    progress = progress_for(character, log_entries(character))
    career = progress.state.career
    if career is None or not progress.homebrew_career:
        return {}
    number = progress.homebrew_version
    return {
        "career": {
            "name": career,
            "homebrew": {} if number is None else {"version": number},
        }
    }


def rule_versions(character: Character) -> list[str]:
    return [sha for sha in (character.rule_version_id, character.content_version_id) if sha]


def in_campaign(campaign: Any) -> Iterable[Character]:
    return Character.objects.filter(campaign=campaign).select_related("campaign")


def restore(owner: Any, item: dict[str, Any]) -> Character:
    described = item["character"]
    refuse_if_here(Character, item, "character")
    status = str(described.get("status") or CharacterStatus.DRAFT)
    if status not in CharacterStatus.values:
        raise ImportRefused(f"“{status}” is not a state an Infinity Drive character can be in.")
    character = Character.objects.create(
        id=item["id"],
        owner=owner,
        campaign=None,
        name=str(described["name"])[:120],
        concept=str(described.get("concept") or "")[:200],
        status=STATUS_OUTSIDE_CAMPAIGN.get(CharacterStatus(status), status),
        house_rules=described["house_rules"],
        rule_version_id=described.get("rule_version") or None,
        content_version_id=described.get("content_version") or None,
    )
    log_rows_from(CreationLogEntry, character, item)
    entries = _named_by_its_log(character, log_entries(character))
    try:
        character_house_rules(character)
        snapshot = progress_for(character, entries).snapshot()
    except (RulesError, ValueError, KeyError, TypeError) as refusal:
        # A file from elsewhere may hold anything: a value no step knows is a refusal too.
        raise ImportRefused(
            f"The log of “{character.name}” does not replay under the rule data it carries: "
            f"{_first_refused_row(character, entries)}{refusal}"
        ) from None
    exported = described.get("snapshot") or {}
    # Where the dice came from is this server's word, not the file's: the rolls its
    # server made are imported here, so those counts differ by design.
    if any(
        exported.get(key) != value for key, value in snapshot.items() if key not in ROLL_COUNT_KEYS
    ):
        raise ImportRefused(
            f"The log of “{character.name}” replays to a different sheet than the one "
            "exported: the file was changed, or made by a server with other rules."
        )
    character.snapshot = snapshot
    character.save(update_fields=["snapshot", "updated"])
    return character


def _named_by_its_log(
    character: Character, entries: list[CreationLogEntry]
) -> list[CreationLogEntry]:
    """The log, its name and concept checked against the file's description. A file
    exported before the log held them gets the row the data migration gives every
    character of that age here (chargen/infinity_drive/migrations/0011_concept_rows.py)."""
    logged = named(entries)
    if logged is None:
        restated = CreationLogEntry(
            character=character,
            sequence=next_sequence(entries),
            kind=CONCEPT,
            payload=concept_payload(character.name, character.concept, migrated=True),
        )
        restated.save()
        return [*entries, restated]
    if logged != (character.name, character.concept):
        raise ImportRefused(
            f"The name and concept of “{character.name}” are not those its log gives: "
            "the file was changed."
        )
    return entries


def _first_refused_row(character: Character, entries: list[CreationLogEntry]) -> str:
    """“row #n (Step): ” for the first row the replay refuses (only on refusal: it replays
    every prefix of the log)."""
    for count in range(1, len(entries) + 1):
        try:
            progress_for(character, entries[:count])
        except (RulesError, ValueError, KeyError, TypeError):
            row = entries[count - 1]
            return f"row #{row.sequence} ({log_kind_label(row.kind)}): "
    return ""


EXPORTER = Exporter(
    log_model=CreationLogEntry,
    describe=describe,
    rule_versions=rule_versions,
    in_campaign=in_campaign,
    restore=restore,
    kind_label=log_kind_label,
)
