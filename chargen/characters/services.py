"""What a player does to a character, one keyword-only function per action.

Each runs in one transaction: load the log, ask rules/ (through progress.py), write
the step through log.py (which makes repeats harmless), refresh the snapshot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q

from chargen.campaigns.models import Campaign
from chargen.characters.access import refuse_unless_still_in_campaign
from chargen.characters.campaign_rules import INFINITY_DRIVE, house_rules_for, house_rules_to_json
from chargen.characters.errors import StepRefused
from chargen.characters.house_rules import character_house_rules
from chargen.characters.log import NewEntry, Written, log_undo, log_write
from chargen.characters.models import (
    Character,
    CharacterStatus,
    CreationLogEntry,
    Race,
    RaceKind,
    RaceStatus,
)
from chargen.characters.pinned import non_humanoid_step, race_copy, race_value
from chargen.characters.progress import (
    UNDOABLE_KINDS,
    Kind,
    Progress,
    progress_for,
    race_in_force,
    step_for,
    steps_for,
)
from chargen.core.limits import creation_cap, creation_cap_reached
from chargen.core.log import effective
from chargen.rulebook.services import rulebook_version_for_new_character
from rules.dice import DiceSpec, Roll, entered_roll, parse_faces, roll
from rules.errors import DiceError, RulesError
from rules.infinity_drive import aliens, creation


def character_start(
    *, owner: AbstractBaseUser, campaign: Campaign | None, name: str, concept: str
) -> Character:
    """Save a new draft at once, so nothing is lost even if the browser closes now.

    The draft keeps its campaign's house rules as they are now (the book's outside
    any campaign): a GM's later change applies to characters started after it.
    """
    name = name.strip()
    if not name:
        raise StepRefused("Give your character a name.", field="name")
    if campaign is not None and not campaign.is_member(owner):
        raise StepRefused("You are not in that campaign.", field="campaign")
    if campaign is not None and campaign.game != INFINITY_DRIVE:
        raise StepRefused(
            f"“{campaign.name}” plays {campaign.get_game_display()}, not Infinity Drive.",
            field="campaign",
        )
    with transaction.atomic():
        cap = creation_cap("MAX_INFINITY_DRIVE_DRAFTS")
        drafts = Character.objects.filter(owner_id=owner.pk, status=CharacterStatus.DRAFT)
        if creation_cap_reached(owner=owner, cap=cap, count=drafts.count):
            raise StepRefused(
                f"You already have {cap} drafts, the most one player may "
                "keep. Finish one of them before starting another."
            )
        return Character.objects.create(
            owner=owner,
            campaign=campaign,
            name=name,
            concept=concept.strip(),
            status=CharacterStatus.DRAFT,
            house_rules=house_rules_to_json(house_rules_for(campaign)),
        )


def character_update_concept(*, character: Character, name: str, concept: str) -> Character:
    """Rename or re-describe a draft. No dice are involved, so it may change freely."""
    if not character.is_editable:
        raise StepRefused(
            f"{character.name} is {character.get_status_display().lower()}; "
            "its concept can no longer be changed."
        )
    name = name.strip()
    if not name:
        raise StepRefused("Give your character a name.", field="name")
    with transaction.atomic():
        character.name = name
        character.concept = concept.strip()
        character.save(update_fields=["name", "concept", "updated"])
    return character


# --- The creation log's steps ---------------------------------------------------------


def _progress_with(progress: Progress, new: NewEntry) -> None:
    """Check the new step against the rules before it is written (raises RulesError)."""
    if new.kind == Kind.RACE_CHANGE or (
        new.kind == Kind.CHARACTERISTIC_ROLL and not new.payload.get("characteristic")
    ):
        return
    character = progress.character
    candidate = CreationLogEntry(
        character=character,
        sequence=progress.next_sequence,
        kind=new.kind,
        payload=new.payload,
        dice=str(new.roll.spec) if new.roll else "",
        faces=list(new.roll.faces) if new.roll else [],
        entered=bool(new.roll and new.roll.entered),
        history_note=new.history_note,
    )
    previous = progress.entries[-1] if progress.entries else None
    in_force = race_in_force([*progress.entries, candidate], character.race)
    step = step_for(candidate, previous, in_force)
    if step is None:
        return
    try:
        creation.apply_step(
            progress.state, step, rulebook=progress.rulebook, house_rules=progress.house_rules
        )
    except creation.StepError as error:
        raise RulesError(str(error.__cause__ or error)) from error


def _refresh(character: Character, entries: list[CreationLogEntry]) -> None:
    """Keep the snapshot (and a death) in step with the log, in the same transaction."""
    progress = progress_for(character, entries)
    character.snapshot = progress.snapshot()
    fields = ["snapshot", "updated"]
    if character.rule_version_id is None:
        # Started before any rule data was loaded: pinned by its first step instead.
        character.rule_version_id = rulebook_version_for_new_character()
        fields.append("rule_version")
    if progress.state.dead and character.status != CharacterStatus.DEAD:
        character.status = CharacterStatus.DEAD
        fields.append("status")
    character.save(update_fields=fields)


def _take_step(
    *,
    character: Character,
    expected_sequence: int,
    kind: str,
    make: Callable[[Progress], NewEntry],
    also_kinds: Sequence[str] = (),
) -> Written:
    """Write one step if the creation is waiting for it and the rules allow it."""

    def build(entries: list[CreationLogEntry]) -> NewEntry:
        progress = progress_for(character, entries)
        if kind not in progress.allowed_kinds:
            raise StepRefused(f"Not now: {progress.next_step_message}")
        new = make(progress)
        _progress_with(progress, new)
        return new

    return log_write(
        character=character,
        expected_sequence=expected_sequence,
        kinds=(kind, *also_kinds),
        build=build,
        after=_refresh,
    )


def _dice(progress: Progress, spec: DiceSpec, typed_faces: str) -> Roll:
    """The server's secure roll, or the faces the player typed where the campaign allows."""
    if not typed_faces.strip():
        return roll(spec)
    if not progress.house_rules.physical_dice_allowed:
        raise StepRefused("This campaign's GM asks for the server's dice.", field="faces")
    try:
        return entered_roll(spec, parse_faces(typed_faces))
    except DiceError as error:
        raise StepRefused(str(error), field="faces") from error


def character_choose_method(
    *, character: Character, expected_sequence: int, method: str
) -> Written:
    """Point buy or dice: locked once chosen."""
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.METHOD,
        make=lambda progress: NewEntry(Kind.METHOD, {"method": method}),
    )


def character_assign_points(
    *, character: Character, expected_sequence: int, values: Mapping[str, int]
) -> Written:
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.POINT_BUY,
        make=lambda progress: NewEntry(Kind.POINT_BUY, {"values": dict(values)}),
    )


def character_roll_characteristic(
    *, character: Character, expected_sequence: int, typed_faces: str = "", characteristic: str = ""
) -> Written:
    """Roll the characteristic dice once; the player places it before the next roll.

    A non-humanoid race rolls different dice for each characteristic, so its player
    names the characteristic first (`characteristic`) and the roll goes straight there.
    """

    def make(progress: Progress) -> NewEntry:
        if progress.state.non_humanoid is None:
            return NewEntry(
                Kind.CHARACTERISTIC_ROLL,
                roll=_dice(progress, progress.characteristic_dice, typed_faces),
            )
        if characteristic not in progress.unfilled_codes:
            raise StepRefused(
                "Choose a characteristic that is still to be rolled.", field="characteristic"
            )
        return NewEntry(
            Kind.CHARACTERISTIC_ROLL,
            {"characteristic": characteristic},
            roll=_dice(progress, progress.dice_for(characteristic), typed_faces),
        )

    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.CHARACTERISTIC_ROLL,
        make=make,
    )


def non_humanoid_races_for(character: Character) -> list[Race]:
    """The campaign's approved non-humanoid races (made by the GM with the player)."""
    if character.campaign_id is None:
        return []
    return list(
        Race.objects.filter(
            campaign_id=character.campaign_id,
            kind=RaceKind.NON_HUMANOID,
            status=RaceStatus.APPROVED,
        )
    )


def character_choose_non_humanoid(
    *, character: Character, expected_sequence: int, race_id: str
) -> Written:
    """A GM's non-humanoid race instead of a method: locked, like the method."""
    race = next(
        (known for known in non_humanoid_races_for(character) if str(known.id) == race_id), None
    )
    if race is None:
        raise StepRefused("Choose one of the listed non-humanoid races.", field="method")

    def build(entries: list[CreationLogEntry]) -> NewEntry:
        progress = progress_for(character, entries)
        if Kind.NON_HUMANOID not in progress.allowed_kinds:
            raise StepRefused(f"Not now: {progress.next_step_message}")
        creation.apply_step(
            progress.state,
            non_humanoid_step(race),
            rulebook=progress.rulebook,
            house_rules=progress.house_rules,
        )
        return NewEntry(Kind.NON_HUMANOID, {"race_id": str(race.id), "race": race_copy(race)})

    def after(character: Character, entries: list[CreationLogEntry]) -> None:
        character.race = race
        character.save(update_fields=["race", "updated"])
        _refresh(character, entries)

    return log_write(
        character=character,
        expected_sequence=expected_sequence,
        kinds=(Kind.NON_HUMANOID,),
        build=build,
        after=after,
    )


def character_place_characteristic(
    *, character: Character, expected_sequence: int, characteristic: str
) -> Written:
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.CHARACTERISTIC_PLACE,
        make=lambda progress: NewEntry(
            Kind.CHARACTERISTIC_PLACE, {"characteristic": characteristic}
        ),
    )


def races_for(character: Character) -> list[Race]:
    """Races the player may choose: the campaign's approved ones, and their own proposals."""
    if character.campaign_id is None:
        return list(Race.objects.filter(campaign=None, proposed_by=character.owner_id))
    return list(
        Race.objects.filter(campaign_id=character.campaign_id, kind=RaceKind.HUMANOID).filter(
            Q(status=RaceStatus.APPROVED)
            | Q(proposed_by=character.owner_id, status=RaceStatus.PROPOSED)
        )
    )


def _race_kind(progress: Progress) -> str:
    """A first race choice, or a replacement after the GM rejected the first."""
    race = progress.character.race
    if Kind.RACE in progress.allowed_kinds:
        return Kind.RACE
    if race is not None and race.status == RaceStatus.REJECTED:
        return Kind.RACE_CHANGE
    raise StepRefused(f"Not now: {progress.next_step_message}")


def _choose_race(*, character: Character, expected_sequence: int, race: Race | None) -> Written:
    def build(entries: list[CreationLogEntry]) -> NewEntry:
        progress = progress_for(character, entries)
        kind = _race_kind(progress)
        # The race's values go into the log, so a later edit of the row changes nothing here.
        payload = {"race_id": str(race.id) if race else None, "race": race_copy(race)}
        if kind == Kind.RACE:
            step = creation.RaceApplied(race_value(race) if race else None)
            creation.apply_step(
                progress.state, step, rulebook=progress.rulebook, house_rules=progress.house_rules
            )
        else:
            # Replay the whole log over the new race: every recorded choice must stay legal.
            change = CreationLogEntry(character=character, kind=kind, payload=payload)
            steps, _ = steps_for([*entries, change], race)
            try:
                creation.replay(steps, rulebook=progress.rulebook, house_rules=progress.house_rules)
            except RulesError as error:
                raise StepRefused(
                    f"With that race an earlier choice would no longer be allowed ({error}). "
                    "Choose another race.",
                    field="race",
                ) from error
        return NewEntry(kind, payload)

    def after(character: Character, entries: list[CreationLogEntry]) -> None:
        character.race = race
        character.save(update_fields=["race", "updated"])
        _refresh(character, entries)

    return log_write(
        character=character,
        expected_sequence=expected_sequence,
        kinds=(Kind.RACE, Kind.RACE_CHANGE),
        build=build,
        after=after,
    )


class _AlreadySaved(Exception):
    """A repeated proposal: undo the new race row, keep what was saved before."""


def character_choose_race(
    *, character: Character, expected_sequence: int, race_id: str | None
) -> Written:
    """The base humanoid (race_id None) or a race the player may choose."""
    race: Race | None = None
    if race_id:
        race = next((known for known in races_for(character) if str(known.id) == race_id), None)
        if race is None:
            raise StepRefused("Choose one of the races listed.", field="race")
    return _choose_race(character=character, expected_sequence=expected_sequence, race=race)


def race_propose(
    *,
    character: Character,
    expected_sequence: int,
    name: str,
    reason: str,
    adjustments: Mapping[str, int],
) -> Race | None:
    """A new alien humanoid race, checked against the book's four rules.

    In a campaign it goes to the GM's queue (the player carries on building, but
    cannot finish until it is approved). Outside any campaign there is no GM to
    ask, so the race is the player's own and approved at once.
    """
    refuse_unless_still_in_campaign(character, what="you cannot propose a race to its GM")
    house_rules = character_house_rules(character)
    if not house_rules.alien_humanoids_allowed:
        raise StepRefused("This campaign does not allow alien humanoid races.")
    proposed = aliens.Race.of(name.strip(), reason.strip(), adjustments)
    aliens.validate_race(proposed, house_rules)
    in_campaign = character.campaign_id is not None
    try:
        with transaction.atomic():
            cap = creation_cap("MAX_RACE_PROPOSALS")
            proposed_before = Race.objects.filter(proposed_by_id=character.owner_id)
            at_cap = creation_cap_reached(
                owner=character.owner, cap=cap, count=proposed_before.count
            )
            race = Race.objects.create(
                campaign_id=character.campaign_id,
                kind=RaceKind.HUMANOID,
                name=proposed.name,
                reason=proposed.reason,
                adjustments=dict(proposed.adjustments),
                status=RaceStatus.PROPOSED if in_campaign else RaceStatus.APPROVED,
                proposed_by=character.owner,
            )
            written = _choose_race(
                character=character, expected_sequence=expected_sequence, race=race
            )
            if not written.created:
                raise _AlreadySaved
            # Refused only now, so a repeated form still answers with the race it saved;
            # raising here takes back this race and its log entry.
            if at_cap:
                raise StepRefused(
                    f"You have already proposed {cap} races, the most one player may. "
                    "Choose one of the races listed instead.",
                    field="name",
                )
    except _AlreadySaved:
        character.refresh_from_db(fields=["race"])
        return character.race
    return race


def character_choose_career(
    *, character: Character, expected_sequence: int, career: str
) -> Written:
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.CAREER,
        make=lambda progress: NewEntry(Kind.CAREER, {"career": career}),
    )


def character_roll_specialisation(
    *, character: Character, expected_sequence: int, typed_faces: str = ""
) -> Written:
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SPECIALISATION_ROLL,
        make=lambda progress: NewEntry(
            Kind.SPECIALISATION_ROLL,
            roll=_dice(progress, creation.SPECIALISATION_DICE, typed_faces),
        ),
    )


def character_roll_skill(
    *, character: Character, expected_sequence: int, typed_faces: str = ""
) -> Written:
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SKILL_ROLL,
        make=lambda progress: NewEntry(
            Kind.SKILL_ROLL, roll=_dice(progress, creation.SKILL_DICE, typed_faces)
        ),
    )


def character_reroll_skill(
    *, character: Character, expected_sequence: int, table: str, typed_faces: str = ""
) -> Written:
    """Rule 7: the one reroll when the entry's prerequisite is not met."""
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SKILL_REROLL,
        make=lambda progress: NewEntry(
            Kind.SKILL_REROLL,
            {"table": table},
            roll=_dice(progress, creation.SKILL_DICE, typed_faces),
        ),
    )


def character_choose_table(
    *,
    character: Character,
    expected_sequence: int,
    table: str,
    specialty: str = "",
    history_reason: str = "",
) -> Written:
    """Read the pending skill roll on one table (which may lose the roll, with its reason)."""
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.TABLE_CHOICE,
        also_kinds=(Kind.SKILL_REROLL,),
        make=lambda progress: NewEntry(
            Kind.TABLE_CHOICE,
            {
                "table": table,
                "specialty": specialty.strip(),
                "history_reason": history_reason.strip(),
            },
            history_note=history_reason.strip(),
        ),
    )


def character_roll_survival(
    *, character: Character, expected_sequence: int, typed_faces: str = ""
) -> Written:
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SURVIVAL_ROLL,
        make=lambda progress: NewEntry(
            Kind.SURVIVAL_ROLL, roll=_dice(progress, DiceSpec(2, 6), typed_faces)
        ),
    )


def character_choose_survival_outcome(
    *, character: Character, expected_sequence: int, outcome: str
) -> Written:
    """Death or a setback, where the campaign lets the player choose."""
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SURVIVAL_OUTCOME,
        make=lambda progress: NewEntry(Kind.SURVIVAL_OUTCOME, {"outcome": outcome}),
    )


def character_choose_setback(
    *, character: Character, expected_sequence: int, characteristic: str
) -> Written:
    return _take_step(
        character=character,
        expected_sequence=expected_sequence,
        kind=Kind.SETBACK,
        make=lambda progress: NewEntry(Kind.SETBACK, {"characteristic": characteristic}),
    )


def _latest_race_id(entries: Sequence[CreationLogEntry]) -> str | None:
    for entry in reversed(entries):
        if entry.kind in {Kind.RACE, Kind.RACE_CHANGE, Kind.NON_HUMANOID}:
            return (entry.payload or {}).get("race_id")
    return None


def character_undo(*, character: Character, expected_sequence: int) -> CreationLogEntry:
    """Take back the newest decision (never a roll, never the method, never a death)."""

    def after(character: Character, entries: list[CreationLogEntry]) -> None:
        race_id = _latest_race_id(effective(entries))
        if str(character.race_id or "") != str(race_id or ""):
            character.race_id = race_id
            character.save(update_fields=["race", "updated"])
        _refresh(character, entries)

    return log_undo(
        character=character,
        expected_sequence=expected_sequence,
        undoable_kinds=UNDOABLE_KINDS,
        after=after,
    )
