"""One function per thing a Drifting player or GM does with a token sheet in play,
each in one transaction; creation is in services_creation.py, reads in selectors.py,
and the log's one-time key in sheet_writes.py (all re-exported here for callers).

Every change writes a row to the character's log through the kernel (sheet_writes.py):
the character row is locked first, then the form's key is checked, then the sheet is
replayed from the log and each `build` returns the row (recording what it changes)
with the sheet the rules made; the token snapshot follows from a replay, in the same
transaction. The unique (character, sequence) on the log stands behind the lock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.drifting.lifepath_drafts import campaign_lifepath_add
from chargen.drifting.models import (
    Character,
    CreationStep,
    LogEntry,
    LogKind,
    PendingAssist,
)
from chargen.drifting.selectors import (
    campaign_companions,
    character_lifepaths,
    chosen_lifepaths,
    creation_tokens,
    drifting_campaigns_for,
    lifepath_limit,
    lifepaths_available,
    loss_margin_step,
    physical_dice_allowed,
    token_sheet,
    waiting_assists,
)
from chargen.drifting.services_creation import (
    character_add_lifepath,
    character_finish,
    character_review,
    character_set_concept,
    character_start,
    character_undo_lifepath,
)
from chargen.drifting.services_table import clean_note
from chargen.drifting.sheet_writes import (
    IN_PLAY_MESSAGE,
    STALE_MESSAGE,
    Built,
    StaleForm,
    log_sheet,
    replayed_entry,
    sheet_action,
    sheet_append,
    sheet_append_each,
)
from rules import drifting as rules
from rules.dice import entered_roll, roll
from rules.typed_dice import typed_roll

__all__ = [
    "STALE_MESSAGE",
    "StaleForm",
    "campaign_companions",
    "campaign_lifepath_add",
    "character_add_lifepath",
    "character_finish",
    "character_lifepaths",
    "character_review",
    "character_set_concept",
    "character_start",
    "character_undo_lifepath",
    "chosen_lifepaths",
    "creation_tokens",
    "drifting_campaigns_for",
    "lifepath_limit",
    "lifepaths_available",
    "log_sheet",
    "loss_margin_step",
    "physical_dice_allowed",
    "replayed_entry",
    "token_sheet",
    "waiting_assists",
]


# --- The token sheet in play ------------------------------------------------------------------


def _in_play(character: Character) -> None:
    # Before any lock: a form posted for a draft is refused at once (checked again locked).
    if not character.is_finished:
        raise rules.DriftingError(IN_PLAY_MESSAGE)


@dataclass(frozen=True)
class RollChoices:
    """What the player ticked on the roll form."""

    applicable: tuple[str, ...] = ()
    deplete: Mapping[str, int] | None = None
    share_token: str | None = None
    share_with: Character | None = None
    # The faces of physical dice: as typed ("3 4", "3,4", "34"), or already read.
    entered_faces: str | tuple[int, ...] | None = None
    # What the roll was for ("dodge the patrol"), kept in its log row.
    note: str = ""


def roll_plan(
    character: Character,
    choices: RollChoices,
    *,
    sheet: Mapping[str, rules.TokenState] | None = None,
    waiting: Sequence[PendingAssist] | None = None,
) -> rules.TokenRollPlan:
    """The plan for these choices (for the odds shown before rolling). Raises RulesError.

    `sheet` and `waiting` are the character's token sheet and waiting assists when the
    page has already read them (the sheet's page: one query each, not one per use)."""
    waiting = waiting_assists(character) if waiting is None else waiting
    assists = [rules.Assist(a.helper.name, a.token) for a in waiting]
    return rules.plan_token_roll(
        token_sheet(character) if sheet is None else sheet,
        applicable=choices.applicable,
        deplete=choices.deplete,
        assists=assists,
        share=choices.share_token if choices.share_with else None,
    )


def character_roll(*, character: Character, key: int, choices: RollChoices) -> LogEntry:
    """Roll with tokens: saved to the log (faces, what was used, result, the player's
    note) before it is shown."""
    _in_play(character)
    note = clean_note(choices.note)
    used: list[PendingAssist] = []
    shared_kind: list[rules.TokenKind] = []

    def build(
        locked: Character, sheet: dict[str, rules.TokenState], _log_so_far: list[LogEntry]
    ) -> Built:
        if choices.share_token and choices.share_with is None:
            raise rules.DriftingError("Choose who receives the shared check mark.")
        if (
            choices.share_with is not None
            and not campaign_companions(locked).filter(pk=choices.share_with.pk).exists()
        ):
            raise rules.DriftingError("Share only with another character in this campaign.")
        if choices.entered_faces is not None and not physical_dice_allowed(locked.campaign):
            raise rules.DriftingError("This campaign rolls on the server only.")
        used.extend(waiting_assists(locked))
        plan = rules.plan_token_roll(
            sheet,
            applicable=choices.applicable,
            deplete=choices.deplete,
            assists=[rules.Assist(assist.helper.name, assist.token) for assist in used],
            share=choices.share_token if choices.share_with else None,
        )
        typed = choices.entered_faces
        if typed is None:
            dice = roll(plan.dice)
        elif isinstance(typed, str):
            dice = typed_roll(plan.dice, typed)
        else:
            dice = entered_roll(plan.dice, typed)
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
            shared_kind.append(sheet[choices.share_token].kind)
        row = LogEntry(
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
                # What replay folds (rules.drifting.replay): the sheet's change.
                "depleted": dict(plan.depleted),
                "check_marks": dict(plan.check_marks),
                "assists": [f"{a.helper}'s {a.token}" for a in plan.assists],
                "explanation": lines,
                "gains_due": gains_due,
                **({"note": note} if note else {}),
            },
        )
        return row, after

    def after(locked: Character, entry: LogEntry) -> None:
        PendingAssist.objects.filter(pk__in=[assist.pk for assist in used]).update(used_by=entry)
        if choices.share_with is not None and choices.share_token:
            _receive_shared_mark(choices.share_with, token=choices.share_token, kind=shared_kind[0])

    # Locked with the roller: Linda sharing with Jim at once waits, no deadlock (the kernel).
    recipient = () if choices.share_with is None else (choices.share_with,)
    return sheet_action(
        character, key=key, kind=LogKind.ROLL, build=build, after=after, also_lock=recipient
    )


def _receive_shared_mark(recipient: Character, *, token: str, kind: rules.TokenKind) -> None:
    def build(sheet: dict[str, rules.TokenState]) -> Built:
        received, shared = rules.receive_shared_mark(sheet, token=token, kind=kind)
        row = LogEntry(
            kind=LogKind.SHARED_MARK,
            summary=shared.explanation(),
            details={"token": token, "token_kind": kind.value},
        )
        return row, received

    sheet_append(recipient, build)


def character_assist(*, helper: Character, recipient: Character, token: str, key: int) -> LogEntry:
    """Deplete one of the helper's tokens to give `recipient`'s next roll a die and +1."""
    _in_play(helper)

    def build(
        locked: Character, sheet: dict[str, rules.TokenState], _log_so_far: list[LogEntry]
    ) -> Built:
        if not campaign_companions(locked).filter(pk=recipient.pk).exists():
            raise rules.DriftingError("Assist only another character in this campaign.")
        if len(waiting_assists(recipient)) >= rules.MAX_EXTRA_DICE:
            raise rules.DriftingError(
                f"{recipient.name}'s next roll already has {rules.MAX_EXTRA_DICE} assists "
                f"waiting, as many dice as a roll can add."
            )
        depleted, assist = rules.assist_deplete(sheet, token=token, helper=locked.name)
        row = LogEntry(
            kind=LogKind.ASSIST,
            summary=(
                f"Depleted {assist.token} to give {recipient.name}'s next roll a die and +1 "
                f"(two {token} check marks)."
            ),
            details={"recipient": str(recipient.pk), "token": token},
        )
        return row, depleted

    def after(locked: Character, _entry: LogEntry) -> None:
        PendingAssist.objects.create(recipient=recipient, helper=locked, token=token)

    return sheet_action(helper, key=key, kind=LogKind.ASSIST, build=build, after=after)


def character_gain_token(*, character: Character, token: str, key: int) -> LogEntry:
    _in_play(character)

    def build(
        _locked: Character, sheet: dict[str, rules.TokenState], _log_so_far: list[LogEntry]
    ) -> Built:
        gained = rules.gain_token(sheet, token=token)
        row = LogEntry(
            kind=LogKind.GAIN,
            summary=f"Gained a {token} token from check marks (now {gained[token].held}).",
            details={"token": token},
        )
        return row, gained

    return sheet_action(character, key=key, kind=LogKind.GAIN, build=build)


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

    def build(
        locked: Character, sheet: dict[str, rules.TokenState], _log_so_far: list[LogEntry]
    ) -> Built:
        step = loss_margin_step(locked.campaign)
        after, loss = rules.lose_tokens(
            sheet,
            margin=opponent_total - own_total,
            related=related,
            choices=choices,
            step=step,
        )
        names = ", ".join(token.name for token in loss.lost) or "nothing left to lose"
        row = LogEntry(
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
        return row, after

    return sheet_action(character, key=key, kind=LogKind.LOSS, build=build)


def _refresh_row(refresh: rules.Refresh) -> LogEntry:
    return LogEntry(
        kind=LogKind.REFRESH,
        summary="Tokens refresh: " + " ".join(refresh.explanation()),
        details={"added": list(refresh.added), "restored": dict(refresh.restored)},
    )


def character_refresh(*, character: Character, key: int) -> LogEntry:
    """The player's own refresh, for a character outside any campaign."""
    _in_play(character)

    def build(
        locked: Character, sheet: dict[str, rules.TokenState], _log_so_far: list[LogEntry]
    ) -> Built:
        if locked.campaign_id is not None:
            raise rules.DriftingError("In a campaign, the GM says when tokens refresh.")
        refreshed, refresh = rules.refresh_tokens(sheet)
        return _refresh_row(refresh), refreshed

    return sheet_action(character, key=key, kind=LogKind.REFRESH, build=build)


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

    def build(sheet: dict[str, rules.TokenState]) -> Built | None:
        refreshed, refresh = rules.refresh_tokens(sheet)
        if not (refresh.restored or refresh.added):
            return None
        return _refresh_row(refresh), refreshed

    finished = Character.objects.filter(campaign=campaign, step=CreationStep.FINISHED)
    return sheet_append_each(finished, build)
