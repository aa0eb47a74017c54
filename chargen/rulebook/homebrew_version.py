"""Which published version of a campaign's career a character's pinned rule data holds.

A homebrew career published now carries its career's id and version number in the rule
data itself (`Rulebook.publications`), so the number is read from what the character
pinned. Data pinned before versions carried them has only the career's tables: for it
alone, the number is found by rebuilding each of the campaign's published versions into
the same records (the career itself taken out) and comparing the career as the rules
read it; two versions that differ only where the rules do not look read the same, so
the newest of them is named.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
from rules.infinity_drive.rulebook import Rulebook, rulebook_from_records


def pinned_version_number(
    campaign: Campaign | None,
    rulebook: Rulebook,
    career: str,
    records: Callable[[], Sequence[Mapping[str, Any]]],
) -> int | None:
    """The version of the homebrew `career` that `rulebook` (a character's pinned rule
    data, whose records `records()` reads) holds: the number published into it, else,
    for data pinned before that, the campaign's version that reads the same; None when
    neither says (a character imported from another server before versions were
    written in)."""
    publication = rulebook.publications.get(career)
    if publication is not None:
        return publication.version
    return _compared_version_number(campaign, records(), career)


def _compared_version_number(
    campaign: Campaign | None, records: Sequence[Mapping[str, Any]], career: str
) -> int | None:
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
            _, rebuilt = rulebook_with_careers(
                records, [replace(draft, skills=(), publication=None)], [career]
            )
        except RulesError:
            continue
        if career_to_json(career_from_book(rebuilt, career)) == pinned:
            return int(version.number)
    return None
