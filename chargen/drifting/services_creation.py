"""Creating a Drifting character: concept, lifepaths in order, review and finish.

Each action runs in one transaction and writes a row to the character's log."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.core.limits import creation_cap, creation_cap_reached
from chargen.drifting.models import (
    Character,
    ChosenLifepath,
    CreationStep,
    Lifepath,
    LogKind,
)
from chargen.drifting.pinned import (
    PinnedLifepath,
    lifepath_version_for,
    lifepaths_under,
)
from chargen.drifting.selectors import (
    character_lifepaths,
    chosen_lifepaths,
    creation_tokens,
    drifting_campaigns_for,
    lifepath_limit,
)
from chargen.drifting.sheet_writes import (
    STALE_MESSAGE,
    StaleForm,
    _editable_creation,
    _log,
    snapshot_checked,
)
from rules import drifting as rules


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


# --- Creation ------------------------------------------------------------------------------


@transaction.atomic
def character_start(
    *, owner: User, campaign: Campaign | None = None, name: str = "", concept: str = ""
) -> Character:
    """A character saved the moment the player starts (refused at the cap of unfinished
    characters, settings.MAX_DRIFTING_DRAFTS), in `campaign` if given (one of the owner's
    Drifting campaigns), with the lifepaths open to it as they are now (a campaign's own
    are added when it joins one). Given a name, its concept is saved with it and the
    wizard opens at the lifepaths; without one it opens at the concept, to be named."""
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
        concept=concept.strip(),
        rule_version_id=lifepath_version_for(campaign),
    )
    _log(character, kind=LogKind.STARTED, summary="Started a Drifting character.")
    if name.strip():
        character_set_concept(character=character, name=name, concept=concept, campaign=campaign)
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
    character.step = CreationStep.FINISHED
    character.save(update_fields=["step", "updated"])
    listed = ", ".join(f"{state.name} ×{state.held}" for state in tokens.values())
    _log(
        character,
        kind=LogKind.FINISHED,
        summary=f"Finished with tokens: {listed}.",
        # The sheet's first state, which every later row's change is folded onto.
        details={"tokens": rules.sheet_payload(tokens)},
    )
    snapshot_checked(character, character.log.order_by("sequence"), tokens)
    return character
