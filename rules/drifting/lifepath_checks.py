"""Checks on a whole set of lifepaths, as a GM writes them (seed 000, opening: "Tokens are
gained in character creation through Lifepaths").

A GM's lifepaths are written as plain text (a name, the lifepaths that may come before,
the tokens granted), so each part may be wrong in its own way. These checks read the
set a character would choose from (the starter set and the campaign's own) and say, for
each lifepath and field, what would break a life built from it: a name used twice, a
lifepath named before that does not exist, a kind of token the book does not know, a
lifepath that grants nothing, a token that is two kinds at once, a lifepath no life can
reach, or a set too small for a whole life. A set with no problem lets any choice of
open lifepaths, one after another, build a whole life (tests/rules property tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.drifting.lifepaths import (
    LIFEPATH_COUNT_MAX,
    LIFEPATH_COUNT_MIN,
    LIFEPATH_COUNT_RANGE_MESSAGE,
    Lifepath,
    TokenGrant,
    check_lifepath_grants,
)
from rules.drifting.tokens import DriftingError, TokenKind
from rules.inputs import listed_instances, text, texts, whole

__all__ = [
    "GrantLine",
    "LifepathLines",
    "LifepathProblem",
    "lifepath_key",
    "lifepath_set_problems",
    "lifepath_steps",
    "lifepaths_from_lines",
]

KIND_VALUES = frozenset(kind.value for kind in TokenKind)
KIND_NAMES = ", ".join(kind.value for kind in TokenKind)


def lifepath_key(name: str) -> str:
    """What makes two names the same lifepath: case and spacing do not count."""
    return " ".join(text(name, "A lifepath's name").split()).casefold()


@dataclass(frozen=True)
class GrantLine:
    """One grant as written: the kind is any text until the checks have read it."""

    kind: str
    name: str
    count: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", text(self.kind, "A granted token's kind"))
        object.__setattr__(self, "name", text(self.name, "A granted token's name"))
        whole(self.count, "The number of tokens granted")


@dataclass(frozen=True)
class LifepathLines:
    """A lifepath as written: `requires` names the lifepaths (by name) of which one must
    come earlier in the life (empty: it may come first)."""

    name: str
    grants: tuple[GrantLine, ...]
    requires: tuple[str, ...] = ()
    region: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", text(self.name, "A lifepath's name"))
        grants = listed_instances(self.grants, GrantLine, "A lifepath's grants", "a grant")
        object.__setattr__(self, "grants", grants)
        object.__setattr__(self, "requires", texts(self.requires, "The lifepaths before"))
        object.__setattr__(self, "region", text(self.region, "A lifepath's region"))


@dataclass(frozen=True)
class LifepathProblem:
    """Why a set of lifepaths cannot be published: `lifepath` is the name ("" for the
    whole set), `field` one of "name", "requires", "grants" ("" for the whole lifepath)."""

    lifepath: str
    field: str
    message: str


def _grant_problems(lifepath: LifepathLines) -> list[str]:
    unknown = [grant for grant in lifepath.grants if grant.kind not in KIND_VALUES]
    if unknown:
        return [
            f"“{grant.kind}” (for {grant.name}) is no kind of token: {KIND_NAMES}."
            for grant in unknown
        ]
    try:
        check_lifepath_grants(
            [
                TokenGrant(TokenKind(grant.kind), grant.name, grant.count)
                for grant in lifepath.grants
            ]
        )
    except DriftingError as error:
        return [str(error)]
    return []


def lifepath_steps(lifepaths: Sequence[LifepathLines]) -> dict[str, int]:
    """The fewest lifepaths a life takes to reach each reachable lifepath (by key; 1: it
    may come first). A lifepath no life reaches has no entry."""
    lifepaths = listed_instances(lifepaths, LifepathLines, "The lifepaths", "a lifepath")
    depth: dict[str, int] = {}
    level = 1
    frontier = [lifepath_key(lifepath.name) for lifepath in lifepaths if not lifepath.requires]
    while frontier:
        for key in frontier:
            depth.setdefault(key, level)
        level += 1
        frontier = [
            lifepath_key(lifepath.name)
            for lifepath in lifepaths
            if lifepath_key(lifepath.name) not in depth
            and any(lifepath_key(before) in depth for before in lifepath.requires)
        ]
    return depth


def lifepath_set_problems(
    lifepaths: Sequence[LifepathLines], *, limit: int
) -> tuple[LifepathProblem, ...]:
    """Every reason the set cannot be offered to characters whose life has `limit`
    lifepaths (empty: it can), in the order of the lifepaths."""
    lifepaths = listed_instances(lifepaths, LifepathLines, "The lifepaths", "a lifepath")
    if not LIFEPATH_COUNT_MIN <= whole(limit, "Lifepaths per character") <= LIFEPATH_COUNT_MAX:
        raise DriftingError(LIFEPATH_COUNT_RANGE_MESSAGE)
    problems: list[LifepathProblem] = []
    names: dict[str, str] = {}
    token_kinds: dict[str, tuple[str, str]] = {}  # token name → (kind, the lifepath first)
    for lifepath in lifepaths:
        key = lifepath_key(lifepath.name)
        if not key:
            problems.append(LifepathProblem(lifepath.name, "name", "A lifepath needs a name."))
        elif key in names:
            problems.append(
                LifepathProblem(
                    lifepath.name, "name", f"There is already a lifepath called {names[key]}."
                )
            )
        else:
            names[key] = lifepath.name
        for message in _grant_problems(lifepath):
            problems.append(LifepathProblem(lifepath.name, "grants", message))
        for grant in lifepath.grants:
            first = token_kinds.setdefault(grant.name, (grant.kind, lifepath.name))
            if first[0] != grant.kind and grant.kind in KIND_VALUES and first[0] in KIND_VALUES:
                problems.append(
                    LifepathProblem(
                        lifepath.name,
                        "grants",
                        f"{grant.name} is a {first[0]} token in {first[1]}: "
                        f"a token is one kind wherever it is granted.",
                    )
                )
    for lifepath in lifepaths:
        key = lifepath_key(lifepath.name)
        for before in lifepath.requires:
            if lifepath_key(before) == key:
                problems.append(
                    LifepathProblem(
                        lifepath.name, "requires", f"{lifepath.name} cannot come after itself."
                    )
                )
            elif lifepath_key(before) not in names:
                problems.append(
                    LifepathProblem(
                        lifepath.name,
                        "requires",
                        f"“{before}” is no lifepath here: a lifepath comes after lifepaths "
                        "that exist.",
                    )
                )
    depth = lifepath_steps(lifepaths)
    for lifepath in lifepaths:
        key = lifepath_key(lifepath.name)
        if names.get(key) != lifepath.name:
            continue  # a second lifepath of the same name is already reported
        if key not in depth:
            problems.append(
                LifepathProblem(
                    lifepath.name,
                    "requires",
                    f"No life can reach {lifepath.name}: no lifepath it comes after can "
                    "itself be taken.",
                )
            )
        elif depth[key] > limit:
            problems.append(
                LifepathProblem(
                    lifepath.name,
                    "requires",
                    f"{lifepath.name} needs {depth[key] - 1} lifepaths before it, and a life "
                    f"here has {limit} in all.",
                )
            )
    if len(names) < limit:
        problems.append(
            LifepathProblem(
                "",
                "",
                f"A life here has {limit} lifepaths, and only {len(names)} can be chosen.",
            )
        )
    return tuple(problems)


def lifepaths_from_lines(lifepaths: Sequence[LifepathLines]) -> tuple[Lifepath, ...]:
    """The lifepaths as the choosing rules read them (each keyed by its name), once the
    set has no problem; a problem left is raised as DriftingError."""
    lifepaths = listed_instances(lifepaths, LifepathLines, "The lifepaths", "a lifepath")
    names = {lifepath_key(lifepath.name): lifepath.name for lifepath in lifepaths}
    built = []
    for lifepath in lifepaths:
        problems = _grant_problems(lifepath)
        if problems:
            raise DriftingError(problems[0])
        built.append(
            Lifepath(
                slug=lifepath_key(lifepath.name),
                name=lifepath.name,
                region=lifepath.region,
                grants=tuple(
                    TokenGrant(TokenKind(grant.kind), grant.name, grant.count)
                    for grant in lifepath.grants
                ),
                requires=tuple(lifepath_key(before) for before in lifepath.requires),
                requires_names=tuple(
                    names.get(lifepath_key(before), before) for before in lifepath.requires
                ),
            )
        )
    return tuple(built)
