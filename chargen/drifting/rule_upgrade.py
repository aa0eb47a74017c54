"""Moving a Drifting draft to the lifepaths as they are now.

A draft reads the lifepaths pinned when it started (or joined its campaign). Its owner
may move it to the current ones after seeing what would change, if every lifepath it has
chosen is still there and they still follow one another.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction

from chargen.core.ruledata import versions_without_data
from chargen.drifting.lifepath_log import replayed_lifepath_ids
from chargen.drifting.models import Character
from chargen.drifting.pinned import (
    PinnedLifepath,
    lifepath_version_for,
    lifepaths_for_version,
    lifepaths_under,
)
from chargen.drifting.selectors import character_lifepaths, lifepaths_by_id
from rules import drifting as rules


@dataclass(frozen=True)
class Change:
    label: str
    before: str
    after: str


@dataclass(frozen=True)
class LifepathUpgrade:
    character: Character
    target: str | None
    built_under: datetime | None
    changes: tuple[Change, ...]
    refusal: str

    @property
    def outdated(self) -> bool:
        return self.built_under is not None

    @property
    def allowed(self) -> bool:
        return self.outdated and not self.refusal


def older_lifepaths_date(character: Character) -> datetime | None:
    """When the draft's lifepaths date from, if they have been edited since (else None)."""
    pinned, target = character.rule_version_id, lifepath_version_for(character.campaign)
    if not pinned or not target or pinned == target:
        return None
    version = versions_without_data({pinned}).get(pinned)
    return version.created if version else None


def _tokens(lifepaths: list[PinnedLifepath]) -> str:
    sheet = rules.tokens_from_lifepaths([lifepath.as_rules() for lifepath in lifepaths])
    return ", ".join(f"{state.name} ×{state.held}" for state in sheet.values()) or "—"


def _names(lifepaths: tuple[PinnedLifepath, ...] | list[PinnedLifepath]) -> str:
    return ", ".join(lifepath.name for lifepath in lifepaths) or "—"


def lifepath_upgrade_preview(character: Character) -> LifepathUpgrade:
    """Compare the draft under its pinned lifepaths and under the current ones."""
    built_under = older_lifepaths_date(character)
    target = lifepath_version_for(character.campaign)
    changes: list[Change] = []
    refusal = ""
    if character.is_finished:
        refusal = (
            f"{character} is finished: its tokens are its own, and it keeps the lifepaths it "
            "was built from. Only a draft can move to the current lifepaths."
        )
    if built_under is not None and target is not None:
        # Read from the log, not the snapshot: the move judges by this under its lock.
        chosen = lifepaths_by_id(
            character, replayed_lifepath_ids(character.log.order_by("sequence"))
        )
        where = character.campaign.name if character.campaign else "play outside any campaign"
        try:
            moved = lifepaths_under(chosen, target, where=where)
        except rules.DriftingError as error:
            refusal = refusal or f"{error} It keeps the lifepaths it was started with."
        else:
            for label, before, after in (
                ("Lifepaths chosen", _names(chosen), _names(moved)),
                ("Tokens from them", _tokens(chosen), _tokens(moved)),
                (
                    "Lifepaths to choose from",
                    _names(character_lifepaths(character)),
                    _names(lifepaths_for_version(target)),
                ),
            ):
                if before != after:
                    changes.append(Change(label, before, after))
    return LifepathUpgrade(character, target, built_under, tuple(changes), refusal)


def character_move_to_current_lifepaths(*, character: Character, version: str) -> Character:
    """Pin the draft to the current lifepaths: the version its owner was shown, and only
    if its chosen lifepaths are all there, in an order they allow (DriftingError if not)."""
    with transaction.atomic():
        character = (
            Character.objects.select_for_update(of=("self",))
            .select_related("campaign")
            .get(pk=character.pk)
        )
        upgrade = lifepath_upgrade_preview(character)
        if upgrade.refusal:
            raise rules.DriftingError(upgrade.refusal)
        if not upgrade.outdated:
            raise rules.DriftingError(f"{character} already uses the current lifepaths.")
        if version != upgrade.target:
            raise rules.DriftingError(
                "The lifepaths changed again since the page was shown: look at what would "
                "change now, then move."
            )
        character.rule_version_id = upgrade.target
        character.save(update_fields=["rule_version", "updated"])
        return character
