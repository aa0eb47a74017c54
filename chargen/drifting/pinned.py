"""The lifepaths a Drifting character reads, as pinned rule data.

The lifepaths open to a character (the shared starter set and its campaign's own),
with their grants and requirements, are serialised into a "drifting" RuleVersion
(chargen.core.ruledata). The wizard reads the character's pinned version, so editing
or deleting a lifepath in the admin changes the drafts started afterwards, never one
already under way. A finished character's token sheet is its own rows already.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from chargen.core.ruledata import current_rule_version, rule_data, rule_data_changed
from chargen.drifting.models import Lifepath, TokenKind
from chargen.drifting.offered import offered_lifepaths
from rules import drifting as rules

RULESET = "drifting"
PINNED_LIFEPATHS_KEPT = 32
KIND_LABELS: dict[str, str] = dict(TokenKind.choices)


@dataclass(frozen=True)
class PinnedLifepath:
    """A lifepath as a character's pinned data holds it (`pk` is the row's id, as text)."""

    pk: str
    slug: str
    name: str
    region: str
    grants: tuple[rules.TokenGrant, ...]
    requires: tuple[str, ...]  # slugs, one of which must come earlier
    requires_names: tuple[str, ...]
    # A campaign's own lifepath: the version published (None: the starter set's).
    homebrew_version: int | None = None

    @property
    def homebrew(self) -> bool:
        return self.homebrew_version is not None

    def as_rules(self) -> rules.Lifepath:
        return rules.Lifepath(
            slug=self.slug,
            name=self.name,
            region=self.region,
            grants=self.grants,
            requires=self.requires,
            requires_names=self.requires_names,
        )

    @property
    def grants_text(self) -> str:
        """E.g. "1 × Military (Background), 2 × Firearms (Focus)"."""
        return ", ".join(
            f"{grant.count} × {grant.name} ({KIND_LABELS[grant.kind.value]})"
            for grant in self.grants
        )

    @property
    def requirement(self) -> str:
        """E.g. "after United Systems marine or Marine veteran"; empty when any time will do."""
        names = self.requires_names
        if not names:
            return ""
        if len(names) == 1:
            return f"after {names[0]}"
        return f"after {', '.join(names[:-1])} or {names[-1]}"


def _record(lifepath: Lifepath) -> dict[str, Any]:
    """One lifepath row (grants and requirements prefetched) as plain JSON.

    A campaign's own lifepath says so, with its version ("homebrew"); the starter set's
    records have no such key, so the versions of a set without homebrew keep their hash."""
    record: dict[str, Any] = {
        "pk": str(lifepath.pk),
        "slug": lifepath.slug,
        "name": lifepath.name,
        "region": lifepath.region,
        "grants": [
            {"kind": grant.kind, "name": grant.name, "count": grant.count}
            for grant in sorted(lifepath.grants.all(), key=lambda grant: grant.pk)
        ],
        "requires": [
            {"slug": required.slug, "name": required.name} for required in lifepath.requires.all()
        ],
    }
    if lifepath.campaign_id is not None and not lifepath.restored_for_import:
        record["homebrew"] = {"version": lifepath.version}
    return record


def lifepath_data(campaign: Any) -> dict[str, Any]:
    """The lifepaths `campaign` offers (None: the starter set alone), as plain JSON."""
    return {"lifepaths": [_record(row) for row in offered_lifepaths(campaign)]}


def lifepath_scope(campaign: Any) -> str:
    return f"{RULESET}:{campaign.pk if campaign is not None else '-'}"


def current_lifepath_version(campaign: Any) -> str:
    return current_rule_version(
        scope=lifepath_scope(campaign), ruleset=RULESET, load=lambda: lifepath_data(campaign)
    )


def _pinned(record: dict[str, Any]) -> PinnedLifepath:
    return PinnedLifepath(
        pk=record["pk"],
        slug=record["slug"],
        name=record["name"],
        region=record["region"],
        grants=tuple(
            rules.TokenGrant(
                kind=rules.TokenKind(grant["kind"]), name=grant["name"], count=grant["count"]
            )
            for grant in record["grants"]
        ),
        requires=tuple(required["slug"] for required in record["requires"]),
        requires_names=tuple(required["name"] for required in record["requires"]),
        homebrew_version=record["homebrew"]["version"] if "homebrew" in record else None,
    )


def pinned_from_row(lifepath: Lifepath) -> PinnedLifepath:
    """A live row in the pinned shape (only for a choice made before pinning existed)."""
    return _pinned(_record(lifepath))


@lru_cache(maxsize=PINNED_LIFEPATHS_KEPT)
def lifepaths_for_version(sha256: str) -> tuple[PinnedLifepath, ...]:
    return tuple(_pinned(record) for record in rule_data(sha256)["lifepaths"])


def lifepaths_under(
    chosen: Sequence[PinnedLifepath], digest: str, *, where: str
) -> list[PinnedLifepath]:
    """The chosen lifepaths as version `digest` holds them, if all are there and still
    follow one another (raises DriftingError naming the first that does not)."""
    open_there = {lifepath.pk: lifepath for lifepath in lifepaths_for_version(digest)}
    found: list[PinnedLifepath] = []
    for lifepath in chosen:
        if lifepath.pk not in open_there:
            raise rules.DriftingError(f"{lifepath.name} is not a lifepath of {where}.")
        candidate = open_there[lifepath.pk]
        rules.check_lifepath_choice(
            [earlier.as_rules() for earlier in found], candidate.as_rules(), limit=len(chosen)
        )
        found.append(candidate)
    return found


def lifepath_version_for(campaign: Any) -> str | None:
    """The version a character in `campaign` is pinned to now (None while none exist)."""
    digest = current_lifepath_version(campaign)
    return digest if lifepaths_for_version(digest) else None


def lifepaths_changed(**_signal_arguments: Any) -> None:
    """A lifepath, a grant or a requirement changed: every current lifepath set is stale."""
    rule_data_changed(RULESET)
