"""A GM's set of Drifting lifepaths, checked before any character reads it: each kind of
broken set is refused with the lifepath and field to blame, and any set that passes lets
every walk through its open lifepaths build a whole life."""

from __future__ import annotations

from random import Random
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.drifting import (
    DriftingError,
    GrantLine,
    Lifepath,
    LifepathLines,
    LifepathProblem,
    check_lifepath_choice,
    lifepath_key,
    lifepath_set_problems,
    lifepaths_from_lines,
    tokens_from_lifepaths,
)
from rules.errors import RulesError

SPACER = LifepathLines("Spacer", (GrantLine("background", "Space", 2),))
PILOT = LifepathLines("Pilot", (GrantLine("focus", "Piloting"),), requires=("Spacer",))
MARINE = LifepathLines("Marine", (GrantLine("focus", "Firearms"),))
ACE = LifepathLines("Ace", (GrantLine("reputation", "Ace"),), requires=("Pilot", "Marine"))
GOOD = (SPACER, PILOT, MARINE, ACE)


def fields(problems: tuple[LifepathProblem, ...]) -> list[tuple[str, str]]:
    return [(problem.lifepath, problem.field) for problem in problems]


def test_a_sound_set_has_no_problem() -> None:
    assert lifepath_set_problems(GOOD, limit=4) == ()


def test_names_are_unique_whatever_their_case_and_spacing() -> None:
    twin = LifepathLines(" spacer ", (GrantLine("focus", "Vacuum"),))
    problems = lifepath_set_problems((*GOOD, twin), limit=4)
    assert fields(problems) == [(" spacer ", "name")]
    assert "already a lifepath called Spacer" in problems[0].message


def test_an_empty_name_is_refused() -> None:
    problems = lifepath_set_problems(
        (*GOOD, LifepathLines("  ", (GrantLine("focus", "X"),))), limit=4
    )
    assert ("  ", "name") in fields(problems)


def test_what_comes_before_names_only_lifepaths_that_exist() -> None:
    stray = LifepathLines("Smuggler", (GrantLine("focus", "Haggling"),), requires=("Pirate",))
    problems = lifepath_set_problems((*GOOD, stray), limit=4)
    assert fields(problems) == [("Smuggler", "requires"), ("Smuggler", "requires")]
    assert "“Pirate” is no lifepath here" in problems[0].message
    assert "No life can reach Smuggler" in problems[1].message


def test_a_lifepath_cannot_follow_itself() -> None:
    looped = LifepathLines("Drifter", (GrantLine("focus", "Luck"),), requires=("drifter",))
    problems = lifepath_set_problems((*GOOD, looped), limit=4)
    assert "cannot come after itself" in problems[0].message


def test_lifepaths_that_only_follow_each_other_are_unreachable() -> None:
    first = LifepathLines("Cult", (GrantLine("background", "Cult"),), requires=("Heretic",))
    second = LifepathLines("Heretic", (GrantLine("focus", "Lore"),), requires=("Cult",))
    problems = lifepath_set_problems((*GOOD, first, second), limit=4)
    assert fields(problems) == [("Cult", "requires"), ("Heretic", "requires")]
    assert all("No life can reach" in problem.message for problem in problems)


def test_a_lifepath_deeper_than_a_whole_life_is_unreachable() -> None:
    problems = lifepath_set_problems(GOOD, limit=2)
    # Ace needs Spacer and Pilot before it... or Marine: one before, reachable at 2.
    assert problems == ()
    legend = LifepathLines("Legend", (GrantLine("reputation", "Legend"),), requires=("Ace",))
    deep = lifepath_set_problems((*GOOD, legend), limit=2)
    assert fields(deep) == [("Legend", "requires")]
    assert "needs 2 lifepaths before it, and a life here has 2 in all" in deep[0].message


def test_a_token_kind_the_book_does_not_know_is_refused() -> None:
    psionic = LifepathLines("Psion", (GrantLine("psionic", "Telepathy"),))
    problems = lifepath_set_problems((*GOOD, psionic), limit=4)
    assert fields(problems) == [("Psion", "grants")]
    assert "“psionic” (for Telepathy) is no kind of token" in problems[0].message


def test_a_lifepath_granting_nothing_is_refused() -> None:
    problems = lifepath_set_problems((*GOOD, LifepathLines("Nobody", ())), limit=4)
    assert fields(problems) == [("Nobody", "grants")]
    assert "at least one token" in problems[0].message


def test_too_many_tokens_are_refused() -> None:
    greedy = LifepathLines("Heir", (GrantLine("background", "Money", 4),))
    problems = lifepath_set_problems((*GOOD, greedy), limit=4)
    assert fields(problems) == [("Heir", "grants")]


def test_a_token_is_one_kind_wherever_it_is_granted() -> None:
    clash = LifepathLines("Mercenary", (GrantLine("background", "Firearms"),))
    problems = lifepath_set_problems((*GOOD, clash), limit=4)
    assert fields(problems) == [("Mercenary", "grants")]
    assert "Firearms is a focus token in Marine" in problems[0].message


def test_a_set_smaller_than_a_life_is_refused() -> None:
    problems = lifepath_set_problems((SPACER, PILOT), limit=3)
    assert fields(problems) == [("", "")]
    assert "only 2 can be chosen" in problems[0].message


def test_malformed_input_and_limits_are_refused() -> None:
    with pytest.raises(RulesError):
        lifepath_set_problems(GOOD, limit=0)
    with pytest.raises(RulesError):
        lifepath_set_problems([SPACER, "Pilot"], limit=2)  # type: ignore[list-item]
    with pytest.raises(RulesError):
        GrantLine("focus", "Firearms", count="2")  # type: ignore[arg-type]


def test_lifepaths_from_lines_keys_requirements_by_name() -> None:
    built = {lifepath.name: lifepath for lifepath in lifepaths_from_lines(GOOD)}
    assert built["Ace"].requires == ("pilot", "marine")
    assert built["Ace"].requires_names == ("Pilot", "Marine")
    assert lifepath_key("  Born   on STORM ") == "born on storm"
    with pytest.raises(DriftingError, match="no kind of token"):
        lifepaths_from_lines((LifepathLines("Psion", (GrantLine("psi", "Mind"),)),))


# --- Property: a set with no problem lets any walk build a whole life -------------------

KINDS = ("background", "focus", "reputation")
TOKEN_NAMES = ("Space", "Firearms", "Piloting", "Lore", "Haggling", "Luck")


T = TypeVar("T")


def rarely(sound: st.SearchStrategy[T], broken: st.SearchStrategy[T]) -> st.SearchStrategy[T]:
    """A strategy drawing `broken` about one time in ten."""
    return st.integers(0, 9).flatmap(lambda roll: broken if roll == 0 else sound)


@st.composite
def grant_lines(draw: st.DrawFn) -> GrantLine:
    name = draw(st.sampled_from(TOKEN_NAMES))
    own_kind = KINDS[TOKEN_NAMES.index(name) % len(KINDS)]
    kind = draw(rarely(st.just(own_kind), st.sampled_from((*KINDS, "psionic"))))
    count = draw(rarely(st.integers(1, 2), st.sampled_from((0, 3, 4))))
    return GrantLine(kind, name, count)


@st.composite
def lifepath_sets(draw: st.DrawFn) -> tuple[LifepathLines, ...]:
    """Sets of up to 8 lifepaths, now and then broken: unknown kinds, missing or looping
    requirements, doubled names, empty grants, clashing token kinds, too many tokens."""
    count = draw(st.integers(1, 8))
    names = [f"Life {index}" for index in range(count)]
    if draw(st.integers(0, 9)) == 0:
        names[-1] = names[0].upper()
    lifepaths = []
    for index, name in enumerate(names):
        grants = draw(
            st.lists(grant_lines(), min_size=draw(rarely(st.just(1), st.just(0))), max_size=2)
        )
        earlier = names[:index] or ["Nowhere"]
        anywhere = [*names, "Nowhere"]
        requires = draw(
            st.lists(
                rarely(st.sampled_from(earlier), st.sampled_from(anywhere)), max_size=2, unique=True
            )
        )
        lifepaths.append(LifepathLines(name, tuple(grants), tuple(requires)))
    return tuple(lifepaths)


@settings(max_examples=150)
@given(lifepath_sets(), st.integers(1, 5), st.randoms(use_true_random=False))
def test_a_set_that_passes_lets_any_walk_build_a_whole_life(
    lines: tuple[LifepathLines, ...], limit: int, chooser: Random
) -> None:
    if lifepath_set_problems(lines, limit=limit):
        return
    lifepaths = lifepaths_from_lines(lines)
    chosen: list[Lifepath] = []
    while len(chosen) < limit:
        open_now = []
        for candidate in lifepaths:
            try:
                check_lifepath_choice(chosen, candidate, limit=limit)
            except DriftingError:
                continue
            open_now.append(candidate)
        assert open_now, f"stuck after {[path.name for path in chosen]}"
        chosen.append(chooser.choice(open_now))
    sheet = tokens_from_lifepaths(chosen)
    assert sum(token.held for token in sheet.values()) >= limit


@settings(max_examples=150)
@given(lifepath_sets(), st.integers(1, 5))
def test_every_lifepath_of_a_passing_set_is_taken_in_some_life(
    lines: tuple[LifepathLines, ...], limit: int
) -> None:
    if lifepath_set_problems(lines, limit=limit):
        return
    lifepaths = lifepaths_from_lines(lines)
    # Breadth first from the lifepaths that may come first: each lifepath's shortest life.
    lives: dict[str, list[Lifepath]] = {}
    for lifepath in lifepaths:
        if not lifepath.requires:
            lives[lifepath.slug] = [lifepath]
    while len(lives) < len(lifepaths):
        reached = dict(lives)
        for lifepath in lifepaths:
            before = [lives[slug] for slug in lifepath.requires if slug in reached]
            if lifepath.slug not in lives and before:
                lives[lifepath.slug] = [*min(before, key=len), lifepath]
        assert len(lives) > len(reached), "a lifepath no life reaches passed the checks"
    for life in lives.values():
        assert len(life) <= limit
        for index, lifepath in enumerate(life):
            check_lifepath_choice(life[:index], lifepath, limit=limit)


def test_the_property_sets_include_passing_and_failing_ones() -> None:
    """The generator is not vacuous: a sound set and a broken one are both drawn."""
    assert lifepath_set_problems(GOOD, limit=4) == ()
    assert lifepath_set_problems((LifepathLines("Life 0", ()),), limit=1)


def test_the_generator_draws_sets_that_pass() -> None:
    """Drawn 300 times, some sets pass the checks: the properties above are not vacuous."""
    passed = []

    @settings(max_examples=300, database=None)
    @given(lifepath_sets(), st.integers(1, 3))
    def count(lines: tuple[LifepathLines, ...], limit: int) -> None:
        if not lifepath_set_problems(lines, limit=limit):
            passed.append(lines)

    count()
    assert len(passed) >= 10
