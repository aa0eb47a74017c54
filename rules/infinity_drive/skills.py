"""A character's skills, the sheet's notation, and the eight "Rules for generating skills"."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.errors import RulesError
from rules.infinity_drive.characteristics import characteristic_name
from rules.infinity_drive.prerequisites import parse_prerequisite
from rules.infinity_drive.profile import Characteristics, hex_value
from rules.infinity_drive.rulebook import Rulebook, TableEntry
from rules.inputs import instance, listed_instances, optional_whole, text, whole

__all__ = [
    "MAXIMUM_RANK",
    "EntryOutcome",
    "OutcomeKind",
    "SkillRank",
    "SkillSheet",
    "SpecialtyRefused",
    "evaluate_entry",
    "skill_notation",
    "skill_order",
    "starting_skills",
]

MAXIMUM_RANK = 6


class SpecialtyRefused(RulesError):
    """The specialty named is not one this entry allows: a refusal that concerns the
    specialty box (the web form draws it there)."""


@dataclass(frozen=True)
class SkillRank:
    skill: str
    specialty: str
    rank: int

    def __post_init__(self) -> None:
        text(self.skill, "A skill")
        text(self.specialty, "A specialty")
        whole(self.rank, "A skill rank", minimum=0, maximum=MAXIMUM_RANK)

    @property
    def label(self) -> str:
        return f"{self.skill} ({self.specialty})" if self.specialty else self.skill

    @property
    def notation(self) -> str:
        """The book's: rank 0 shows the bare name; `Diplomacy – 4` with an en dash otherwise."""
        return f"{self.label} – {self.rank}" if self.rank else self.label

    @property
    def summary(self) -> str:
        """`Drive (rank 2)`, `Gun Combat (Slug Rifle, rank 1)`: the rank said, since the
        book's en dash reads as a minus to a newcomer."""
        if self.specialty:
            return f"{self.skill} ({self.specialty}, rank {self.rank})"
        return f"{self.skill} (rank {self.rank})"


@dataclass(frozen=True)
class SkillSheet:
    """Skills held, in the book's skills-table order (then specialty)."""

    ranks: tuple[SkillRank, ...] = ()

    def __post_init__(self) -> None:
        listed_instances(self.ranks, SkillRank, "The skills held", "a skill and its rank")

    def rank(self, skill: str, specialty: str = "") -> int | None:
        text(skill, "A skill")
        text(specialty, "A specialty")
        for held in self.ranks:
            if held.skill == skill and held.specialty.casefold() == specialty.casefold():
                return held.rank
        return None

    def specialties(self, skill: str) -> tuple[str, ...]:
        text(skill, "A skill")
        return tuple(held.specialty for held in self.ranks if held.skill == skill)

    def with_rank(
        self, skill: str, specialty: str, rank: int, order: Callable[[str], int]
    ) -> SkillSheet:
        if not callable(order):
            raise RulesError("The skills' order must say where each skill goes.")
        new = SkillRank(skill, specialty, rank)
        kept = [
            held
            for held in self.ranks
            if not (held.skill == skill and held.specialty.casefold() == specialty.casefold())
        ]
        kept.append(new)
        kept.sort(key=lambda held: (order(held.skill), held.specialty.casefold()))
        return SkillSheet(tuple(kept))

    @property
    def notation(self) -> str:
        return ", ".join(held.notation for held in self.ranks)

    @property
    def summary(self) -> str:
        """The skills on one line with their ranks said (where a table will not fit)."""
        return ", ".join(held.summary for held in self.ranks)


def skill_order(rulebook: Rulebook) -> Callable[[str], int]:
    instance(rulebook, Rulebook, "the rule book")
    positions = {name: index for index, name in enumerate(rulebook.skills)}
    return lambda name: positions.get(name, len(positions))


def starting_skills(rulebook: Rulebook) -> SkillSheet:
    """ "A character gets a list of skills automatically at the 0 level"."""
    instance(rulebook, Rulebook, "the rule book")
    return SkillSheet(
        tuple(
            SkillRank(skill.name, "", 0)
            for skill in rulebook.skills.values()
            if skill.free_at_rank_zero
        )
    )


def skill_notation(ranks: Iterable[SkillRank]) -> str:
    held = listed_instances(ranks, SkillRank, "The skills held", "a skill and its rank")
    return ", ".join(rank.notation for rank in held)


class OutcomeKind(StrEnum):
    NEW_SKILL = "new_skill"
    RAISED = "raised"
    CHARACTERISTIC = "characteristic"
    LOST = "lost"
    PREREQUISITE_NOT_MET = "prerequisite_not_met"
    NEEDS_SPECIALTY = "needs_specialty"


@dataclass(frozen=True)
class EntryOutcome:
    """What reading one table entry would do to the character, and why."""

    kind: OutcomeKind
    message: str
    skill: str | None = None
    specialty: str = ""
    new_rank: int | None = None
    characteristic: str | None = None
    new_value: int | None = None
    needs_history_reason: bool = False

    @property
    def applies(self) -> bool:
        return self.kind in {OutcomeKind.NEW_SKILL, OutcomeKind.RAISED, OutcomeKind.CHARACTERISTIC}


def _resolve_specialty(entry: TableEntry, rulebook: Rulebook, chosen: str) -> str:
    assert entry.skill is not None
    definition = rulebook.skill(entry.skill)
    chosen = " ".join(chosen.split())
    if entry.specialty:
        # Rule 2: "If the new skill has a specialty specified, you must take that specialty".
        if chosen and chosen.casefold() != entry.specialty.casefold():
            raise SpecialtyRefused(
                f"This entry gives {entry.skill} ({entry.specialty}); "
                f"you must take that specialty, not {chosen}."
            )
        return entry.specialty
    if not definition.specialty_required:
        if chosen:
            raise SpecialtyRefused(f"{entry.skill} has no specialties.")
        return ""
    if not chosen:
        return ""
    if definition.specialties_closed:
        for known in definition.specialties:
            if known.casefold() == chosen.casefold():
                return known
        raise SpecialtyRefused(
            f"{entry.skill} specialties are: {', '.join(definition.specialties)}."
        )
    return chosen


def evaluate_entry(
    *,
    entry: TableEntry,
    rulebook: Rulebook,
    skills: SkillSheet,
    characteristics: Characteristics,
    maximum: Callable[[str], int | None],
    specialty: str = "",
    history_reason: str = "",
) -> EntryOutcome:
    """Apply rules 1–5, 7 and 8 of "Rules for generating skills" to one entry, without acting."""
    instance(entry, TableEntry, "a career table row")
    instance(rulebook, Rulebook, "the rule book")
    instance(skills, SkillSheet, "a character's skills")
    instance(characteristics, Characteristics, "a character's characteristics")
    if not callable(maximum):
        raise RulesError("Say how high each characteristic may go.")
    text(specialty, "A specialty")
    text(history_reason, "A history reason")
    if entry.is_characteristic:
        code = entry.characteristic
        assert code is not None
        if code not in characteristics:
            return EntryOutcome(
                OutcomeKind.LOST,
                f"{characteristic_name(code)} is not in play, so the roll is lost.",
                characteristic=code,
            )
        old = characteristics[code]
        new = old + entry.amount
        # None: no maximum (a non-humanoid, by house rule)
        limit = optional_whole(maximum(code), f"The maximum of {characteristic_name(code)}")
        if limit is not None and new > limit:
            if history_reason.strip():
                return EntryOutcome(
                    OutcomeKind.CHARACTERISTIC,
                    f"{entry.book_text}: {code} {hex_value(old)} → {hex_value(new)}, above its "
                    f"maximum of {hex_value(limit)}, explained in the history.",
                    characteristic=code,
                    new_value=new,
                    needs_history_reason=True,
                )
            return EntryOutcome(
                OutcomeKind.LOST,
                f"{entry.book_text} would take {code} to {hex_value(new)}, above its maximum of "
                f"{hex_value(limit)}: the roll is lost unless you give a history reason.",
                characteristic=code,
                new_value=new,
                needs_history_reason=True,
            )
        return EntryOutcome(
            OutcomeKind.CHARACTERISTIC,
            f"{entry.book_text}: {code} {hex_value(old)} → {hex_value(new)}.",
            characteristic=code,
            new_value=new,
        )
    if entry.skill is None:
        raise RulesError(
            f"The entry “{entry.book_text}” gives neither a skill nor a characteristic."
        )
    name = entry.skill
    chosen = _resolve_specialty(entry, rulebook, specialty)
    definition = rulebook.skill(name)
    specialty_missing = definition.specialty_required and not chosen
    current = None if specialty_missing else skills.rank(name, chosen)
    label = f"{name} ({chosen})" if chosen else name
    # Rule 7 first, so a reroll is offered before any specialty is asked for.
    prerequisite = parse_prerequisite(definition.prerequisite_text)
    if not prerequisite.is_met(characteristics.as_dict(), current):
        return EntryOutcome(
            OutcomeKind.PREREQUISITE_NOT_MET,
            prerequisite.explain(characteristics.as_dict(), current, name),
            skill=name,
            specialty=chosen,
        )
    if specialty_missing:
        held = skills.specialties(name)
        hint = f" (you have {', '.join(held)})" if held else ""
        return EntryOutcome(
            OutcomeKind.NEEDS_SPECIALTY,
            f"{name}: raise a specialty you have or start a new one at rank 0{hint}.",
            skill=name,
        )
    if current is None:
        return EntryOutcome(
            OutcomeKind.NEW_SKILL, f"{label} at rank 0.", skill=name, specialty=chosen, new_rank=0
        )
    if current >= MAXIMUM_RANK:
        return EntryOutcome(
            OutcomeKind.LOST,
            f"{label} is already at rank 6, so the roll is lost.",
            skill=name,
            specialty=chosen,
        )
    return EntryOutcome(
        OutcomeKind.RAISED,
        f"{label} rises from rank {current} to {current + 1}.",
        skill=name,
        specialty=chosen,
        new_rank=current + 1,
    )
