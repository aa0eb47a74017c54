"""Moving a draft to the current rule data, and saying who is on older data.

A character replays under the rule data it was started with. Its owner may move a
draft (or a character the GM returned) to the current data, but only after seeing what
would change, and only where its whole log replays under the new data: a recorded roll
whose table entry is gone, or a choice the new data forbids, keeps it where it is.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.content.pinned import content_scope, content_version_for_new_character
from chargen.core.ruledata import recorded_versions, versions_without_data
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.progress import Progress, progress_for
from chargen.rulebook.homebrew import rulebook_version_for_new_character, scopes_for
from chargen.rulebook.services import rulebook_for_version
from rules.errors import RulesError


@dataclass(frozen=True)
class Targets:
    """The versions a character started now would be pinned to (None: no such data)."""

    rulebook: str | None
    content: str | None


def current_targets(campaign: Campaign | None) -> Targets:
    # Both scopes' recorded versions in one statement: every wizard page asks.
    recorded = recorded_versions([*scopes_for(campaign), content_scope(campaign)])
    return Targets(
        rulebook=rulebook_version_for_new_character(campaign, recorded),
        content=content_version_for_new_character(campaign, recorded),
    )


def outdated_by(character: Character, targets: Targets) -> list[str]:
    """The pinned versions of `character` that are older than `targets`."""
    return [
        pinned
        for pinned, current in (
            (character.rule_version_id, targets.rulebook),
            (character.content_version_id, targets.content),
        )
        if pinned and current and pinned != current
    ]


def older_rule_data(characters: Iterable[Character]) -> dict[uuid.UUID, datetime]:
    """The characters on older rule data than their campaign's current, each with the
    date of its oldest outdated version (one query per campaign, and one for the dates)."""
    targets_by_campaign: dict[uuid.UUID | None, Targets] = {}
    outdated: dict[uuid.UUID, list[str]] = {}
    for character in characters:
        if character.campaign_id not in targets_by_campaign:
            targets_by_campaign[character.campaign_id] = current_targets(character.campaign)
        outdated[character.pk] = outdated_by(character, targets_by_campaign[character.campaign_id])
    created = versions_without_data({sha for shas in outdated.values() for sha in shas})
    return {
        pk: min(created[sha].created for sha in shas if sha in created)
        for pk, shas in outdated.items()
        if any(sha in created for sha in shas)
    }


def older_rule_data_date(character: Character) -> datetime | None:
    """When the character's rule data dates from, if newer data exists (else None)."""
    return older_rule_data([character]).get(character.pk)


@dataclass(frozen=True)
class Change:
    label: str
    before: str
    after: str


@dataclass(frozen=True)
class RuleDataUpgrade:
    """What moving a draft to the current rule data would do."""

    character: Character
    targets: Targets
    outdated: bool
    built_under: datetime | None
    changes: tuple[Change, ...]
    refusal: str  # why it cannot move, in the player's words ("" when it can)
    after: Progress | None

    @property
    def allowed(self) -> bool:
        return self.outdated and not self.refusal and self.character.is_editable


def _lines(progress: Progress) -> dict[str, str]:
    state = progress.state
    return {
        "Profile": state.profile or "—",
        "Skills": (state.skill_summary if state.career else "") or "—",
        "Progress": progress.progress_label,
        "Next": progress.next_step_message,
    }


def rule_data_upgrade_preview(character: Character) -> RuleDataUpgrade:
    """Replay the character under the current rule data and compare (nothing is saved)."""
    targets = current_targets(character.campaign)
    outdated = outdated_by(character, targets)
    created = versions_without_data(set(outdated))
    built_under = min((created[sha].created for sha in outdated if sha in created), default=None)
    entries = log_entries(character)
    before = progress_for(character, entries)
    refusal, after, changes = "", None, []
    if not character.is_editable:
        refusal = (
            f"{character.name} is {character.get_status_display().lower()}: a character keeps "
            "the rule data it was built under; only a draft can move to the current data."
        )
    if targets.rulebook and targets.rulebook != character.rule_version_id:
        try:
            after = progress_for(
                character, entries, rulebook=rulebook_for_version(targets.rulebook)
            )
        except RulesError as error:
            refusal = refusal or (
                "Under the current rule data this character's log no longer replays: "
                f"{error} It keeps the rule data it was built under."
            )
    if after is not None:
        old, new = _lines(before), _lines(after)
        changes = [
            Change(label, old[label], new[label]) for label in old if old[label] != new[label]
        ]
    if targets.content and character.content_version_id not in {None, targets.content}:
        changes.append(
            Change(
                "Campaign content",
                "equipment, background tables and history prompts as they were",
                "as the campaign has them now",
            )
        )
    return RuleDataUpgrade(
        character=character,
        targets=targets,
        outdated=bool(outdated),
        built_under=built_under,
        changes=tuple(changes),
        refusal=refusal,
        after=after,
    )


def character_upgrade_rule_data(
    *, character: Character, rulebook_version: str, content_version: str
) -> Character:
    """Move a draft to the current rule data: the versions its owner was shown, and only
    if its log replays under them (raises StepRefused with the reason otherwise)."""
    with transaction.atomic():
        character = (
            Character.objects.select_for_update(of=("self",))
            .select_related("campaign", "race")
            .get(pk=character.pk)
        )
        upgrade = rule_data_upgrade_preview(character)
        if upgrade.refusal:
            raise StepRefused(upgrade.refusal)
        if not upgrade.outdated:
            raise StepRefused(f"{character.name} already uses the current rule data.")
        shown = (rulebook_version, content_version)
        if shown != (upgrade.targets.rulebook or "", upgrade.targets.content or ""):
            raise StepRefused(
                "The rule data changed again since the page was shown: look at what would "
                "change now, then move."
            )
        fields = ["updated"]
        if upgrade.targets.rulebook:
            character.rule_version_id = upgrade.targets.rulebook
            fields.append("rule_version")
        if upgrade.targets.content:
            character.content_version_id = upgrade.targets.content
            fields.append("content_version")
        if upgrade.after is not None:
            character.snapshot = upgrade.after.snapshot()
            fields.append("snapshot")
            if upgrade.after.state.dead:
                character.status = CharacterStatus.DEAD
                fields.append("status")
        character.save(update_fields=fields)
        return character
