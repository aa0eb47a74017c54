"""Lifepaths (seed 000, opening): the stages of a life and the tokens each grants."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.drifting.tokens import DriftingError, TokenKind, TokenState
from rules.inputs import instance, listed_instances, one_of, text, texts, whole

__all__ = [
    "DEFAULT_LIFEPATH_COUNT",
    "LIFEPATH_COUNT_MAX",
    "LIFEPATH_COUNT_MIN",
    "LIFEPATH_COUNT_RANGE_MESSAGE",
    "MAX_TOKENS_PER_GRANT",
    "MAX_TOKENS_PER_LIFEPATH",
    "Lifepath",
    "TokenGrant",
    "check_lifepath_choice",
    "check_lifepath_grants",
    "tokens_from_lifepaths",
]

DEFAULT_LIFEPATH_COUNT = 4  # a house rule: the seed does not say how many
LIFEPATH_COUNT_MIN = 1
LIFEPATH_COUNT_MAX = 10  # a ceiling of ours: a life of more stages is a typo
LIFEPATH_COUNT_RANGE_MESSAGE = (
    f"Lifepaths per character must be between {LIFEPATH_COUNT_MIN} and {LIFEPATH_COUNT_MAX}."
)


# A lifepath is one stage of a life: the starter set grants two or three tokens each.
# A GM's own lifepath may grant a little more, but not a sheet of a million checkboxes.
MAX_TOKENS_PER_GRANT = 3
MAX_TOKENS_PER_LIFEPATH = 6


@dataclass(frozen=True)
class TokenGrant:
    kind: TokenKind
    name: str
    count: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", one_of(self.kind, TokenKind, "a kind of token"))
        text(self.name, "A granted token's name")
        whole(self.count, f"{self.name}: the number of tokens granted")


def check_lifepath_grants(grants: Sequence[TokenGrant]) -> None:
    """Refuse a lifepath that grants nothing, or more tokens than one stage of a life."""
    grants = listed_instances(grants, TokenGrant, "A lifepath's grants", "a grant of tokens")
    if not grants:
        raise DriftingError("A lifepath grants at least one token.")
    for grant in grants:
        if not 1 <= grant.count <= MAX_TOKENS_PER_GRANT:
            raise DriftingError(
                f"{grant.name}: a lifepath grants 1 to {MAX_TOKENS_PER_GRANT} tokens of a type "
                f"({grant.count} asked for)."
            )
    total = sum(grant.count for grant in grants)
    if total > MAX_TOKENS_PER_LIFEPATH:
        raise DriftingError(
            f"A lifepath grants at most {MAX_TOKENS_PER_LIFEPATH} tokens in all; "
            f"these lines grant {total}."
        )


@dataclass(frozen=True)
class Lifepath:
    """A stage of a life in the Tigris system and the tokens it grants.

    `requires` names lifepaths of which one must come earlier in the life (empty: any).
    """

    slug: str
    name: str
    grants: tuple[TokenGrant, ...]
    requires: tuple[str, ...] = ()
    region: str = ""
    requires_names: tuple[str, ...] = ()  # for messages; `requires` holds the slugs

    def __post_init__(self) -> None:
        text(self.slug, "A lifepath's slug")
        text(self.name, "A lifepath's name")
        grants = listed_instances(self.grants, TokenGrant, "A lifepath's grants", "a grant")
        object.__setattr__(self, "grants", grants)
        object.__setattr__(self, "requires", texts(self.requires, "The lifepaths required"))
        text(self.region, "A lifepath's region")
        object.__setattr__(
            self, "requires_names", texts(self.requires_names, "The lifepaths required")
        )


def check_lifepath_choice(
    chosen: Sequence[Lifepath], candidate: Lifepath, *, limit: int = DEFAULT_LIFEPATH_COUNT
) -> None:
    """Raise DriftingError if `candidate` cannot follow the lifepaths already chosen."""
    chosen = listed_instances(chosen, Lifepath, "The lifepaths chosen", "a lifepath")
    instance(candidate, Lifepath, "a lifepath")
    if not LIFEPATH_COUNT_MIN <= whole(limit, "Lifepaths per character") <= LIFEPATH_COUNT_MAX:
        raise DriftingError(LIFEPATH_COUNT_RANGE_MESSAGE)
    if len(chosen) >= limit:
        raise DriftingError(f"This life already has its {limit} lifepaths.")
    earlier = {lifepath.slug for lifepath in chosen}
    if candidate.slug in earlier:
        raise DriftingError(f"{candidate.name} is already in this life.")
    if candidate.requires and not earlier.intersection(candidate.requires):
        earlier_lives = ", ".join(candidate.requires_names or candidate.requires)
        raise DriftingError(f"{candidate.name} must follow one of: {earlier_lives}.")


def tokens_from_lifepaths(chosen: Sequence[Lifepath]) -> dict[str, TokenState]:
    """Add up the tokens the chosen lifepaths grant, type by type, in order of first grant."""
    sheet: dict[str, TokenState] = {}
    for lifepath in listed_instances(chosen, Lifepath, "The lifepaths chosen", "a lifepath"):
        for grant in lifepath.grants:
            state = sheet.get(grant.name) or TokenState(name=grant.name, kind=grant.kind)
            if state.kind != grant.kind:
                raise DriftingError(
                    f"{lifepath.name} grants {grant.name} as {grant.kind}, "
                    f"but it is already a {state.kind} token."
                )
            sheet[grant.name] = replace(state, held=state.held + grant.count)
    return sheet
