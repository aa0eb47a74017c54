"""Helpers shared by the wizard's service tests: a character's progress, a draft started under
the GM's rules, and a draft brought to its first survival roll."""

from __future__ import annotations

from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.progress import Progress, progress_for
from tests.chargen.house_rules import set_house_rules
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    roll_book_characteristics,
    skill,
)


def progress(character: Character) -> Progress:
    character.refresh_from_db()
    return progress_for(character, log_entries(character))


def started_under(campaign: Campaign, owner: User, **rules: object) -> Character:
    """A draft started after the GM set `rules` (a character keeps the rules it starts with)."""
    set_house_rules(campaign.pk, **rules)
    campaign.refresh_from_db()
    return services.character_start(owner=owner, campaign=campaign, name="Rimmer", concept="")


def to_first_survival(character: Character) -> None:
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(character, faces, "construction-academic")
