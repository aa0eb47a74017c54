"""Each wizard step explains its rule under its heading, from the book, with the
campaign's numbers where house rules change them."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.services import character_start
from chargen.infinity_drive.wizard.stepper import STEPS
from chargen.rulebook.homebrew import book_career_hide
from tests.chargen.house_rules import set_house_rules
from tests.chargen.infinity_drive.steps import darrian, roll_book_characteristics
from tests.chargen.infinity_drive.test_homebrew_pinning import spacer


def _rule(client: Client, slug: str, character: Character) -> str:
    page = client.get(reverse(f"characters:{slug}", args=[character.id])).content.decode()
    found = re.search(r"<div class=\"step-rule[^\"]*\" data-step-rule>(.*?)</div>", page, re.S)
    assert found, f"the {slug} step explains no rule"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


@pytest.mark.parametrize("slug", [step.slug for step in STEPS])
def test_every_step_explains_its_rule(player_client: Client, draft: Character, slug: str) -> None:
    assert len(_rule(player_client, slug, draft)) > 120  # a sentence or two, not a label


def test_characteristics_says_what_each_does_and_how_hex_digits_run(
    player_client: Client, draft: Character
) -> None:
    rule = _rule(player_client, "characteristics", draft)
    assert "A = 10, B = 11, C = 12" in rule
    for name in ("Muscle", "Grace", "Resilience", "Intellect", "Sanity", "Chutzpah"):
        assert name in rule
    assert "Metaphysical (Mtp) potential for psychic education" in rule
    assert "Point buy shares 50 points" in rule


def test_equipment_describes_both_options_and_unspent_credits(
    player_client: Client, draft: Character
) -> None:
    rule = _rule(player_client, "equipment", draft)
    assert "Standard : 20,000 credits to spend on the catalogue" in rule
    assert "Variable background : tables decide your background, starting cash" in rule
    assert "Credits you do not spend stay with the character as cash" in rule


def test_house_rules_change_the_numbers_the_rule_gives(
    player: User, player_client: Client, campaign: Campaign
) -> None:
    changed = set_house_rules(
        campaign, point_buy_total=60, starting_credits=30_000, career_survival=False
    )
    campaign_draft = character_start(owner=player, campaign=changed, name="Rimmer", concept="")
    assert "Point buy shares 60 points" in _rule(player_client, "characteristics", campaign_draft)
    assert "30,000 credits" in _rule(player_client, "equipment", campaign_draft)
    assert "survival roll" not in _rule(player_client, "skills", campaign_draft)


def test_the_career_rule_names_the_careers_this_character_may_choose(
    gm: User, player: User, player_client: Client, campaign: Campaign
) -> None:
    booked = character_start(owner=player, campaign=campaign, name="Lister", concept="")
    assert (
        "Choose a career path: Military (Army, Covert, …) or Citizen (Business, Civil, …); "
        "its specialisation is then rolled on 1d6."
    ) in _rule(player_client, "career", booked)

    spacer(campaign, gm)
    book_career_hide(campaign=campaign, by=gm, name="Military", hidden=True)
    own = character_start(owner=player, campaign=campaign, name="Rimmer", concept="")
    rule = _rule(player_client, "career", own)
    assert (
        "Choose a career path: Citizen (Business, Civil, …) or Spacer (this campaign's own: "
        "Business, Civil, …); its specialisation is then rolled on 1d6."
    ) in rule
    assert "Military" not in rule
    # The buttons offer the very careers the rule names.
    roll_book_characteristics(own)
    darrian(own)
    page = player_client.get(reverse("characters:career", args=[own.id])).content.decode()
    assert re.findall(r'name="career" id="career-\d+" value="([^"]+)"', page) == [
        "Citizen",
        "Spacer",
    ]
    # A character started before keeps the careers it pinned, and its rule says so.
    assert "Military (Army, Covert, …)" in _rule(player_client, "career", booked)
