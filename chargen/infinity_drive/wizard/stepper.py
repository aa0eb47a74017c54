"""The wizard's steps, in the book's order, and the stepper drawn from them.

Each step says its title, the URL name of its page, how to tell it is done and
whether it holds dice (a step without dice can be undone; a roll never). Part 2 of
the wizard (equipment, history, review) lives in views_finish.py; its steps are
listed here too so the stepper shows the whole road from the start.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.urls import NoReverseMatch, reverse

from chargen.infinity_drive.models import Character, CharacterStatus

if TYPE_CHECKING:
    from chargen.infinity_drive.progress import Progress


@dataclass(frozen=True)
class WizardStep:
    slug: str
    number: int
    title: str
    url_name: str
    is_done: Callable[[Progress], bool]
    has_dice: bool

    @property
    def can_undo(self) -> bool:
        """A step with no dice in it can be undone (its newest decision, at least)."""
        return not self.has_dice

    def url(self, character: Character) -> str | None:
        """The step's page, or None while its view is not installed."""
        try:
            return reverse(self.url_name, kwargs={"character_id": character.id})
        except NoReverseMatch:
            return None


def _equipment_done(progress: Progress) -> bool:
    return progress.part_two.equipment.done


def _history_done(progress: Progress) -> bool:
    return progress.part_two.history.done


def _skills_done(progress: Progress) -> bool:
    # A death ends the skill rolls, but it does not complete them.
    return progress.skills_done and not progress.state.dead


def _review_done(progress: Progress) -> bool:
    return progress.character.status not in {
        CharacterStatus.DRAFT,
        CharacterStatus.RETURNED,
        CharacterStatus.DEAD,
    }


def _ended_by_death(progress: Progress) -> bool:
    return progress.state.dead or progress.character.status == CharacterStatus.DEAD


STEPS: tuple[WizardStep, ...] = (
    WizardStep(
        "concept", 1, "Concept", "characters:concept", lambda p: bool(p.character.name), False
    ),
    WizardStep(
        "characteristics",
        2,
        "Characteristics",
        "characters:characteristics",
        lambda p: p.characteristics_done,
        True,
    ),
    WizardStep("race", 3, "Race", "characters:race", lambda p: p.race_done, False),
    WizardStep("learner", 4, "Learner type", "characters:learner", lambda p: p.race_done, False),
    WizardStep("career", 5, "Career", "characters:career", lambda p: p.career_done, True),
    WizardStep("skills", 6, "Skills", "characters:skills", _skills_done, True),
    WizardStep("equipment", 7, "Equipment", "characters:equipment", _equipment_done, True),
    WizardStep("history", 8, "History and details", "characters:history", _history_done, False),
    WizardStep("review", 9, "Review", "characters:review", _review_done, False),
)

STEPS_BY_SLUG: dict[str, WizardStep] = {step.slug: step for step in STEPS}


def step(slug: str) -> WizardStep:
    return STEPS_BY_SLUG[slug]


# Where a death leaves a character: the steps after the skills can never be reached.
STEPS_AFTER_SKILLS: frozenset[str] = frozenset({"equipment", "history", "review"})


@dataclass(frozen=True)
class StepperItem:
    step: WizardStep
    done: bool
    current: bool
    url: str | None
    unreachable: bool = False


def first_unfinished(progress: Progress) -> WizardStep:
    """Where a player resumes: the first step not yet done (the review when all are)."""
    for candidate in STEPS:
        if not candidate.is_done(progress):
            return candidate
    return STEPS[-1]


def stepper(progress: Progress, current_slug: str) -> list[StepperItem]:
    """Every step with whether it is done, which one the player is on, and its link.

    A step is linked once every step before it is done (or it is done itself), so
    the stepper never invites the player to skip ahead. After a death the steps past
    the skills are marked as never reachable, rather than merely not yet.
    """
    items: list[StepperItem] = []
    reachable = True
    dead = _ended_by_death(progress)
    for candidate in STEPS:
        done = candidate.is_done(progress)
        unreachable = dead and candidate.slug in STEPS_AFTER_SKILLS
        url = candidate.url(progress.character) if (reachable or done) and not unreachable else None
        items.append(StepperItem(candidate, done, candidate.slug == current_slug, url, unreachable))
        reachable = reachable and done
    return items


def reachable_slug(progress: Progress, slug: str) -> str:
    """`slug` if the player may be on that step now (every step before it done, as the
    stepper links it), else the first step not yet done: where an undo that took back an
    earlier step's decision leaves the player."""
    first = first_unfinished(progress)
    return slug if STEPS.index(step(slug)) <= STEPS.index(first) else first.slug


# A character past the wizard (with the GM, or done) is read on its sheet.
SHEET_STATUSES: frozenset[str] = frozenset(
    {CharacterStatus.SUBMITTED, CharacterStatus.APPROVED, CharacterStatus.FINISHED}
)


def resume_url(progress: Progress) -> str:
    """Where "open this character" leads: its sheet once finished, else the first step
    not yet done (the skills page after a death, which says so)."""
    character = progress.character
    if character.status in SHEET_STATUSES:
        return reverse("characters:sheet", kwargs={"character_id": character.id})
    target = first_unfinished(progress)
    return target.url(character) or reverse(
        "characters:skills", kwargs={"character_id": character.id}
    )
