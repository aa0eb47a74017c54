"""The creation wizard, steps 1–6: thin views (who, parse, call a service, render).

Every step page renders one template whose `wizard` partial is what an htmx swap
replaces; every form posts the log sequence it expects to write (see log.py).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chargen.characters import services
from chargen.characters.access import character_for_owner, characters_for_owner
from chargen.characters.errors import StepRefused
from chargen.characters.forms import ConceptForm, RaceProposalForm, StartForm
from chargen.characters.log import Written, log_entries
from chargen.characters.models import Character, CharacterStatus, RaceStatus
from chargen.characters.progress import Kind, Progress, group_closed_by, progress_for
from chargen.characters.rendering import redirect_to_step, render_step
from chargen.characters.rule_upgrade import older_rule_data
from chargen.characters.steps import first_unfinished, step, stepper
from chargen.core.log import STALE_MESSAGE
from chargen.desk.models import Decision
from chargen.desk.services import latest_decision
from rules.errors import RulesError
from rules.infinity_drive import aliens, creation
from rules.infinity_drive.characteristics import (
    POINT_BUY_MAXIMUM,
    POINT_BUY_MINIMUM,
    point_buy_total,
)
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES
from rules.infinity_drive.creation import Expect
from rules.infinity_drive.house_rules import CharacteristicMethods, SurvivalFailure
from rules.infinity_drive.learner import learner_for
from rules.odds import as_percent, survival_chance

# A non-humanoid race is offered beside the two methods, as "race:<uuid>".
NON_HUMANOID_PREFIX = "race:"

STEP_TEMPLATES: dict[str, str] = {
    "concept": "characters/concept.html",
    "characteristics": "characters/step_characteristics.html",
    "race": "characters/step_race.html",
    "learner": "characters/step_learner.html",
    "career": "characters/step_career.html",
    "skills": "characters/step_skills.html",
}


def gm_decision_for(character: Character) -> Decision | None:
    """The GM's latest decision on the character (its note says what to change).

    Only a character that was once submitted can have one, so drafts cost no query.
    """
    if character.campaign_id is None or character.status == CharacterStatus.DRAFT:
        return None
    return latest_decision(character)


def character_groups(user: Any) -> list[dict[str, Any]]:
    """The player's characters as the list shows them: drafts, finished, dead.

    Each line carries the GM's note when the GM returned the character, so the
    player reads what to change without opening the desk.
    """
    characters = list(characters_for_owner(user))
    drafts = [
        c for c in characters if c.status in {CharacterStatus.DRAFT, CharacterStatus.RETURNED}
    ]
    dead = [c for c in characters if c.status == CharacterStatus.DEAD]
    finished = [c for c in characters if c not in drafts and c not in dead]
    built_under = older_rule_data(drafts)  # only a draft can move to the current rule data

    def lines(group: list[Character]) -> list[dict[str, Any]]:
        return [
            {
                "character": character,
                "returned_by": gm_decision_for(character)
                if character.status == CharacterStatus.RETURNED
                else None,
                "built_under": built_under.get(character.pk),
            }
            for character in group
        ]

    return [
        {"title": "Drafts", "lines": lines(drafts)},
        {"title": "Finished", "lines": lines(finished)},
        {"title": "Dead", "lines": lines(dead)},
    ]


@login_required
@require_safe
def character_list(request: HttpRequest) -> HttpResponse:
    return render(
        request, "characters/list.html", {"character_groups": character_groups(request.user)}
    )


@login_required
@require_http_methods(["GET", "POST"])
def character_new(request: HttpRequest) -> HttpResponse:
    # "Start a new character" from a dead one's page names its campaign (?campaign=<id>);
    # only a campaign the form offers is preselected, anything else is ignored.
    form = StartForm(
        request.POST or None,
        user=request.user,
        initial={"campaign": request.GET.get("campaign", "")},
    )
    if request.method == "POST" and form.is_valid():
        try:
            character = services.character_start(
                owner=request.user,
                campaign=form.cleaned_data["campaign"],
                name=form.cleaned_data["name"],
                concept=form.cleaned_data["concept"],
            )
        except StepRefused as error:
            form.add_error(error.field or None, error.message)
        else:
            return redirect_to_step(reverse("characters:characteristics", args=[character.id]))
    status = 400 if request.method == "POST" else 200
    return render(request, "characters/new.html", {"form": form}, status=status)


def _load(request: HttpRequest, character_id: uuid.UUID) -> Progress:
    character = character_for_owner(request.user, character_id)
    return progress_for(character, log_entries(character))


@login_required
@require_safe
def character_resume(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """Wherever the player left off, on any device."""
    progress = _load(request, character_id)
    target = first_unfinished(progress)
    return redirect(
        target.url(progress.character) or reverse("characters:skills", args=[character_id])
    )


def _context(progress: Progress, slug: str, **extra: Any) -> dict[str, Any]:
    context: dict[str, Any] = {
        "character": progress.character,
        "progress": progress,
        "state": progress.state,
        "stepper": stepper(progress, slug),
        "current_step": slug,
        "step": step(slug),
        "names": CHARACTERISTIC_NAMES,
        "gm_decision": gm_decision_for(progress.character),
    }
    context.update(_STEP_CONTEXT[slug](progress))
    context.update(extra)
    return context


def _page(
    request: HttpRequest, progress: Progress, slug: str, *, status: int = 200, **extra: Any
) -> HttpResponse:
    return render_step(
        request, STEP_TEMPLATES[slug], _context(progress, slug, **extra), status=status
    )


# --- What each step page shows ----------------------------------------------------------


def _characteristics_context(progress: Progress) -> dict[str, Any]:
    rules = progress.house_rules
    methods = []
    if rules.allows_point_buy:
        methods.append(
            ("point_buy", f"Point buy: {point_buy_total(rules)} points, each 2 to C (12)")
        )
    if rules.allows_dice:
        methods.append(("dice", f"Dice: roll {rules.dice_spec} for each characteristic in turn"))
    if progress.state.expecting == Expect.METHOD:
        for known in services.non_humanoid_races_for(progress.character):
            dice = ", ".join(f"{count}d6 {code}" for code, count in known.non_humanoid_dice.items())
            methods.append(
                (f"{NON_HUMANOID_PREFIX}{known.id}", f"Non-humanoid: {known.name} ({dice})")
            )
    return {
        "methods": methods,
        "method_locked_by_gm": rules.characteristic_methods != CharacteristicMethods.BOTH,
        "point_budget": point_buy_total(rules),
        "point_fields": _point_fields(progress.codes_in_play),
        "characteristic_dice": str(rules.dice_spec),
        "characteristic_roll_label": f"Roll {rules.dice_spec}",
        "placed_rolls": _placed_rolls(progress),
    }


POINT_BUY_START = 7


def _point_fields(codes: tuple[str, ...], posted: QueryDict | None = None) -> list[dict[str, Any]]:
    """The point-buy inputs: 7 each on a fresh form, what the player typed after a refusal."""
    return [
        {
            "code": code,
            "name": CHARACTERISTIC_NAMES[code],
            "value": posted.get(code, "") if posted is not None else POINT_BUY_START,
        }
        for code in codes
    ]


def _placed_rolls(progress: Progress) -> list[dict[str, Any]]:
    """Each placed characteristic roll with the log row that holds its dice."""
    placed = []
    previous = None
    for entry in progress.entries:
        if entry.kind == Kind.CHARACTERISTIC_PLACE and previous is not None:
            code = entry.payload.get("characteristic", "")
            placed.append({"name": CHARACTERISTIC_NAMES.get(code, code), "entry": previous})
        elif entry.kind == Kind.CHARACTERISTIC_ROLL and entry.payload.get("characteristic"):
            code = entry.payload["characteristic"]
            placed.append({"name": CHARACTERISTIC_NAMES.get(code, code), "entry": entry})
        previous = entry
    return placed


def _race_context(progress: Progress) -> dict[str, Any]:
    character = progress.character
    return {
        "races": services.races_for(character),
        "race_rejected": character.race is not None
        and character.race.status == RaceStatus.REJECTED,
        "race_pending": character.race is not None and character.race.status == RaceStatus.PROPOSED,
        "aliens_allowed": progress.house_rules.alien_humanoids_allowed,
        "race_limits": {
            "most_added": aliens.MOST_POINTS_ADDED,
            "most_on_one": aliens.MOST_POINTS_ON_ONE,
            "lowest": aliens.LOWEST_ADJUSTED_VALUE,
        },
        "can_choose_race": "race" in progress.allowed_kinds
        or (character.race is not None and character.race.status == RaceStatus.REJECTED),
    }


def _learner_context(progress: Progress) -> dict[str, Any]:
    if not progress.characteristics_done:
        return {"learner": None}
    try:
        learner = learner_for(progress.state.characteristics)
    except RulesError:
        learner = None
    return {"learner": progress.state.learner or learner}


def _career_context(progress: Progress) -> dict[str, Any]:
    return {"careers": progress.rulebook.careers}


def _roll_rows(progress: Progress) -> list[dict[str, Any]]:
    """Each skill or survival roll beside its log rows (so typed dice show as entered)."""
    state = progress.state
    rows: list[dict[str, Any]] = []
    skill_index = survival_index = 0
    for entry in progress.entries:
        if entry.kind == Kind.SKILL_ROLL:
            record = state.records[skill_index] if skill_index < len(state.records) else None
            rows.append({"kind": "skill", "entry": entry, "reroll": None, "record": record})
            skill_index += 1
        elif entry.kind == Kind.SKILL_REROLL and rows:
            rows[-1]["reroll"] = entry
        elif entry.kind == Kind.SURVIVAL_ROLL:
            results = state.survival_rolls
            result = results[survival_index] if survival_index < len(results) else None
            rows.append({"kind": "survival", "entry": entry, "result": result})
            survival_index += 1
    return rows


def _skills_context(progress: Progress) -> dict[str, Any]:
    state = progress.state
    options = []
    if state.expecting == Expect.TABLE_CHOICE and state.pending is not None:
        options = creation.skill_roll_options(state, progress.rulebook)
    survival = None
    if state.career and state.learner:
        target = progress.rulebook.survival_target(state.career, state.learner.learner_type)
        survival = {
            "target": target,
            "chance": as_percent(survival_chance(target)),
            # A last group may be short (14 rolls: 4, 4, 4, 2), so count the rolls made.
            "after_group": group_closed_by(state.rolls_used),
        }
    # The rolls in the current group: four, or fewer when the last group is short.
    rolls_in_group = min(creation.GROUP_SIZE, state.index_in_group - 1 + state.rolls_left)
    return {
        "options": options,
        "survival": survival,
        "rolls_in_group": rolls_in_group,
        "roll_rows": _roll_rows(progress),
        "records": state.records,
        "player_chooses_outcome": progress.house_rules.survival_failure
        == SurvivalFailure.PLAYER_CHOICE,
        "pending_entry": progress.entries[-1] if state.pending is not None else None,
    }


_STEP_CONTEXT: dict[str, Callable[[Progress], dict[str, Any]]] = {
    "concept": lambda progress: {},
    "characteristics": _characteristics_context,
    "race": _race_context,
    "learner": _learner_context,
    "career": _career_context,
    "skills": _skills_context,
}


# --- GET pages ------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def concept(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    progress = _load(request, character_id)
    character = progress.character
    form = ConceptForm(request.POST or None, instance=character)
    if request.method == "POST":
        if form.is_valid():
            try:
                services.character_update_concept(
                    character=character,
                    name=form.cleaned_data["name"],
                    concept=form.cleaned_data["concept"],
                )
            except StepRefused as error:
                return _page(
                    request,
                    progress,
                    "concept",
                    form=form,
                    step_error=error.message,
                    status=_error_status(request),
                )
            return redirect_to_step(reverse("characters:characteristics", args=[character.id]))
        character.refresh_from_db()
        return _page(request, progress, "concept", form=form, status=_error_status(request))
    return _page(request, progress, "concept", form=form)


def _step_view(slug: str) -> Callable[[HttpRequest, uuid.UUID], HttpResponse]:
    @login_required
    @require_safe
    def view(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
        return _page(request, _load(request, character_id), slug)

    view.__name__ = f"{slug}_page"
    return view


characteristics = _step_view("characteristics")
race = _step_view("race")
learner = _step_view("learner")
career = _step_view("career")
skills = _step_view("skills")


# --- POSTs ----------------------------------------------------------------------------


def _error_status(request: HttpRequest) -> int:
    # htmx swaps only 2xx answers; a plain form post hears 400.
    return 200 if getattr(request, "htmx", False) else 400


def _sequence(data: QueryDict) -> int:
    try:
        return int(data.get("sequence", ""))
    except (TypeError, ValueError):
        raise StepRefused("This form is missing its step number; reload the page.") from None


Action = Callable[[Character, int, QueryDict], object]
# What a refused form shows again at the form itself: the values the player typed.
KeepTyped = Callable[[Character, QueryDict, str], dict[str, Any]]


ALREADY_TAKEN = STALE_MESSAGE


def _refuse_if_already_taken(written: object) -> None:
    """Say so when the form's step was already in the log (a second tab, Back, a replay).

    Only an immediate repeat of a roll passes in silence: the player sees the same roll
    again, which is all a double-click meant. A decision may differ from the one saved
    (another table, death instead of a setback), so the player is told nothing changed.
    """
    if not isinstance(written, Written) or written.created:
        return
    newest = written.entries[-1] if written.entries else None
    if written.entry.dice and newest is not None and newest.pk == written.entry.pk:
        return
    raise StepRefused(ALREADY_TAKEN)


def _post(
    slug: str,
    action: Action,
    *,
    keep_typed: KeepTyped | None = None,
    drawn_at_field: frozenset[str] = frozenset(),
) -> Callable[[HttpRequest, uuid.UUID], HttpResponse]:
    """A step POST: run the service; on success 303 to the step page, else show why there.

    With `keep_typed`, a refused form is drawn again with what the player typed and the
    reason beside it, rather than reset to its defaults with the reason at the top.
    `drawn_at_field` names the fields whose refusal this action's form draws beside the
    field itself (the services check them after the order check, so the form is on the
    page); any other reason goes on top, said once either way.
    """

    @login_required
    @require_POST
    def view(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
        character = character_for_owner(request.user, character_id)
        try:
            _refuse_if_already_taken(action(character, _sequence(request.POST), request.POST))
        except (StepRefused, RulesError) as error:
            message = error.message if isinstance(error, StepRefused) else str(error)
            field = error.field if isinstance(error, StepRefused) else ""
            extra: dict[str, Any] = {"typed_faces": request.POST.get("faces", "")}
            if field:
                extra["field_errors"] = {field: message}
            # A reason about the values (the rules', or one field's) belongs at the form;
            # "not now", "already taken" or "locked" concern the page, and go on top.
            about_the_values = bool(field) or not isinstance(error, StepRefused)
            if keep_typed is not None and about_the_values:
                extra.update(keep_typed(character, request.POST, message))
            elif field not in drawn_at_field:
                extra["step_error"] = message
            return _page(
                request,
                progress_for(character, log_entries(character)),
                slug,
                status=_error_status(request),
                **extra,
            )
        return redirect_to_step(reverse(f"characters:{slug}", args=[character.id]))

    return view


def _int_values(data: QueryDict, codes: tuple[str, ...]) -> dict[str, int]:
    values = {}
    for code in codes:
        try:
            values[code] = int(data.get(code, ""))
        except ValueError:
            raise StepRefused(
                f"Give {CHARACTERISTIC_NAMES[code]} a whole number.", field=code
            ) from None
    return values


def _codes(character: Character) -> tuple[str, ...]:
    return progress_for(character, []).codes_in_play


def _choose_method(character: Character, sequence: int, data: QueryDict) -> object:
    method = data.get("method", "")
    if method.startswith(NON_HUMANOID_PREFIX):
        return services.character_choose_non_humanoid(
            character=character,
            expected_sequence=sequence,
            race_id=method.removeprefix(NON_HUMANOID_PREFIX),
        )
    return services.character_choose_method(
        character=character, expected_sequence=sequence, method=method
    )


choose_method = _post("characteristics", _choose_method)


def _typed_points(character: Character, data: QueryDict, message: str) -> dict[str, Any]:
    """Draw the refused form again as typed, outlining each value the book does not allow."""
    out_of_range = {}
    for code in _codes(character):
        try:
            value = int(data.get(code, ""))
        except ValueError:
            value = None
        if value is None or not POINT_BUY_MINIMUM <= value <= POINT_BUY_MAXIMUM:
            out_of_range[code] = message
    return {
        "point_fields": _point_fields(_codes(character), data),
        "point_buy_error": message,
        "field_errors": out_of_range,
    }


assign_points = _post(
    "characteristics",
    lambda c, seq, data: services.character_assign_points(
        character=c, expected_sequence=seq, values=_int_values(data, _codes(c))
    ),
    keep_typed=_typed_points,
)
roll_characteristic = _post(
    "characteristics",
    lambda c, seq, data: services.character_roll_characteristic(
        character=c,
        expected_sequence=seq,
        typed_faces=data.get("faces", ""),
        characteristic=data.get("characteristic", ""),
    ),
    drawn_at_field=frozenset({"faces", "characteristic"}),
)
place_characteristic = _post(
    "characteristics",
    lambda c, seq, data: services.character_place_characteristic(
        character=c, expected_sequence=seq, characteristic=data.get("characteristic", "")
    ),
)
choose_race = _post(
    "race",
    lambda c, seq, data: services.character_choose_race(
        character=c, expected_sequence=seq, race_id=data.get("race") or None
    ),
)


def _propose(character: Character, sequence: int, data: QueryDict) -> object:
    form = RaceProposalForm(data, codes=_codes(character))
    if not form.is_valid():
        field, messages = next(iter(form.errors.items()))
        raise StepRefused(messages[0], field=field if field != "__all__" else "")
    return services.race_propose(
        character=character,
        expected_sequence=sequence,
        name=form.cleaned_data["name"],
        reason=form.cleaned_data["reason"],
        adjustments=form.adjustments(),
    )


propose_race = _post("race", _propose)
choose_career = _post(
    "career",
    lambda c, seq, data: services.character_choose_career(
        character=c, expected_sequence=seq, career=data.get("career", "")
    ),
)
roll_specialisation = _post(
    "career",
    lambda c, seq, data: services.character_roll_specialisation(
        character=c, expected_sequence=seq, typed_faces=data.get("faces", "")
    ),
    drawn_at_field=frozenset({"faces"}),
)
roll_skill = _post(
    "skills",
    lambda c, seq, data: services.character_roll_skill(
        character=c, expected_sequence=seq, typed_faces=data.get("faces", "")
    ),
    drawn_at_field=frozenset({"faces"}),
)
reroll_skill = _post(
    "skills",
    lambda c, seq, data: services.character_reroll_skill(
        character=c,
        expected_sequence=seq,
        table=data.get("table", ""),
        typed_faces=data.get("faces", ""),
    ),
)
choose_table = _post(
    "skills",
    lambda c, seq, data: services.character_choose_table(
        character=c,
        expected_sequence=seq,
        table=data.get("table", ""),
        specialty=data.get("specialty", ""),
        history_reason=data.get("history_reason", ""),
    ),
)
roll_survival = _post(
    "skills",
    lambda c, seq, data: services.character_roll_survival(
        character=c, expected_sequence=seq, typed_faces=data.get("faces", "")
    ),
    drawn_at_field=frozenset({"faces"}),
)
DEATH_CONFIRMATION = "confirm_death"


def _choose_survival_outcome(character: Character, sequence: int, data: QueryDict) -> object:
    """Death is final, so it must be confirmed: the "Yes, my character dies" box on a plain
    form, or htmx's confirm dialog (which sends the same field once the player agrees)."""
    outcome = data.get("outcome", "")
    if outcome == "death" and not data.get(DEATH_CONFIRMATION):
        raise StepRefused(
            "Tick “Yes, my character dies” to confirm; nothing was changed.",
            field=DEATH_CONFIRMATION,
        )
    return services.character_choose_survival_outcome(
        character=character, expected_sequence=sequence, outcome=outcome
    )


choose_survival_outcome = _post("skills", _choose_survival_outcome)
choose_setback = _post(
    "skills",
    lambda c, seq, data: services.character_choose_setback(
        character=c, expected_sequence=seq, characteristic=data.get("characteristic", "")
    ),
)


@login_required
@require_POST
def undo(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """Take back the newest decision; dice are never taken back."""
    slug = request.POST.get("step", "")
    slug = slug if slug in STEP_TEMPLATES and slug != "concept" else "characteristics"
    character = character_for_owner(request.user, character_id)
    try:
        services.character_undo(character=character, expected_sequence=_sequence(request.POST))
    except StepRefused as error:
        return _page(
            request,
            progress_for(character, log_entries(character)),
            slug,
            step_error=error.message,
            status=_error_status(request),
        )
    return redirect_to_step(reverse(f"characters:{slug}", args=[character.id]))
