"""One function per thing a Drifting player or GM does, each in one transaction.

Every change writes a row to the character's log. Sheet actions take a one-time
`key` (the log sequence the form was rendered for): the row is written at that
sequence, so a replayed, double-clicked or concurrent POST finds the row already
saved and returns it instead of rolling again.

The unique (character, sequence) on the log decides, not a lock: every write reads
the character's next sequence *before* its sheet, and inserts its log row at that
sequence before changing anything else. Two transactions that read the same sheet
therefore claim the same sequence, and the second fails on the constraint and rolls
back whole (on PostgreSQL; SQLite's IMMEDIATE transactions already queue them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils.text import slugify

from chargen.campaigns.access import campaigns_for_user
from chargen.campaigns.models import Campaign
from chargen.core.limits import creation_cap, creation_cap_reached
from chargen.core.log import STALE_MESSAGE as KERNEL_STALE_MESSAGE
from chargen.core.log import already_written
from chargen.drifting.campaign_rules import DRIFTING, drifting_rules_for
from chargen.drifting.models import (
    Character,
    CharacterToken,
    ChosenLifepath,
    CreationStep,
    Lifepath,
    LogEntry,
    LogKind,
    PendingAssist,
)
from chargen.drifting.pinned import (
    PinnedLifepath,
    current_lifepath_version,
    lifepath_version_for,
    lifepaths_for_version,
    lifepaths_under,
    pinned_from_row,
)
from rules import drifting as rules
from rules.dice import entered_roll, roll
from rules.errors import RulesError


class StaleForm(RulesError):
    """The form was shown before the sheet last changed."""


STALE_MESSAGE = KERNEL_STALE_MESSAGE


# --- Reading ----------------------------------------------------------------------------


def lifepath_limit(campaign: Campaign | None) -> int:
    return drifting_rules_for(campaign).lifepath_count


def loss_margin_step(campaign: Campaign | None) -> int:
    return drifting_rules_for(campaign).loss_margin_step


def physical_dice_allowed(campaign: Campaign | None) -> bool:
    return drifting_rules_for(campaign).physical_dice_allowed


def lifepaths_available(campaign: Campaign | None) -> QuerySet[Lifepath]:
    """The shared starter set plus the campaign's own lifepaths, as the tables hold them
    now (the GM's campaign page); a character reads its own `character_lifepaths`."""
    scope = Q(campaign__isnull=True)
    if campaign is not None:
        scope |= Q(campaign=campaign)
    return Lifepath.objects.filter(scope).prefetch_related("grants", "requires")


def drifting_campaigns_for(user: AbstractBaseUser) -> QuerySet[Campaign]:
    return campaigns_for_user(user).filter(game=DRIFTING)


def character_lifepaths(character: Character) -> tuple[PinnedLifepath, ...]:
    """The lifepaths open to the character: its pinned set, never the tables as they are
    now (the current set only while it has none, started before any was loaded)."""
    digest = character.rule_version_id or current_lifepath_version(character.campaign)
    return lifepaths_for_version(digest)


def chosen_lifepaths(character: Character) -> list[PinnedLifepath]:
    """The lifepaths chosen so far, in order, as the character's pinned data holds them."""
    pinned = {lifepath.pk: lifepath for lifepath in character_lifepaths(character)}
    chosen_ids = [
        str(key)
        for key in character.lifepaths.order_by("position").values_list("lifepath_id", flat=True)
    ]
    missing = [key for key in chosen_ids if key not in pinned]
    if missing:
        # Chosen before lifepaths were pinned, from outside the set pinned since (a
        # campaign changed): the row itself, which a chosen lifepath keeps from deletion.
        rows = Lifepath.objects.filter(pk__in=missing).prefetch_related("grants", "requires")
        pinned.update({str(row.pk): pinned_from_row(row) for row in rows})
    return [pinned[key] for key in chosen_ids]


def _pin_lifepaths(character: Character, campaign: Campaign | None) -> None:
    """Pin the lifepaths open in `campaign` now, if the lifepaths chosen so far are among
    them and still follow one another (raises DriftingError otherwise)."""
    digest = lifepath_version_for(campaign)
    if digest is None or digest == character.rule_version_id:
        return
    where = campaign.name if campaign else "play outside any campaign"
    try:
        lifepaths_under(chosen_lifepaths(character), digest, where=where)
    except rules.DriftingError as error:
        raise rules.DriftingError(f"{error} Take it back first.") from error
    character.rule_version_id = digest


def creation_tokens(character: Character) -> dict[str, rules.TokenState]:
    """The tokens the chosen lifepaths add up to, type by type."""
    return rules.tokens_from_lifepaths([path.as_rules() for path in chosen_lifepaths(character)])


def token_sheet(character: Character) -> dict[str, rules.TokenState]:
    return rules.sheet_from(token.as_rules() for token in character.tokens.all())


def waiting_assists(character: Character) -> list[PendingAssist]:
    """Assists the character's next roll will use: the oldest, as many as a roll takes.

    Helpers are refused once three wait, but two assisting at the same moment could
    pass that check together; a fourth then waits for the roll after.
    """
    waiting = character.assists_waiting.filter(used_by__isnull=True).select_related("helper")
    return list(waiting[: rules.MAX_EXTRA_DICE])


def campaign_companions(character: Character) -> QuerySet[Character]:
    """Other finished Drifting characters in the same campaign (to assist or share with)."""
    if character.campaign_id is None:
        return Character.objects.none()
    return Character.objects.filter(
        campaign_id=character.campaign_id, step=CreationStep.FINISHED
    ).exclude(pk=character.pk)


# --- Writing: the log and the one-time key -------------------------------------------------


def _log(
    character: Character,
    *,
    kind: str,
    summary: str,
    sequence: int | None = None,
    **fields: object,
) -> LogEntry:
    return LogEntry.objects.create(
        character=character,
        sequence=character.next_sequence if sequence is None else sequence,
        kind=kind,
        summary=summary,
        **fields,
    )


def replayed_entry(character: Character, *, key: object, kind: str) -> LogEntry | None:
    """The row a form with this one-time key already wrote, if any (see the kernel)."""
    return already_written(LogEntry, character, key, (kind,))


def _once(
    character: Character, *, key: int, kind: str, action: Callable[[Character], LogEntry]
) -> LogEntry:
    """Run `action` once for this key; a repeat returns the row the first run saved.

    `action` reads, works everything out, then writes its log row at `key` before any
    other row, so a concurrent second run fails on the constraint before it has
    changed anything (and waits for nothing but the first run's commit).
    """

    def replayed() -> LogEntry | None:
        return LogEntry.objects.filter(character=character, sequence=key, kind=kind).first()

    try:
        with transaction.atomic():
            # Locked first (the kernel's order): a second click waits here for the first.
            current = (
                Character.objects.select_for_update(of=("self",))
                .select_related("campaign")
                .get(pk=character.pk)
            )
            earlier = replayed()
            if earlier is not None:
                return earlier
            # Read before `action` reads the sheet: see the module docstring.
            if key != current.next_sequence:
                raise StaleForm(STALE_MESSAGE)
            return action(current)
    except IntegrityError:
        # A concurrent request wrote this sequence first: show what it saved.
        earlier = replayed()
        if earlier is None:
            raise StaleForm(STALE_MESSAGE) from None
        return earlier


APPEND_ATTEMPTS = 3
# A new sheet and the fields of the log row that explains it.
SheetChange = tuple[dict[str, rules.TokenState], dict[str, Any]]


def _append(
    character: Character,
    build: Callable[[dict[str, rules.TokenState]], SheetChange | None],
) -> LogEntry | None:
    """Change a character's sheet for someone else's action (a shared mark, the GM's refresh).

    No form key here, so the sequence is read first, then the sheet; `build` returns the
    new sheet and the log row's fields (or None: nothing to do). If the character's own
    action claimed that sequence meanwhile, the savepoint rolls back and it is read again.
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            with transaction.atomic():
                sequence = character.next_sequence
                built = build(token_sheet(character))
                if built is None:
                    return None
                sheet, fields = built
                entry = _log(character, sequence=sequence, **fields)
                _save_sheet(character, sheet)
                return entry
        except IntegrityError:
            if attempt == APPEND_ATTEMPTS:
                raise


def _save_sheet(character: Character, sheet: Mapping[str, rules.TokenState]) -> None:
    existing = {token.name: token for token in character.tokens.all()}
    for order, (name, state) in enumerate(sheet.items()):
        row = existing.get(name) or CharacterToken(character=character, name=name, order=order)
        row.kind = state.kind.value
        row.held = state.held
        row.depleted = state.depleted
        row.lost = state.lost
        row.checks = state.checks
        row.shared_marks = state.shared_marks
        row.save()


def _editable_creation(character: Character) -> None:
    if character.is_finished:
        raise rules.DriftingError("This character is finished; creation can no longer change.")


# --- Creation ------------------------------------------------------------------------------


@transaction.atomic
def character_start(*, owner: AbstractBaseUser) -> Character:
    """A blank character, saved the moment the player starts (refused at the cap of
    unfinished characters, settings.MAX_DRIFTING_DRAFTS), with the starter lifepaths as
    they are now (its campaign's own are added when it joins one)."""
    cap = creation_cap("MAX_DRIFTING_DRAFTS")
    unfinished = Character.objects.filter(owner_id=owner.pk).exclude(step=CreationStep.FINISHED)
    if creation_cap_reached(owner=owner, cap=cap, count=unfinished.count):
        raise rules.DriftingError(
            f"You already have {cap} unfinished Drifting characters, the most one player may "
            "keep. Finish or delete one of them before starting another."
        )
    character = Character.objects.create(owner=owner, rule_version_id=lifepath_version_for(None))
    _log(character, kind=LogKind.STARTED, summary="Started a Drifting character.")
    return character


@transaction.atomic
def character_set_concept(
    *, character: Character, name: str, concept: str, campaign: Campaign | None
) -> Character:
    _editable_creation(character)
    if campaign is not None:
        if not drifting_campaigns_for(character.owner).filter(pk=campaign.pk).exists():
            raise rules.DriftingError("Choose one of your Drifting campaigns.")
        chosen = character.lifepaths.count()
        if chosen > lifepath_limit(campaign):
            raise rules.DriftingError(
                f"{campaign.name} allows {lifepath_limit(campaign)} lifepaths; "
                f"this character already has {chosen}. Take some back first."
            )
    if campaign != character.campaign or character.rule_version_id is None:
        # The lifepaths open to it are those of its new campaign, as they are now.
        _pin_lifepaths(character, campaign)
    character.name = name.strip()
    character.concept = concept.strip()
    character.campaign = campaign
    if character.step == CreationStep.CONCEPT:
        character.step = CreationStep.LIFEPATHS
    character.save()
    where = f" in {campaign.name}" if campaign else " outside any campaign"
    _log(
        character,
        kind=LogKind.CONCEPT,
        summary=f"{character.name}: {character.concept or 'no concept yet'}{where}.",
        details={"name": character.name, "concept": character.concept},
    )
    return character


@transaction.atomic
def character_add_lifepath(
    *, character: Character, lifepath: Lifepath | PinnedLifepath | str, position: int
) -> None:
    """Add the next lifepath (a row, a pinned lifepath or its id) from the character's
    pinned set. `position` is the form's one-time key: a repeat is harmless."""
    _editable_creation(character)
    if character.step == CreationStep.CONCEPT:
        raise rules.DriftingError("Give the character a name and concept first.")
    key = lifepath if isinstance(lifepath, str) else str(lifepath.pk)
    chosen = chosen_lifepaths(character)
    if position < len(chosen):
        if chosen[position].pk == key:
            return  # the same choice posted again
        raise StaleForm(STALE_MESSAGE)
    if position > len(chosen):
        raise StaleForm(STALE_MESSAGE)
    if character.rule_version_id is None:
        _pin_lifepaths(character, character.campaign)
        character.save(update_fields=["rule_version", "updated"])
    candidate = next((path for path in character_lifepaths(character) if path.pk == key), None)
    if candidate is None:
        raise rules.DriftingError("That lifepath is not available to this character.")
    rules.check_lifepath_choice(
        [path.as_rules() for path in chosen],
        candidate.as_rules(),
        limit=lifepath_limit(character.campaign),
    )
    if not Lifepath.objects.filter(pk=candidate.pk).exists():
        raise rules.DriftingError(
            f"{candidate.name} was withdrawn after this character was started; choose another."
        )
    ChosenLifepath.objects.create(character=character, position=position, lifepath_id=candidate.pk)
    character.step = CreationStep.LIFEPATHS
    character.save(update_fields=["step", "updated"])
    _log(
        character,
        kind=LogKind.LIFEPATH,
        summary=f"Lifepath {position + 1}: {candidate.name} ({candidate.grants_text}).",
        details={"lifepath": candidate.pk, "position": position},
    )


@transaction.atomic
def character_undo_lifepath(*, character: Character, position: int) -> None:
    """Take back the last lifepath (no dice were rolled for it, so it may be undone)."""
    _editable_creation(character)
    last = character.lifepaths.order_by("-position").first()
    if last is None or last.position != position:
        if last is None or last.position < position:
            return  # already taken back
        raise StaleForm(STALE_MESSAGE)
    name = chosen_lifepaths(character)[-1].name
    last.delete()
    character.step = CreationStep.LIFEPATHS
    character.save(update_fields=["step", "updated"])
    _log(character, kind=LogKind.LIFEPATH_UNDONE, summary=f"Took back lifepath: {name}.")


@transaction.atomic
def character_review(*, character: Character) -> None:
    _editable_creation(character)
    limit = lifepath_limit(character.campaign)
    chosen = character.lifepaths.count()
    if chosen != limit:
        raise rules.DriftingError(f"Choose {limit} lifepaths before the review; {chosen} so far.")
    character.step = CreationStep.REVIEW
    character.save(update_fields=["step", "updated"])


@transaction.atomic
def character_finish(*, character: Character) -> Character:
    """Turn the lifepaths into the token sheet the character plays with."""
    if character.is_finished:
        raise rules.DriftingError("This character is already finished.")
    if character.step != CreationStep.REVIEW:
        raise rules.DriftingError("Review the lifepaths before finishing.")
    if not character.name:
        raise rules.DriftingError("The character needs a name.")
    limit = lifepath_limit(character.campaign)
    if character.lifepaths.count() != limit:
        raise rules.DriftingError(f"Choose {limit} lifepaths before finishing.")
    tokens = creation_tokens(character)
    _save_sheet(character, tokens)
    character.step = CreationStep.FINISHED
    character.save(update_fields=["step", "updated"])
    listed = ", ".join(f"{state.name} ×{state.held}" for state in tokens.values())
    _log(character, kind=LogKind.FINISHED, summary=f"Finished with tokens: {listed}.")
    return character


# --- The token sheet in play ------------------------------------------------------------------


def _in_play(character: Character) -> None:
    if not character.is_finished:
        raise rules.DriftingError("Finish creating the character before playing with tokens.")


@dataclass(frozen=True)
class RollChoices:
    """What the player ticked on the roll form."""

    applicable: tuple[str, ...] = ()
    deplete: Mapping[str, int] | None = None
    share_token: str | None = None
    share_with: Character | None = None
    entered_faces: tuple[int, ...] | None = None


def roll_plan(character: Character, choices: RollChoices) -> rules.TokenRollPlan:
    """The plan for these choices (for the odds shown before rolling). Raises RulesError."""
    assists = [rules.Assist(a.helper.name, a.token) for a in waiting_assists(character)]
    return rules.plan_token_roll(
        token_sheet(character),
        applicable=choices.applicable,
        deplete=choices.deplete,
        assists=assists,
        share=choices.share_token if choices.share_with else None,
    )


def character_roll(*, character: Character, key: int, choices: RollChoices) -> LogEntry:
    """Roll with tokens: saved to the log (faces, what was used, result) before it is shown."""
    _in_play(character)

    def act(locked: Character) -> LogEntry:
        if choices.share_token and choices.share_with is None:
            raise rules.DriftingError("Choose who receives the shared check mark.")
        if (
            choices.share_with is not None
            and not campaign_companions(locked).filter(pk=choices.share_with.pk).exists()
        ):
            raise rules.DriftingError("Share only with another character in this campaign.")
        if choices.entered_faces is not None and not physical_dice_allowed(locked.campaign):
            raise rules.DriftingError("This campaign rolls on the server only.")
        sheet = token_sheet(locked)
        assists = waiting_assists(locked)
        plan = rules.plan_token_roll(
            sheet,
            applicable=choices.applicable,
            deplete=choices.deplete,
            assists=[rules.Assist(assist.helper.name, assist.token) for assist in assists],
            share=choices.share_token if choices.share_with else None,
        )
        dice = (
            entered_roll(plan.dice, choices.entered_faces)
            if choices.entered_faces is not None
            else roll(plan.dice)
        )
        result = rules.resolve_token_roll(plan, dice.faces)
        after = rules.apply_token_roll(sheet, plan)
        gains_due = [name for name, _ in plan.check_marks if after[name].gain_due]
        lines = [*plan.explanation(), result.explanation()]
        marks = ", ".join(f"{name} +{count}" for name, count in plan.check_marks)
        if marks:
            lines.append(f"Check marks: {marks}.")
        lines += [f"{name} has enough check marks for another token." for name in gains_due]
        if choices.share_with is not None and choices.share_token:
            lines.append(f"One {choices.share_token} check mark shared with {choices.share_with}.")
        entry = _log(
            locked,
            sequence=key,
            kind=LogKind.ROLL,
            summary=f"Rolled {dice.spec.count} dice +{plan.modifier}: total {result.total}.",
            faces=list(dice.faces),
            entered=dice.entered,
            total=result.total,
            details={
                "kept_positions": list(result.kept_positions),
                "counted": [counted for _face, _kept, counted in result.dice()],
                "modifier": plan.modifier,
                "applicable": list(choices.applicable),
                "depleted": dict(plan.depleted),
                "check_marks": dict(plan.check_marks),
                "assists": [f"{a.helper}'s {a.token}" for a in plan.assists],
                "explanation": lines,
                "gains_due": gains_due,
            },
        )
        _save_sheet(locked, after)
        PendingAssist.objects.filter(pk__in=[assist.pk for assist in assists]).update(used_by=entry)
        if choices.share_with is not None and choices.share_token:
            _receive_shared_mark(
                choices.share_with, token=choices.share_token, kind=sheet[choices.share_token].kind
            )
        return entry

    return _once(character, key=key, kind=LogKind.ROLL, action=act)


def _receive_shared_mark(recipient: Character, *, token: str, kind: rules.TokenKind) -> None:
    def build(sheet: dict[str, rules.TokenState]) -> SheetChange:
        sheet, shared = rules.receive_shared_mark(sheet, token=token, kind=kind)
        return sheet, {"kind": LogKind.SHARED_MARK, "summary": shared.explanation()}

    _append(recipient, build)


def character_assist(*, helper: Character, recipient: Character, token: str, key: int) -> LogEntry:
    """Deplete one of the helper's tokens to give `recipient`'s next roll a die and +1."""
    _in_play(helper)

    def act(locked: Character) -> LogEntry:
        if not campaign_companions(locked).filter(pk=recipient.pk).exists():
            raise rules.DriftingError("Assist only another character in this campaign.")
        if len(waiting_assists(recipient)) >= rules.MAX_EXTRA_DICE:
            raise rules.DriftingError(
                f"{recipient.name}'s next roll already has {rules.MAX_EXTRA_DICE} assists "
                f"waiting, as many dice as a roll can add."
            )
        sheet, assist = rules.assist_deplete(token_sheet(locked), token=token, helper=locked.name)
        entry = _log(
            locked,
            sequence=key,
            kind=LogKind.ASSIST,
            summary=(
                f"Depleted {assist.token} to give {recipient.name}'s next roll a die and +1 "
                f"(two {token} check marks)."
            ),
            details={"recipient": str(recipient.pk), "token": token},
        )
        _save_sheet(locked, sheet)
        PendingAssist.objects.create(recipient=recipient, helper=locked, token=token)
        return entry

    return _once(helper, key=key, kind=LogKind.ASSIST, action=act)


def character_gain_token(*, character: Character, token: str, key: int) -> LogEntry:
    _in_play(character)

    def act(locked: Character) -> LogEntry:
        sheet = rules.gain_token(token_sheet(locked), token=token)
        entry = _log(
            locked,
            sequence=key,
            kind=LogKind.GAIN,
            summary=f"Gained a {token} token from check marks (now {sheet[token].held}).",
            details={"token": token},
        )
        _save_sheet(locked, sheet)
        return entry

    return _once(character, key=key, kind=LogKind.GAIN, action=act)


def character_lose_tokens(
    *,
    character: Character,
    key: int,
    own_total: int,
    opponent_total: int,
    related: Sequence[str],
    choices: Mapping[str, int],
) -> LogEntry:
    """Lose tokens after a harmful loss, by the campaign's margin step.

    `choices` is how many of each type the player picks beyond the related types.
    """
    _in_play(character)
    rules.check_roll_total(own_total)
    rules.check_roll_total(opponent_total)

    def act(locked: Character) -> LogEntry:
        step = loss_margin_step(locked.campaign)
        sheet, loss = rules.lose_tokens(
            token_sheet(locked),
            margin=opponent_total - own_total,
            related=related,
            choices=choices,
            step=step,
        )
        names = ", ".join(token.name for token in loss.lost) or "nothing left to lose"
        entry = _log(
            locked,
            sequence=key,
            kind=LogKind.LOSS,
            summary=f"Lost by {opponent_total - own_total} ({own_total} against "
            f"{opponent_total}): {names}.",
            details={
                "explanation": list(loss.explanation()),
                "step": step,
                "related": list(related),
                "lost": [
                    {"token": token.name, "depleted": token.was_depleted, "why": token.reason}
                    for token in loss.lost
                ],
            },
        )
        _save_sheet(locked, sheet)
        return entry

    return _once(character, key=key, kind=LogKind.LOSS, action=act)


def _refresh_row(refresh: rules.Refresh) -> dict[str, Any]:
    return {
        "kind": LogKind.REFRESH,
        "summary": "Tokens refresh: " + " ".join(refresh.explanation()),
        "details": {"added": list(refresh.added), "restored": dict(refresh.restored)},
    }


def character_refresh(*, character: Character, key: int) -> LogEntry:
    """The player's own refresh, for a character outside any campaign."""
    _in_play(character)
    if character.campaign_id is not None:
        raise rules.DriftingError("In a campaign, the GM says when tokens refresh.")

    def act(current: Character) -> LogEntry:
        sheet, refresh = rules.refresh_tokens(token_sheet(current))
        entry = _log(current, sequence=key, **_refresh_row(refresh))
        _save_sheet(current, sheet)
        return entry

    return _once(character, key=key, kind=LogKind.REFRESH, action=act)


@transaction.atomic
def campaign_refresh(*, campaign: Campaign, by: AbstractBaseUser) -> int:
    """The GM's refresh for every finished character in the campaign; returns how many changed.

    Repeating it changes nothing more: a character with nothing to restore is left alone
    and gets no log row. Two refreshes at once both read a depleted token, claim the
    same log sequence, and the second, read again after the first commits, finds
    nothing left to restore.
    """
    if not campaign.is_gm(by):
        raise rules.DriftingError("Only the campaign's GM says when tokens refresh.")

    def build(
        sheet: dict[str, rules.TokenState],
    ) -> SheetChange | None:
        refreshed, refresh = rules.refresh_tokens(sheet)
        if not (refresh.restored or refresh.added):
            return None
        return refreshed, _refresh_row(refresh)

    # One order for every refresh, so two at once meet on the same character first.
    characters = Character.objects.filter(campaign=campaign, step=CreationStep.FINISHED).order_by(
        "pk"
    )
    return sum(_append(character, build) is not None for character in characters)


@transaction.atomic
def campaign_lifepath_add(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    name: str,
    description: str,
    region: str,
    grants: Sequence[rules.TokenGrant],
) -> Lifepath:
    """A GM's own lifepath for their campaign (house content)."""
    if not campaign.is_gm(by):
        raise rules.DriftingError("Only the campaign's GM adds lifepaths to it.")
    rules.check_lifepath_grants(grants)
    slug = slugify(name)[:60] or "lifepath"
    if Lifepath.objects.filter(campaign=campaign, slug=slug).exists():
        raise rules.DriftingError(f"{campaign.name} already has a lifepath called {name}.")
    lifepath = Lifepath.objects.create(
        campaign=campaign,
        slug=slug,
        name=name.strip(),
        description=description.strip(),
        region=region.strip(),
        order=1000,
    )
    for grant in grants:
        lifepath.grants.create(kind=grant.kind.value, name=grant.name, count=grant.count)
    return lifepath
