"""What the wizard's pages show: each skill table's entry and why not, survival odds and the
failed survival's choice, the home page and character list, and queries that do not grow
with the rolls."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
)
from tests.chargen.infinity_drive.views_helpers import url


def test_the_skill_page_shows_each_tables_entry_and_why_not(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    player_client.post(url("roll_skill", draft), {"sequence": next_sequence(draft), "faces": "4 5"})
    content = player_client.get(url("skills", draft)).content.decode()
    assert "Psychic" in content  # 9 on the Construction Academic table
    assert "Reroll once" in content
    assert "You still owe 10 academic rolls" in content


def test_survival_odds_are_shown_before_rolling(player_client: Client, draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(draft, faces, "construction-academic")
    content = player_client.get(url("skills", draft)).content.decode()
    assert "Roll for survival" in content
    assert "beat <strong>3</strong>" in content
    assert "91.7%" in content  # 2d6 above 3: 33 of 36


HEADER_PROFILE = '<span class="small text-body-secondary">Profile</span>'


def test_the_header_names_a_profile_only_once_there_is_one(
    player_client: Client, draft: Character
) -> None:
    choosing = player_client.get(url("characteristics", draft)).content.decode()
    assert 'name="method"' in choosing  # the method step: nothing rolled or bought yet
    assert HEADER_PROFILE not in choosing
    assert 'class="hex-profile"' not in choosing
    roll_book_characteristics(draft)
    rolled = player_client.get(url("characteristics", draft)).content.decode()
    assert f'{HEADER_PROFILE} <span class="hex-profile"' in rolled
    assert "58C2874</span>" in rolled


def test_the_query_count_does_not_grow_with_the_rolls(
    player_client: Client, draft: Character, django_assert_max_num_queries: Any
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    player_client.get(url("skills", draft))  # the rulebook is now cached
    with django_assert_max_num_queries(8):
        player_client.get(url("skills", draft))
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(draft, faces, "construction-academic")
    player_client.post(
        url("roll_survival", draft), {"sequence": next_sequence(draft), "faces": "5 5"}
    )
    for faces in ("4 4", "3 3"):
        skill(draft, faces, "construction-academic")
    with django_assert_max_num_queries(8):
        player_client.get(url("skills", draft))


def test_the_home_page_lists_drafts_with_their_progress(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    content = player_client.get(reverse("home")).content.decode()
    assert "Infinity Drive characters" in content
    assert "Drafts" in content
    assert "Treva Donalson" in content
    assert "58C2874" in content
    assert "Race and career next" in content


def test_the_character_list_groups_drafts_finished_and_dead(
    player_client: Client, player: User
) -> None:
    Character.objects.create(owner=player, name="Alive", status=CharacterStatus.FINISHED)
    Character.objects.create(owner=player, name="Gone", status=CharacterStatus.DEAD)
    content = player_client.get(reverse("characters:list")).content.decode()
    assert content.index("Finished") < content.index("Alive") < content.index("Dead")
    assert content.index("Dead") < content.index("Gone")


def failed_survival(player_client: Client, draft: Character) -> CreationLogEntry:
    """Treva through four skill rolls and a failed survival roll posted by the player; the
    survival roll's row."""
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(draft, faces, "construction-academic")
    player_client.post(
        url("roll_survival", draft), {"sequence": next_sequence(draft), "faces": "1 2"}
    )
    survival = log_entries(draft)[-1]
    return survival


def test_a_failed_survival_offers_death_or_setback_with_the_roll_shown(
    player_client: Client, draft: Character
) -> None:
    survival = failed_survival(player_client, draft)
    content = player_client.get(url("skills", draft)).content.decode()
    assert "The character dies" in content
    assert "Suffer a setback" in content
    # The roll and its failure are said once above the log of rolls so far (and its dice
    # announced once): in the note beside the roll, the choice below pointing to it.
    above_the_log = content.split("Rolls so far", 1)[0]
    assert above_the_log.count(f'data-sequence="{survival.sequence}"') == 1
    said = " ".join(re.sub(r"<[^>]+>", " ", above_the_log).split())  # the text, not attributes
    assert said.count("against 3 (Citizen academic must roll higher): failed.") == 1
    assert "did not beat" not in said
    assert "Choose what the failed survival roll above costs Treva Donalson" in content
    assert f'data-sequence="{survival.sequence}"' in content.split("Rolls so far", 1)[1]


def test_a_dead_characters_skill_page_tells_the_last_roll_once(
    player_client: Client, draft: Character
) -> None:
    survival = failed_survival(player_client, draft)
    player_client.post(
        url("survival_outcome", draft),
        {"sequence": next_sequence(draft), "outcome": "death", "confirm_death": "yes"},
    )
    content = player_client.get(url("skills", draft)).content.decode()
    above_the_log = content.split("Rolls so far", 1)[0]
    assert "died in their career" in above_the_log
    assert above_the_log.count(f'data-sequence="{survival.sequence}"') == 1
    assert "did not beat 3" in above_the_log
    assert "must roll higher): failed." not in above_the_log
