"""What a campaign's set of lifepaths would be once its GM's drafts are published (seed
000, opening: "Tokens are gained in character creation through Lifepaths").

Before publishing, a GM sees the set a new character would choose from: each lifepath
with the lifepaths that may come before it and the tokens it grants, how early in a life
it can be taken (or that no life reaches it), and the findings of the same checks
publishing applies (lifepath_checks). A draft that edits a published lifepath stands in
its place; one that cuts another lifepath off (renamed, or no longer coming first) shows
as that lifepath losing the reach it has now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from rules.drifting.lifepath_checks import (
    LifepathLines,
    LifepathProblem,
    lifepath_key,
    lifepath_set_problems,
    lifepath_steps,
)
from rules.inputs import instance, listed_instances, text

__all__ = [
    "DraftLines",
    "LifepathPreview",
    "LifepathSource",
    "SetPreview",
    "lifepath_set_preview",
]


class LifepathSource(Enum):
    PUBLISHED = "published"
    NEW = "new draft"
    NEXT_VERSION = "next version"


@dataclass(frozen=True)
class DraftLines:
    """A draft as written; `replaces` names the published lifepath it is the next version
    of ("": a new lifepath)."""

    lines: LifepathLines
    replaces: str = ""

    def __post_init__(self) -> None:
        instance(self.lines, LifepathLines, "a draft's lifepath")
        object.__setattr__(self, "replaces", text(self.replaces, "The lifepath a draft edits"))


@dataclass(frozen=True)
class LifepathPreview:
    """One lifepath of the set once every draft is in. `steps` is the earliest place in
    a life it can take (1: first; None: no life reaches it); `steps_now` the same in the
    published set alone (None for a new draft, or where no life reaches it now)."""

    lines: LifepathLines
    source: LifepathSource
    replaces: str
    steps: int | None
    steps_now: int | None
    reachable: bool  # a new character's life, `limit` lifepaths long, can take it
    reachable_now: bool
    problems: tuple[LifepathProblem, ...]

    @property
    def cut_off(self) -> bool:
        """A life reaches it now, and would not once the drafts are published."""
        return self.reachable_now and not self.reachable


@dataclass(frozen=True)
class SetPreview:
    limit: int
    lifepaths: tuple[LifepathPreview, ...]
    problems: tuple[LifepathProblem, ...]  # every finding, in the checks' order

    @property
    def set_problems(self) -> tuple[LifepathProblem, ...]:
        """The findings about the whole set rather than one lifepath."""
        return tuple(problem for problem in self.problems if not problem.lifepath)

    @property
    def reachable(self) -> int:
        return sum(lifepath.reachable for lifepath in self.lifepaths)

    @property
    def cut_off(self) -> tuple[str, ...]:
        return tuple(lifepath.lines.name for lifepath in self.lifepaths if lifepath.cut_off)


def _within(steps: int | None, limit: int) -> bool:
    return steps is not None and steps <= limit


def lifepath_set_preview(
    published: Sequence[LifepathLines], drafts: Sequence[DraftLines], *, limit: int
) -> SetPreview:
    """The set a character of a campaign whose life has `limit` lifepaths would choose
    from once each of `drafts` is published into `published` (the set offered now)."""
    published = listed_instances(published, LifepathLines, "The lifepaths published", "one")
    drafts = listed_instances(drafts, DraftLines, "The drafts", "a draft")
    editing: dict[str, int] = {}  # a published lifepath's key → the draft editing it
    for index, draft in enumerate(drafts):
        if draft.replaces:
            editing.setdefault(lifepath_key(draft.replaces), index)
    placed: set[int] = set()
    rows: list[tuple[LifepathLines, LifepathSource, str, str]] = []
    for lifepath in published:
        editor = editing.get(lifepath_key(lifepath.name))
        if editor is None or editor in placed:
            rows.append((lifepath, LifepathSource.PUBLISHED, "", lifepath.name))
        else:
            placed.add(editor)
            draft = drafts[editor]
            rows.append((draft.lines, LifepathSource.NEXT_VERSION, draft.replaces, lifepath.name))
    for index, draft in enumerate(drafts):
        if index not in placed:
            # A new lifepath, or the next version of one not offered now (withdrawn): it
            # comes in at the end.
            source = LifepathSource.NEXT_VERSION if draft.replaces else LifepathSource.NEW
            rows.append((draft.lines, source, draft.replaces, ""))
    lines = [row[0] for row in rows]
    problems = lifepath_set_problems(lines, limit=limit)
    steps = lifepath_steps(lines)
    steps_now = lifepath_steps(published)
    previews = []
    for lifepath, source, replaces, now in rows:
        after = steps.get(lifepath_key(lifepath.name))
        before = steps_now.get(lifepath_key(now)) if now else None
        previews.append(
            LifepathPreview(
                lines=lifepath,
                source=source,
                replaces=replaces,
                steps=after,
                steps_now=before,
                reachable=_within(after, limit),
                reachable_now=_within(before, limit),
                problems=tuple(p for p in problems if p.lifepath == lifepath.name),
            )
        )
    return SetPreview(limit=limit, lifepaths=tuple(previews), problems=problems)
