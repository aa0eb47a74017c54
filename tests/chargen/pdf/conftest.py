"""Characters of all four game systems, finished, for the PDF tests."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.drifting.models import Character as Drifter
from chargen.infinity_drive.models import Character
from chargen.rollers import services as rollers
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from chargen.rulebook.services import rulebook_cache_clear
from rules import drifting as drifting_rules
from tests.chargen.drifting.conftest import make_played_character
from tests.chargen.rollers.conftest import add_speciality, set_mana, set_scores
from tests.e2e.test_print import finished_treva


@pytest.fixture(autouse=True)
def rules_data(db: None) -> None:
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()


@pytest.fixture
def treva(player: User) -> Character:
    """The book's Treva Donalson, finished, with the book's history (18 items)."""
    return finished_treva(player)


@pytest.fixture
def party(gm: User, player: User, other_player: User) -> Campaign:
    campaign = campaign_create(gm=gm, name="The Long Jump", approval_required=True)
    for member in (player, other_player):
        Membership.objects.create(campaign=campaign, user=member)
    return campaign


@pytest.fixture
def jim(player: User) -> Drifter:
    return make_played_character(
        player,
        "Jim",
        [
            drifting_rules.TokenState("Military", drifting_rules.TokenKind.BACKGROUND, held=1),
            drifting_rules.TokenState("Firearms", drifting_rules.TokenKind.FOCUS, held=2),
            drifting_rules.TokenState("Dodge", drifting_rules.TokenKind.FOCUS, held=1),
        ],
        None,
    )


@pytest.fixture
def leanne(player: User) -> UniqueCharacter:
    character = rollers.unique_character_create(owner=player, name="Leanne")
    character.attributes.filter(name="Precision").update(score=3)
    character.specials.create(name="delivery driver")
    return character


@pytest.fixture
def mage(player: User) -> ManaCharacter:
    character = rollers.mana_character_create(owner=player, name="The mage")
    set_mana(character, black=3, blue=2)
    set_scores(character, Cunning=3, Intelligence=3)
    for name, attribute in (("Deceit", "Cunning"), ("Artifice", "Intelligence")):
        add_speciality(character, name, attribute)
    return character
