"""The set a campaign's GM would publish, seen before publishing: every lifepath with what
comes before it and what it grants, how early a life can take it, and what the checks
find; a draft that cuts another lifepath off shows it. The earliest places are checked
against every life the choosing rules allow, walked one lifepath at a time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.drifting import (
    DraftLines,
    DriftingError,
    GrantLine,
    LifepathLines,
    LifepathPreview,
    LifepathSource,
    SetPreview,
    check_lifepath_choice,
    lifepath_set_preview,
    lifepath_set_problems,
    lifepath_steps,
    lifepaths_from_lines,
)
from rules.errors import RulesError

SPACER = LifepathLines("Spacer", (GrantLine("background", "Space", 2),))
PILOT = LifepathLines("Pilot", (GrantLine("focus", "Piloting"),), requires=("Spacer",))
ACE = LifepathLines("Ace", (GrantLine("reputation", "Ace"),), requires=("Pilot",))
MARINE = LifepathLines("Marine", (GrantLine("focus", "Firearms"),))
PUBLISHED = (SPACER, PILOT, ACE, MARINE)


def by_name(preview: SetPreview) -> dict[str, LifepathPreview]:
    return {row.lines.name: row for row in preview.lifepaths}


def test_the_published_set_alone_shows_each_lifepaths_earliest_place() -> None:
    preview = lifepath_set_preview(PUBLISHED, (), limit=4)
    assert [(row.lines.name, row.source, row.steps) for row in preview.lifepaths] == [
        ("Spacer", LifepathSource.PUBLISHED, 1),
        ("Pilot", LifepathSource.PUBLISHED, 2),
        ("Ace", LifepathSource.PUBLISHED, 3),
        ("Marine", LifepathSource.PUBLISHED, 1),
    ]
    assert all(row.reachable and row.reachable_now for row in preview.lifepaths)
    assert preview.problems == ()
    assert preview.reachable == 4
    assert preview.cut_off == ()
    # What comes before each and what it grants are the lines themselves.
    assert preview.lifepaths[2].lines == ACE


def test_a_new_draft_comes_in_at_the_end_with_its_place() -> None:
    legend = LifepathLines("Legend", (GrantLine("reputation", "Legend"),), requires=("Ace",))
    preview = lifepath_set_preview(PUBLISHED, (DraftLines(legend),), limit=4)
    last = preview.lifepaths[-1]
    assert (last.lines.name, last.source, last.steps, last.steps_now) == (
        "Legend",
        LifepathSource.NEW,
        4,
        None,
    )
    assert last.reachable
    assert not last.cut_off  # new: nothing reached it before
    # Too deep for a life of three: still listed, with the checks' reason at it.
    short = lifepath_set_preview(PUBLISHED, (DraftLines(legend),), limit=3)
    deep = short.lifepaths[-1]
    assert (deep.steps, deep.reachable) == (4, False)
    assert [problem.field for problem in deep.problems] == ["requires"]
    assert "needs 3 lifepaths before it, and a life here has 3" in deep.problems[0].message


def test_a_draft_that_renames_a_lifepath_cuts_off_those_after_it() -> None:
    """Pilot's next version is called Flyer: Ace names Pilot, which is gone, so no life
    reaches Ace any more; the preview says so before anything is published."""
    flyer = LifepathLines("Flyer", PILOT.grants, requires=("Spacer",))
    preview = lifepath_set_preview(PUBLISHED, (DraftLines(flyer, replaces="Pilot"),), limit=4)
    rows = by_name(preview)
    assert list(rows) == ["Spacer", "Flyer", "Ace", "Marine"]  # in Pilot's place
    edited = preview.lifepaths[1]
    assert (edited.source, edited.replaces, edited.steps, edited.steps_now) == (
        LifepathSource.NEXT_VERSION,
        "Pilot",
        2,
        2,
    )
    ace = preview.lifepaths[2]
    assert (ace.steps, ace.steps_now, ace.reachable, ace.cut_off) == (None, 3, False, True)
    assert preview.cut_off == ("Ace",)
    assert preview.reachable == 3
    assert [problem.message for problem in ace.problems] == [
        "“Pilot” is no lifepath here: a lifepath comes after lifepaths that exist.",
        "No life can reach Ace: no lifepath it comes after can itself be taken.",
    ]


def test_a_draft_that_no_longer_comes_first_cuts_off_the_chain_behind_it() -> None:
    adrift = LifepathLines("Spacer", SPACER.grants, requires=("Ace",))
    preview = lifepath_set_preview(PUBLISHED, (DraftLines(adrift, replaces="Spacer"),), limit=4)
    assert preview.cut_off == ("Spacer", "Pilot", "Ace")
    assert by_name(preview)["Marine"].reachable


def test_the_next_version_of_a_lifepath_not_offered_now_comes_back_in() -> None:
    """A withdrawn lifepath is not in the published set; its next version adds it."""
    preview = lifepath_set_preview(
        (SPACER, MARINE), (DraftLines(PILOT, replaces="Pilot"),), limit=4
    )
    last = preview.lifepaths[-1]
    assert (last.lines.name, last.source, last.steps, last.steps_now) == (
        "Pilot",
        LifepathSource.NEXT_VERSION,
        2,
        None,
    )


def test_the_checks_findings_are_the_checks_own() -> None:
    twin = LifepathLines("marine", (GrantLine("psionic", "Mind"),))
    drafts = (DraftLines(twin),)
    preview = lifepath_set_preview(PUBLISHED, drafts, limit=6)
    assert preview.problems == lifepath_set_problems((*PUBLISHED, twin), limit=6)
    assert [problem.field for problem in preview.lifepaths[-1].problems] == ["name", "grants"]
    # The whole set's finding (five names for a life of six) belongs to no lifepath.
    assert [problem.message for problem in preview.set_problems] == [
        "A life here has 6 lifepaths, and only 4 can be chosen."
    ]


def test_malformed_input_is_refused() -> None:
    with pytest.raises(RulesError):
        lifepath_set_preview(PUBLISHED, (), limit=0)
    with pytest.raises(RulesError):
        lifepath_set_preview(PUBLISHED, (ACE,), limit=4)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        DraftLines("Ace")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        lifepath_steps(["Spacer"])  # type: ignore[list-item]


# --- Property: the earliest place is the one the choosing rules allow -------------------

NAMES = ("Spacer", "Pilot", "Ace", "Marine", "Exile", "Trader")


@st.composite
def sound_sets(draw: st.DrawFn) -> tuple[LifepathLines, ...]:
    """Up to six lifepaths with sound grants, each coming after any others (or itself,
    or one that does not exist): reachable, unreachable and looping ones alike."""
    count = draw(st.integers(1, len(NAMES)))
    names = NAMES[:count]
    return tuple(
        LifepathLines(
            name,
            (GrantLine("focus", name),),
            tuple(draw(st.lists(st.sampled_from((*names, "Nowhere")), max_size=2, unique=True))),
        )
        for name in names
    )


def earliest_by_walking(lines: tuple[LifepathLines, ...]) -> dict[str, int]:
    """Each lifepath's earliest place in a life, by trying every life the choosing rules
    allow, one lifepath at a time (lives are sets: what may follow depends only on which
    lifepaths came before)."""
    lifepaths = lifepaths_from_lines(lines)
    earliest: dict[str, int] = {}
    lives: set[frozenset[str]] = {frozenset()}
    for place in range(1, len(lifepaths) + 1):
        longer: set[frozenset[str]] = set()
        for life in lives:
            chosen = [lifepath for lifepath in lifepaths if lifepath.slug in life]
            for candidate in lifepaths:
                try:
                    check_lifepath_choice(chosen, candidate, limit=10)
                except DriftingError:
                    continue
                earliest.setdefault(candidate.slug, place)
                longer.add(life | {candidate.slug})
        lives = longer
    return earliest


@settings(max_examples=150)
@given(sound_sets())
def test_each_earliest_place_is_the_one_a_walk_through_the_rules_finds(
    lines: tuple[LifepathLines, ...],
) -> None:
    assert lifepath_steps(lines) == earliest_by_walking(lines)
    preview = lifepath_set_preview(lines, (), limit=10)
    walked = earliest_by_walking(lines)
    assert [row.steps for row in preview.lifepaths] == [
        walked.get(lifepath.name.casefold()) for lifepath in lines
    ]
