"""Which published version of a campaign's career a character's pinned rule data holds.

The pinned records carry a homebrew career's tables, not the number its GM published it
under; the number is found by rebuilding each published version into the same records
(the career itself taken out) and comparing the career as the rules read it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from chargen.campaigns.models import Campaign
from chargen.rulebook.models import HomebrewCareerVersion
from rules.errors import RulesError
from rules.infinity_drive.homebrew_careers import (
    career_from_book,
    career_from_json,
    career_to_json,
    rulebook_with_careers,
)
from rules.infinity_drive.rulebook import rulebook_from_records


def published_version_number(
    campaign: Campaign | None, records: Sequence[Mapping[str, Any]], career: str
) -> int | None:
    """The number of the campaign's published version of `career` that `records` hold
    (the newest, should two versions read the same), or None when none of this
    campaign's versions is it (a character imported from another server)."""
    if campaign is None:
        return None
    pinned = career_to_json(career_from_book(rulebook_from_records(records), career))
    versions = HomebrewCareerVersion.objects.filter(career__campaign=campaign).order_by(
        "-number", "-pk"
    )
    for version in versions:
        draft = career_from_json(version.data)
        if draft.name.strip() != career:
            continue
        try:
            # The skills it defines are in the records already, if this is the version.
            _, rebuilt = rulebook_with_careers(records, [replace(draft, skills=())], [career])
        except RulesError:
            continue
        if career_to_json(career_from_book(rebuilt, career)) == pinned:
            return int(version.number)
    return None
