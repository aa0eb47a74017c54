"""The creation wizard, steps 1–6: thin views (who, parse, call a service, render).

Every step page renders one template whose `wizard` partial is what an htmx swap
replaces; every form posts the log sequence it expects to write (see log.py).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.forms.models import model_to_dict
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chargen.core.htmx import after_post, refused_status
from chargen.core.log_reads import LockedLog
from chargen.infinity_drive import services
from chargen.infinity_drive.access import character_for_owner
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.forms import (
    DEATH_CONFIRMATION,
    CareerForm,
    CharacteristicForm,
    CharacteristicRollForm,
    ConceptForm,
    MethodForm,
    PointBuyForm,
    RaceChoiceForm,
    RaceProposalForm,
    RerollForm,
    SurvivalOutcomeForm,
    TableChoiceForm,
    UndoForm,
    proposed_adjustments,
)
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.page_progress import progress_after_write, progress_now
from chargen.infinity_drive.progress import Kind, Progress
from chargen.infinity_drive.refused_forms import (
    ADJUSTMENTS,
    KeepTyped,
    offered_tables,
    typed_points,
    typed_race,
    typed_reroll,
    typed_table,
)
from chargen.infinity_drive.rendering import render_step, repeat_notice
from chargen.infinity_drive.views_list import gm_decision_for
from chargen.infinity_drive.wizard.page_context import (
    NON_HUMANOID_PREFIX,
    STEP_CONTEXT,
    STEP_TEMPLATES,
)
from chargen.infinity_drive.wizard.post_checks import (
    Action,
    DrawnAt,
    FormFor,
    SameForm,
    characteristic_roll_fields,
    cleaned_or_refused,
    drawn_while_expected,
    nothing_drawn,
    placeable_codes,
    race_choice_fields,
    same_choice,
    same_proposal,
    step_sequence,
    take_step_post,
)
from chargen.infinity_drive.wizard.stepper import reachable_slug, step, stepper
from rules.errors import RulesError
from rules.infinity_drive.codes import CHARACTERISTIC_NAMES
from rules.infinity_drive.creation.career_steps import SpecialtyNeeded
from rules.infinity_drive.skills import SpecialtyRefused


def _load(request: HttpRequest, character_id: uuid.UUID) -> Progress:
    return progress_now(character_for_owner(request.user, character_id))


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
    context.update(STEP_CONTEXT[slug](progress))
    context.update(extra)
    return context


def _page(
    request: HttpRequest, progress: Progress, slug: str, *, status: int = 200, **extra: Any
) -> HttpResponse:
    return render_step(
        request, STEP_TEMPLATES[slug], _context(progress, slug, **extra), status=status
    )


def _answer(
    request: HttpRequest,
    character: Character,
    slug: str,
    progress: Progress | None = None,
    repeat: CreationLogEntry | None = None,
) -> HttpResponse:
    """A successful POST: plain, 303 to the step page; htmx, that page's partial now,
    drawn from the log as the write saved it (`progress_after_write`), so it shows the
    dice as saved. `progress` is given when the action left the log alone; `repeat` is
    the row a repeated form found saved (`repeat_notice`)."""
    url = reverse(f"characters:{slug}", args=[character.id])
    extra = repeat_notice(request, repeat)

    def page() -> HttpResponse:
        shown = progress if progress is not None else progress_after_write(character)
        return _page(request, shown, slug, **extra)

    return after_post(request, url, page)


@login_required
@require_http_methods(["GET", "POST"])
def concept(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    progress = _load(request, character_id)
    character = progress.character
    form = ConceptForm(request.POST or None, initial=model_to_dict(character, ["name", "concept"]))
    if request.method == "POST":
        if form.is_valid():
            try:
                services.character_update_concept(
                    character=character,
                    expected_sequence=step_sequence(request.POST),
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
                    status=refused_status(request),
                )
            # A concept row moves no step: the next page replays the log as it is now.
            return _answer(request, character, "characteristics", None)
        return _page(request, progress, "concept", form=form, status=refused_status(request))
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


def step_post(
    slug: str,
    kinds: tuple[str, ...],
    form_for: FormFor,
    action: Action,
    *,
    keep_typed: KeepTyped | None = None,
    drawn_at_field: DrawnAt = nothing_drawn,
    same: SameForm | None = None,
) -> Callable[[HttpRequest, uuid.UUID], HttpResponse]:
    """A step POST of the log `kinds`: key, form, service (wizard/post_checks.py); on success the
    step page (`_answer`), else why.

    With `keep_typed`, a refused form is drawn again with what the player typed and the
    reason beside it, rather than reset to its defaults with the reason at the top.
    `drawn_at_field` names the fields whose refusal this action's form draws beside the
    field itself, on the page as it is now (the form's own refusals come before the
    service's order check, so the form may not be on the page); any other reason goes
    on top, said once either way. `same` tells whether the row already at the key is this
    very form sent again, to be answered as done (see wizard/post_checks.py).
    """

    @login_required
    @require_POST
    def view(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
        try:
            # One statement finds the player's character and locks it for the step's
            # write; a refusal rolls the whole transaction back.
            with transaction.atomic():
                character = character_for_owner(request.user, character_id, lock=True)
                repeat = take_step_post(character, request.POST, kinds, form_for, action, same)
        except (StepRefused, RulesError) as error:
            message = error.message if isinstance(error, StepRefused) else str(error)
            field = error.field if isinstance(error, StepRefused) else ""
            extra: dict[str, Any] = {"typed_faces": request.POST.get("faces", "")}
            if field:
                extra["field_errors"] = {field: message}
            # A reason about the values (the rules', or one field's) belongs at the form;
            # "not now", "already taken" or "locked" concern the page, and go on top.
            about_the_values = bool(field) or not isinstance(error, StepRefused)
            progress = progress_now(character)
            if keep_typed is not None and about_the_values:
                extra.update(keep_typed(progress, request.POST, message, field))
            elif field not in drawn_at_field(progress):
                extra["step_error"] = message
            return _page(request, progress, slug, status=refused_status(request), **extra)
        return _answer(request, character, slug, repeat=repeat)

    return view


def _choose_method(
    character: Character, sequence: int, cleaned: dict[str, Any], log: LockedLog[CreationLogEntry]
) -> object:
    method: str = cleaned["method"]
    if method.startswith(NON_HUMANOID_PREFIX):
        return services.character_choose_non_humanoid(
            character=character,
            expected_sequence=sequence,
            race_id=method.removeprefix(NON_HUMANOID_PREFIX),
            locked_log=log,
        )
    return services.character_choose_method(
        character=character, expected_sequence=sequence, method=method, locked_log=log
    )


choose_method = step_post(
    "characteristics",
    (Kind.METHOD, Kind.NON_HUMANOID),
    lambda posted: MethodForm(posted.data),
    _choose_method,
    drawn_at_field=drawn_while_expected((Kind.METHOD,), "method"),
)
assign_points = step_post(
    "characteristics",
    (Kind.POINT_BUY,),
    lambda posted: PointBuyForm(posted.data, codes=posted.rules.codes_in_play),
    lambda c, seq, cleaned, log: services.character_assign_points(
        character=c, expected_sequence=seq, locked_log=log, values=cleaned
    ),
    keep_typed=typed_points,
)
roll_characteristic = step_post(
    "characteristics",
    (Kind.CHARACTERISTIC_ROLL,),
    lambda posted: CharacteristicRollForm(posted.data, codes=posted.rules.codes_in_play),
    lambda c, seq, cleaned, log: services.character_roll_characteristic(
        character=c,
        expected_sequence=seq,
        locked_log=log,
        typed_faces=cleaned["faces"],
        characteristic=cleaned["characteristic"],
        place_if_only_slot=True,
    ),
    drawn_at_field=characteristic_roll_fields,
)


place_characteristic = step_post(
    "characteristics",
    (Kind.CHARACTERISTIC_PLACE,),
    lambda posted: CharacteristicForm(posted.data, codes=placeable_codes(posted.now())),
    lambda c, seq, cleaned, log: services.character_place_characteristic(
        character=c, expected_sequence=seq, locked_log=log, characteristic=cleaned["characteristic"]
    ),
    drawn_at_field=drawn_while_expected((Kind.CHARACTERISTIC_PLACE,), "characteristic"),
)
RACE_KINDS = (Kind.RACE, Kind.RACE_CHANGE)
choose_race = step_post(
    "race",
    RACE_KINDS,
    lambda posted: RaceChoiceForm(posted.data),
    lambda c, seq, cleaned, log: services.character_choose_race(
        character=c,
        expected_sequence=seq,
        locked_log=log,
        race_id=str(cleaned["race"]) if cleaned["race"] else None,
    ),
    drawn_at_field=race_choice_fields,
)


def _propose(
    character: Character, sequence: int, cleaned: dict[str, Any], log: LockedLog[CreationLogEntry]
) -> object:
    try:
        return services.race_propose(
            character=character,
            expected_sequence=sequence,
            locked_log=log,
            name=cleaned["name"],
            reason=cleaned["reason"],
            adjustments=proposed_adjustments(cleaned),
        )
    except RulesError as error:
        # The book's rules on alien humanoids weigh the points moved, so the reason goes
        # beside the adjustments (a name or reason left empty is the form's to refuse).
        raise StepRefused(str(error), field=ADJUSTMENTS) from error


propose_race = step_post(
    "race",
    RACE_KINDS,
    lambda posted: RaceProposalForm(posted.data, codes=posted.rules.codes_in_play),
    _propose,
    keep_typed=typed_race,
    same=same_proposal,
)
choose_career = step_post(
    "career",
    (Kind.CAREER,),
    lambda posted: CareerForm(posted.data, careers=posted.rules.rulebook.careers),
    lambda c, seq, cleaned, log: services.character_choose_career(
        character=c, expected_sequence=seq, locked_log=log, career=cleaned["career"]
    ),
    drawn_at_field=drawn_while_expected((Kind.CAREER,), "career"),
    same=same_choice(Kind.CAREER, "career"),
)
reroll_skill = step_post(
    "skills",
    (Kind.SKILL_REROLL,),
    lambda posted: RerollForm(posted.data),
    lambda c, seq, cleaned, log: services.character_reroll_skill(
        character=c,
        expected_sequence=seq,
        locked_log=log,
        table=cleaned["table"],
        typed_faces=cleaned["faces"],
        place_if_only_choice=True,
    ),
    keep_typed=typed_reroll,
)


def _choose_table(
    character: Character, sequence: int, cleaned: dict[str, Any], log: LockedLog[CreationLogEntry]
) -> object:
    try:
        return services.character_choose_table(
            character=character,
            expected_sequence=sequence,
            locked_log=log,
            table=cleaned["table"],
            specialty=cleaned["specialty"],
            history_reason=cleaned["history_reason"],
        )
    except (SpecialtyNeeded, SpecialtyRefused) as error:  # beside the specialty box, not on top
        raise StepRefused(str(error), field="specialty") from error


choose_table = step_post(
    "skills",
    (Kind.TABLE_CHOICE, Kind.SKILL_REROLL),
    lambda posted: TableChoiceForm(posted.data, tables=offered_tables(posted.now())),
    _choose_table,
    keep_typed=typed_table,
    same=same_choice(Kind.TABLE_CHOICE, "table", "specialty", "history_reason"),
)
choose_survival_outcome = step_post(
    "skills",
    (Kind.SURVIVAL_OUTCOME,),
    lambda posted: SurvivalOutcomeForm(posted.data),
    lambda c, seq, cleaned, log: services.character_choose_survival_outcome(
        character=c, expected_sequence=seq, locked_log=log, outcome=cleaned["outcome"]
    ),
    drawn_at_field=drawn_while_expected((Kind.SURVIVAL_OUTCOME,), DEATH_CONFIRMATION),
)
choose_setback = step_post(
    "skills",
    (Kind.SETBACK,),
    lambda posted: CharacteristicForm(posted.data, codes=posted.rules.codes_in_play),
    lambda c, seq, cleaned, log: services.character_choose_setback(
        character=c, expected_sequence=seq, locked_log=log, characteristic=cleaned["characteristic"]
    ),
    drawn_at_field=drawn_while_expected((Kind.SETBACK,), "characteristic"),
)
UNDO_PAGES = tuple(slug for slug in STEP_TEMPLATES if slug != "concept")


@login_required
@require_POST
def undo(request: HttpRequest, character_id: uuid.UUID) -> HttpResponse:
    """Take back the newest decision; dice are never taken back.

    Its key is the decision it cancels, not the log's next sequence (log.py `log_undo`):
    a second click finds that decision already undone, whatever the form holds.
    """
    form = UndoForm(request.POST, steps=UNDO_PAGES)
    character = character_for_owner(request.user, character_id)
    try:
        cleaned = cleaned_or_refused(form)
        services.character_undo(character=character, expected_sequence=cleaned["sequence"])
    except StepRefused as error:
        return _page(
            request,
            progress_now(character),
            form.cleaned_data.get("step") or UNDO_PAGES[0],
            step_error=error.message,
            status=refused_status(request),
        )
    # Taking back an earlier step's decision (the race page's undo of the last placement)
    # moves the player back to that step rather than leaving them on one not open yet.
    progress = progress_after_write(character)
    return _answer(request, character, reachable_slug(progress, cleaned["step"]), progress)
