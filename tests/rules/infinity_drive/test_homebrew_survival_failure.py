"""What a failed survival roll does in a GM's own career: the campaign's house rule (as the
book's careers), or the career's own outcome, carried in its rule data and applied by
the replay; an unknown outcome is refused at its field; a career saved before the
choice existed reads as the house rule. A published career also carries its id and
version in the rule data."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from rules.errors import RulesError
from rules.infinity_drive.creation import Expect, Step, TableChosen, replay
from rules.infinity_drive.homebrew_careers import (
    FOLLOW_HOUSE_RULE,
    SURVIVAL_FAILURE_CHOICES,
    career_from_json,
    career_problems,
    career_records,
    career_to_json,
    rulebook_with_careers,
    survival_failure_problem,
)
from rules.infinity_drive.homebrew_preview import career_preview
from rules.infinity_drive.house_rules import HouseRules, SurvivalFailure
from rules.infinity_drive.rulebook import PublishedCareer, Rulebook, rulebook_from_records
from rules.infinity_drive.survival import survival_failure_outcome
from tests.rules.infinity_drive.test_creation import TREVA_BUY, roll, start, survive
from tests.rules.infinity_drive.test_homebrew_careers import BOOK, RECORDS, SAMPLE, smuggler

# Treva's profile on the Smuggler's Runner tables (1d6 face 1): Treva is an academic
# learner, and every row but Hacking (a 4, Int: 8) is hers to take.
RUNNER = "homebrew-smuggler-runner-academic"


def smuggler_failing() -> list[Step]:
    """A Smuggler's first group of four on the Runner academic table, then a failed
    survival roll (3 does not beat the academic target 7)."""
    group = [step for _ in range(4) for step in (roll(6), TableChosen(RUNNER))]
    return [*start("Smuggler", specialisation_face=1, values=TREVA_BUY), *group, survive(3)]


def book_with(outcome: str) -> tuple[list[dict[str, Any]], Rulebook]:
    return rulebook_with_careers(RECORDS, [replace(smuggler(), survival_failure=outcome)])


def test_every_offered_outcome_is_sound_and_an_unknown_one_is_refused_at_its_field() -> None:
    assert set(SURVIVAL_FAILURE_CHOICES) == {FOLLOW_HOUSE_RULE, *SurvivalFailure}
    for outcome in SURVIVAL_FAILURE_CHOICES:
        assert career_problems(replace(smuggler(), survival_failure=outcome), BOOK) == {}
        assert survival_failure_problem(outcome) == ""
    problems = career_problems(replace(smuggler(), survival_failure="explode"), BOOK)
    assert list(problems) == ["survival_failure"]
    (message,) = problems["survival_failure"]
    assert message.startswith("“explode” is not something a failed survival roll can do.")
    for label in SURVIVAL_FAILURE_CHOICES.values():
        assert label in message
    with pytest.raises(RulesError, match="explode"):
        rulebook_with_careers(RECORDS, [replace(smuggler(), survival_failure="explode")])


def test_the_outcome_travels_in_the_json_and_a_career_without_it_follows_the_house_rule() -> None:
    dying = replace(smuggler(), survival_failure="death")
    written = json.loads(json.dumps(career_to_json(dying)))
    assert written["survival_failure"] == "death"
    assert career_from_json(written) == dying
    del written["survival_failure"]  # as every career was saved before the choice
    assert career_from_json(written).survival_failure == FOLLOW_HOUSE_RULE


def test_the_rule_data_holds_the_outcome_only_where_the_career_names_one() -> None:
    before = career_records(smuggler(), RECORDS, 1_000_000)
    career = next(record for record in before if record["model"] == "rulebook.career")
    # Following the house rule writes the records a career saved before the choice wrote.
    assert career["fields"] == {"name": "Smuggler"}
    assert rulebook_from_records([*RECORDS, *before]).survival_failures == {}
    _, book = book_with("setback")
    assert book.survival_failures == {"Smuggler": SurvivalFailure.SETBACK}
    with pytest.raises(RulesError, match="not an outcome of a failed survival roll"):
        rulebook_from_records(
            [*RECORDS, {"model": "rulebook.career", "pk": 9, "fields": {"name": "X",
                                                                         "survival_failure": "x"}}]
        )  # fmt: skip


@pytest.mark.parametrize(
    ("outcome", "house_rule", "expecting"),
    [
        # The career's own outcome, whatever the campaign's house rule says.
        ("death", SurvivalFailure.PLAYER_CHOICE, Expect.DEAD),
        ("setback", SurvivalFailure.DEATH, Expect.SETBACK),
        ("player_choice", SurvivalFailure.SETBACK, Expect.SURVIVAL_OUTCOME),
        # As the book's careers: the house rule.
        (FOLLOW_HOUSE_RULE, SurvivalFailure.SETBACK, Expect.SETBACK),
        (FOLLOW_HOUSE_RULE, SurvivalFailure.PLAYER_CHOICE, Expect.SURVIVAL_OUTCOME),
    ],
)
def test_a_failed_survival_roll_does_what_the_career_says(
    outcome: str, house_rule: SurvivalFailure, expecting: Expect
) -> None:
    _, book = book_with(outcome)
    rules = HouseRules(survival_failure=house_rule)
    state = replay(smuggler_failing(), rulebook=book, house_rules=rules)
    assert state.survival_rolls[-1].survived is False
    assert state.expecting == expecting
    assert state.dead is (expecting == Expect.DEAD)


def test_a_book_career_beside_a_homebrew_one_keeps_the_house_rule() -> None:
    _, book = book_with("death")
    rules = HouseRules(survival_failure=SurvivalFailure.SETBACK)
    assert survival_failure_outcome(rulebook=book, career="Citizen", house_rules=rules) == (
        SurvivalFailure.SETBACK
    )
    assert survival_failure_outcome(rulebook=book, career="Smuggler", house_rules=rules) == (
        SurvivalFailure.DEATH
    )


def test_the_preview_says_what_failing_does_and_whose_rule_it_is() -> None:
    _, own = book_with("death")
    preview = career_preview(own, "Smuggler", SAMPLE, HouseRules())
    assert preview.survival_failure == SurvivalFailure.DEATH
    assert preview.survival_failure_is_careers
    _, following = book_with(FOLLOW_HOUSE_RULE)
    rules = HouseRules(survival_failure=SurvivalFailure.SETBACK)
    preview = career_preview(following, "Smuggler", SAMPLE, rules)
    assert preview.survival_failure == SurvivalFailure.SETBACK
    assert not preview.survival_failure_is_careers


def test_a_published_career_names_its_id_and_version_in_the_rule_data() -> None:
    mark = PublishedCareer("5d0c7a52-8f0e-4c55-9a53-3c1f0b2a9e11", 3)
    published = replace(smuggler(), publication=mark)
    assert career_from_json(json.loads(json.dumps(career_to_json(published)))) == published
    _, book = rulebook_with_careers(RECORDS, [published])
    assert book.publications == {"Smuggler": mark}
    _, unmarked = rulebook_with_careers(RECORDS, [smuggler()])
    assert unmarked.publications == {}
    with pytest.raises(RulesError):
        PublishedCareer("5d0c7a52-8f0e-4c55-9a53-3c1f0b2a9e11", 0)
