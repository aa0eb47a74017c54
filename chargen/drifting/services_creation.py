"""Creating a Drifting character: concept, lifepaths in order, review and finish.

Each step that writes goes through the log kernel's `write_once` (chargen/core/log.py):
the character is locked, the form's one-time key (the log sequence it expects to
write) is checked before anything is validated, a repeat of the same form gets the
row already saved and any other stale form the kernel's `STALE_MESSAGE`. The chosen
lifepaths are a replay of the log (chargen/drifting/lifepath_log.py): taking one back
appends the kernel's undo row, and the `ChosenLifepath` snapshot is rewritten from
the replay in the same transaction."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import cast

from django.contrib.auth.models import User
from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.core.limits import creation_cap, creation_cap_reached
from chargen.core.log import FIRST_SEQUENCE, Written, write_once
from chargen.core.start_key import already_started
from chargen.drifting.lifepath_log import (
    newest_lifepath,
    replayed_lifepath_ids,
    save_lifepath_snapshot,
)
from chargen.drifting.models import (
    Character,
    CreationStep,
    Lifepath,
    LogEntry,
    LogKind,
)
from chargen.drifting.pinned import (
    PinnedLifepath,
    lifepath_version_for,
    lifepaths_under,
)
from chargen.drifting.selectors import (
    character_lifepaths,
    creation_tokens,
    drifting_campaigns_for,
    lifepath_limit,
    lifepaths_by_id,
)
from chargen.drifting.sheet_writes import (
    STALE_MESSAGE,
    StaleForm,
    editable_creation,
    snapshot_checked,
)
from rules import drifting as rules


def _replayed(character: Character, entries: list[LogEntry]) -> list[PinnedLifepath]:
    """The lifepaths the log chose, as the character's pinned data holds them."""
    return lifepaths_by_id(character, replayed_lifepath_ids(entries))


def _pin_lifepaths(
    character: Character, campaign: Campaign | None, chosen: list[PinnedLifepath]
) -> None:
    """Pin the lifepaths open in `campaign` now, if the lifepaths chosen so far are among
    them and still follow one another (raises DriftingError otherwise)."""
    digest = lifepath_version_for(campaign)
    if digest is None or digest == character.rule_version_id:
        return
    where = campaign.name if campaign else "play outside any campaign"
    try:
        lifepaths_under(chosen, digest, where=where)
    except rules.DriftingError as error:
        raise rules.DriftingError(f"{error} Take it back first.") from error
    character.rule_version_id = digest


def _creation_write(
    character: Character,
    *,
    key: int,
    kind: str,
    build: Callable[[Character, list[LogEntry]], LogEntry],
    after: Callable[[Character, list[LogEntry]], None] | None = None,
) -> Written[LogEntry]:
    """One creation row through the kernel; `build` gets the character as locked."""
    locked: list[Character] = []

    def after_write(entries: list[LogEntry]) -> None:
        if after is not None:
            after(locked[0], entries)

    return write_once(
        model=LogEntry,
        subject=character,
        expected_sequence=key,
        kinds=(kind,),
        build=lambda entries: build(locked[0], entries),
        after=after_write,
        locked=locked.append,
    )


# --- Creation ------------------------------------------------------------------------------


@transaction.atomic
def character_start(
    *,
    owner: User,
    campaign: Campaign | None = None,
    name: str = "",
    concept: str = "",
    start_key: uuid.UUID | None = None,
) -> Character:
    """A character saved the moment the player starts (refused at the cap of unfinished
    characters, settings.MAX_DRIFTING_DRAFTS), in `campaign` if given (one of the owner's
    Drifting campaigns), with the lifepaths open to it as they are now (a campaign's own
    are added when it joins one). Given a name, its concept is saved with it and the
    wizard opens at the lifepaths; without one it opens at the concept, to be named.

    With the start form's `start_key`, a second POST of that form (a double-click on
    Start) gets the character the first one made: the owner's row is locked first, so
    the second waits for the first and then finds its character."""
    made = already_started(Character, owner, start_key)
    if made is not None:
        return cast(Character, made)
    if campaign is not None and not drifting_campaigns_for(owner).filter(pk=campaign.pk).exists():
        raise rules.DriftingError("Choose one of your Drifting campaigns.")
    cap = creation_cap("MAX_DRIFTING_DRAFTS")
    unfinished = Character.objects.filter(owner_id=owner.pk).exclude(step=CreationStep.FINISHED)
    if creation_cap_reached(owner=owner, cap=cap, count=unfinished.count):
        raise rules.DriftingError(
            f"You already have {cap} unfinished Drifting characters, the most one player may "
            "keep. Finish or delete one of them before starting another."
        )
    character = Character.objects.create(
        owner=owner,
        campaign=campaign,
        start_key=start_key,
        concept=concept.strip(),
        rule_version_id=lifepath_version_for(campaign),
    )
    # A new character's log is empty: its first row is the only key there can be.
    started = _creation_write(
        character,
        key=FIRST_SEQUENCE,
        kind=LogKind.STARTED,
        build=lambda _locked, _entries: LogEntry(
            kind=LogKind.STARTED, summary="Started a Drifting character."
        ),
    )
    if name.strip():
        return character_set_concept(
            character=character,
            key=started.entry.sequence + 1,
            name=name,
            concept=concept,
            campaign=campaign,
        )
    return character


def character_set_concept(
    *, character: Character, key: int, name: str, concept: str, campaign: Campaign | None
) -> Character:
    """Name the character, describe it and choose its campaign (the concept row)."""

    def build(locked: Character, entries: list[LogEntry]) -> LogEntry:
        editable_creation(locked)
        chosen = _replayed(locked, entries)
        if campaign is not None:
            if not drifting_campaigns_for(locked.owner).filter(pk=campaign.pk).exists():
                raise rules.DriftingError("Choose one of your Drifting campaigns.")
            if len(chosen) > lifepath_limit(campaign):
                raise rules.DriftingError(
                    f"{campaign.name} allows {lifepath_limit(campaign)} lifepaths; "
                    f"this character already has {len(chosen)}. Take some back first."
                )
        if campaign != locked.campaign or locked.rule_version_id is None:
            # The lifepaths open to it are those of its new campaign, as they are now.
            _pin_lifepaths(locked, campaign, chosen)
        locked.name = name.strip()
        locked.concept = concept.strip()
        locked.campaign = campaign
        if locked.step == CreationStep.CONCEPT:
            locked.step = CreationStep.LIFEPATHS
        locked.save()
        where = f" in {campaign.name}" if campaign else " outside any campaign"
        return LogEntry(
            kind=LogKind.CONCEPT,
            summary=f"{locked.name}: {locked.concept or 'no concept yet'}{where}.",
            details={"name": locked.name, "concept": locked.concept},
        )

    _creation_write(character, key=key, kind=LogKind.CONCEPT, build=build)
    return Character.objects.get(pk=character.pk)


def character_add_lifepath(
    *, character: Character, lifepath: Lifepath | PinnedLifepath | str, key: int
) -> LogEntry:
    """Add the next lifepath (a row, a pinned lifepath or its id) from the character's
    pinned set, at the form's one-time `key`: the same choice posted again gets the row
    already saved; another choice at a key already used is stale."""
    wanted = lifepath if isinstance(lifepath, str) else str(lifepath.pk)

    def build(locked: Character, entries: list[LogEntry]) -> LogEntry:
        editable_creation(locked)
        if locked.step == CreationStep.CONCEPT:
            raise rules.DriftingError("Give the character a name and concept first.")
        chosen = _replayed(locked, entries)
        if locked.rule_version_id is None:
            _pin_lifepaths(locked, locked.campaign, chosen)
            locked.save(update_fields=["rule_version", "updated"])
        available = character_lifepaths(locked)
        candidate = next((path for path in available if path.pk == wanted), None)
        if candidate is None:
            raise rules.DriftingError("That lifepath is not available to this character.")
        rules.check_lifepath_choice(
            [path.as_rules() for path in chosen],
            candidate.as_rules(),
            limit=lifepath_limit(locked.campaign),
        )
        # Withdrawn: deleted here, or only recreated for an imported character's choice.
        if not Lifepath.objects.filter(pk=candidate.pk, restored_for_import=False).exists():
            raise rules.DriftingError(
                f"{candidate.name} was withdrawn after this character was started; choose another."
            )
        locked.step = CreationStep.LIFEPATHS
        locked.save(update_fields=["step", "updated"])
        position = len(chosen)
        return LogEntry(
            kind=LogKind.LIFEPATH,
            summary=f"Lifepath {position + 1}: {candidate.name} ({candidate.grants_text}).",
            details={"lifepath": candidate.pk, "position": position},
        )

    written = _creation_write(
        character,
        key=key,
        kind=LogKind.LIFEPATH,
        build=build,
        after=save_lifepath_snapshot,
    )
    if not written.created and written.entry.details.get("lifepath") != wanted:
        # Another tab chose a different lifepath at this key first: this one was not saved.
        raise StaleForm(STALE_MESSAGE)
    return written.entry


def character_undo_lifepath(*, character: Character, key: int) -> LogEntry:
    """Take back the newest lifepath still chosen (no dice were rolled for it, so it may
    be undone): the kernel's undo row is appended at `key`, and the lifepath row stays
    in the log, cancelled (the GM's log shows both)."""

    def build(locked: Character, entries: list[LogEntry]) -> LogEntry:
        editable_creation(locked)
        newest = newest_lifepath(entries)
        if newest is None:
            raise rules.DriftingError("There is no lifepath to take back.")
        name = lifepaths_by_id(locked, [newest.lifepath])[0].name
        locked.step = CreationStep.LIFEPATHS
        locked.save(update_fields=["step", "updated"])
        return LogEntry(
            kind=LogKind.UNDO,
            summary=f"Took back lifepath: {name}.",
            details={"cancels": newest.sequence, "lifepath": newest.lifepath},
        )

    written = _creation_write(
        character, key=key, kind=LogKind.UNDO, build=build, after=save_lifepath_snapshot
    )
    return written.entry


def character_review(*, character: Character, key: int) -> LogEntry:
    """Move on to the review once every lifepath is chosen, at the form's `key`."""

    def build(locked: Character, entries: list[LogEntry]) -> LogEntry:
        editable_creation(locked)
        limit = lifepath_limit(locked.campaign)
        chosen = _replayed(locked, entries)
        if len(chosen) != limit:
            raise rules.DriftingError(
                f"Choose {limit} lifepaths before the review; {len(chosen)} so far."
            )
        locked.step = CreationStep.REVIEW
        locked.save(update_fields=["step", "updated"])
        names = ", ".join(path.name for path in chosen)
        return LogEntry(kind=LogKind.REVIEW, summary=f"Reviewed the lifepaths: {names}.")

    written = _creation_write(character, key=key, kind=LogKind.REVIEW, build=build)
    character.step = CreationStep.REVIEW
    return written.entry


def character_finish(*, character: Character, key: int) -> Character:
    """Turn the lifepaths the log chose into the token sheet the character plays with,
    at the form's one-time `key` (a second click gets the finished character)."""
    made: list[dict[str, rules.TokenState]] = []

    def build(locked: Character, entries: list[LogEntry]) -> LogEntry:
        if locked.is_finished:
            raise rules.DriftingError("This character is already finished.")
        if locked.step != CreationStep.REVIEW:
            raise rules.DriftingError("Review the lifepaths before finishing.")
        if not locked.name:
            raise rules.DriftingError("The character needs a name.")
        limit = lifepath_limit(locked.campaign)
        chosen = _replayed(locked, entries)
        if len(chosen) != limit:
            raise rules.DriftingError(f"Choose {limit} lifepaths before finishing.")
        tokens = creation_tokens(locked, chosen)
        made.append(tokens)
        locked.step = CreationStep.FINISHED
        locked.save(update_fields=["step", "updated"])
        listed = ", ".join(f"{state.name} ×{state.held}" for state in tokens.values())
        return LogEntry(
            kind=LogKind.FINISHED,
            summary=f"Finished with tokens: {listed}.",
            # The sheet's first state, which every later row's change is folded onto.
            details={"tokens": rules.sheet_payload(tokens)},
        )

    def after(locked: Character, entries: list[LogEntry]) -> None:
        snapshot_checked(locked, entries, made[0])

    _creation_write(character, key=key, kind=LogKind.FINISHED, build=build, after=after)
    return Character.objects.get(pk=character.pk)
