"""Survival in the wizard's services under each campaign's house rules: death, a setback's
cost, and the book's choice between them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import services
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.infinity_drive.services_helpers import progress, started_under, to_first_survival
from tests.chargen.infinity_drive.steps import next_sequence, survive


def test_death_keeps_the_character_marked_dead(campaign: Campaign, player: User) -> None:
    campaign_draft = started_under(campaign, player, survival_failure="death")
    to_first_survival(campaign_draft)
    survive(campaign_draft, "1 1")  # 2 does not beat 3
    campaign_draft.refresh_from_db()
    assert campaign_draft.status == CharacterStatus.DEAD
    assert progress(campaign_draft).state.dead
    with pytest.raises(StepRefused, match="dead"):
        services.character_roll_skill(
            character=campaign_draft, expected_sequence=next_sequence(campaign_draft)
        )


def test_a_setback_costs_a_roll_and_a_characteristic(campaign: Campaign, player: User) -> None:
    campaign_draft = started_under(campaign, player, survival_failure="setback")
    to_first_survival(campaign_draft)
    before = progress(campaign_draft).state
    survive(campaign_draft, "1 2")
    assert progress(campaign_draft).state.expecting == "setback"
    services.character_choose_setback(
        character=campaign_draft,
        expected_sequence=next_sequence(campaign_draft),
        characteristic="Grc",
    )
    after = progress(campaign_draft).state
    assert after.characteristics["Grc"] == before.characteristics["Grc"] - 1
    assert after.rolls_left == before.rolls_left - 1


def test_under_the_book_the_player_chooses_death_or_setback(draft: Character) -> None:
    to_first_survival(draft)
    survive(draft, "1 1")
    assert progress(draft).state.expecting == "survival_outcome"
    services.character_choose_survival_outcome(
        character=draft, expected_sequence=next_sequence(draft), outcome="death"
    )
    draft.refresh_from_db()
    assert draft.status == CharacterStatus.DEAD
