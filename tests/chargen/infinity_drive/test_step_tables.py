"""The tables beside the rolls: the career step's 1d6 specialisation table, the skills
step's open tables (legal rows, why not, the exact chance of a legal row), the survival
chance before rolling, and the rules reference linked from every step."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive.models import Character
from chargen.rulebook.models import TableRow
from chargen.rulebook.services import current_rulebook_version
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
)

STEP_PAGES = ("concept", "characteristics", "race", "learner", "career", "skills")


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def treva_at_her_skills(character: Character) -> None:
    """Treva, 58A5873, Citizen in Construction, before her first skill roll."""
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)


def table_html(page: str, slug: str) -> str:
    match = re.search(rf'<details[^>]*data-open-table="{slug}".*?</details>', page, re.S)
    assert match, f"no open table {slug}"
    return match.group(0)


def row_html(table: str, roll: int) -> str:
    rows = re.findall(r"<tr[^>]*data-legal=.*?</tr>", table, re.S)
    for row in rows:
        if re.search(rf'<td class="text-end">{roll}</td>', row):
            return str(row)
    raise AssertionError(f"no row {roll}")


# --- Career: the 1d6 specialisation table --------------------------------------------


def test_choosing_a_career_shows_every_careers_specialisation_table(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    page = player_client.get(url("career", draft)).content.decode()
    assert page.count("data-specialisation-table=") == 2  # Military and Citizen
    citizen = re.search(r'data-specialisation-table="Citizen".*?</details>', page, re.S)
    assert citizen is not None
    assert "<td>Construction</td>" in citizen.group(0)
    assert citizen.group(0).count("16.7%") == 6  # 1 in 6 each, from rules/odds


def test_the_specialisation_roll_shows_its_careers_table_then_offers_the_first_skill_roll(
    player_client: Client, draft: Character
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    player_client.post(
        url("choose_career", draft), {"sequence": next_sequence(draft), "career": "Citizen"}
    )
    page = player_client.get(url("career", draft)).content.decode()
    assert "Roll 1d6" in page
    assert page.count("data-specialisation-table=") == 1
    assert '<details class="mb-2" open data-specialisation-table="Citizen">' in page
    assert '<td class="text-end">5</td><td>Construction</td>' in page
    player_client.post(
        url("roll_specialisation", draft), {"sequence": next_sequence(draft), "faces": "5"}
    )
    page = player_client.get(url("career", draft)).content.decode()
    # The roll is named with its result, and the first skill roll is offered where the eye
    # already is, with the tables it may go on (the specialisation's table gives way).
    assert "specialisation <strong>Construction</strong>" in page
    assert "Roll 2d6 for your first skill" in page
    assert "data-open-tables" in page or "Construction Academic Table" in page


def test_the_specialisation_die_is_drawn_once_beside_its_roll_and_still_after_it(
    player_client: Client, draft: Character
) -> None:
    """Just rolled, the die is in the card of the roll just made (with its piece of
    history), not drawn again in the line above it; once other rolls follow, the line
    draws it."""
    roll_book_characteristics(draft)
    darrian(draft)
    player_client.post(
        url("choose_career", draft), {"sequence": next_sequence(draft), "career": "Citizen"}
    )
    roll = next_sequence(draft)
    player_client.post(url("roll_specialisation", draft), {"sequence": roll, "faces": "5"})
    drawn = f'data-sequence="{roll}"'
    page = player_client.get(url("career", draft)).content.decode()
    assert 'class="roll-note' in page
    assert page.count(drawn) == 1
    skill(draft, "3 4", "construction-academic")
    page = player_client.get(url("career", draft)).content.decode()
    assert page.count(drawn) == 1


# --- Skills: the open tables, legality and the exact chance ---------------------------


def test_before_the_first_roll_each_open_table_shows_legal_rows_and_the_exact_chance(
    player_client: Client, draft: Character
) -> None:
    treva_at_her_skills(draft)
    page = player_client.get(url("skills", draft)).content.decode()
    assert "Roll 2d6 for a skill" in page
    assert page.count("data-open-table=") == 2  # Planetside opens after the first group
    academic = table_html(page, "construction-academic")
    # 3 Computer and 9 Psychic are out of her reach: 30 of 36 ways are legal.
    assert "chance of a legal row on the next 2d6: <strong>83.3%</strong>" in academic
    assert "(9 of 11 rows legal)" in academic
    psychic = row_html(academic, 9)
    assert 'data-legal="no"' in psychic
    assert "Not legal:" in psychic
    assert "Psychic needs Mtp 8; you have Mtp 3" in psychic
    clerical = row_html(academic, 4)
    assert 'data-legal="yes"' in clerical
    assert "Legal:" in clerical
    assert "Clerical at rank 0." in clerical
    action = table_html(page, "construction-action")
    # 5 Computer (4 ways) and 12, +1 Res past its maximum (1 way): 31 of 36.
    assert "<strong>86.1%</strong>" in action
    assert "above its maximum of A" in row_html(action, 12)


def test_a_table_closed_by_the_quota_says_so(player_client: Client, draft: Character) -> None:
    """An academic learner with 13 rolls owes 10 academic ones: after 4 academic rolls and
    3 more on an action table, an action table may no longer be read."""
    treva_at_her_skills(draft)
    for faces in ("1 1", "3 3", "2 2", "3 4"):
        skill(draft, faces, "construction-academic")
    player_client.post(
        url("roll_survival", draft), {"sequence": next_sequence(draft), "faces": "5 5"}
    )
    for faces in ("1 2", "3 3", "3 4"):
        skill(draft, faces, "construction-action")
    page = player_client.get(url("skills", draft)).content.decode()
    assert page.count("data-open-table=") == 4
    action = table_html(page, "construction-action")
    assert "closed: You still owe" in action
    assert "data-legal-chance" not in action
    assert 'data-legal="yes"' not in action
    assert "data-legal-chance" in table_html(page, "construction-academic")


def test_while_a_roll_waits_for_its_table_the_rolled_row_is_marked(
    player_client: Client, draft: Character
) -> None:
    treva_at_her_skills(draft)
    player_client.post(url("roll_skill", draft), {"sequence": next_sequence(draft), "faces": "4 5"})
    page = player_client.get(url("skills", draft)).content.decode()
    assert "Reroll once" in page
    psychic = row_html(table_html(page, "construction-academic"), 9)
    assert 'aria-current="true"' in psychic
    assert "rolled" in psychic
    assert "data-legal-chance" not in page  # the odds are for a roll not yet made


def test_the_tables_come_from_the_pinned_rule_data(player_client: Client, draft: Character) -> None:
    treva_at_her_skills(draft)
    row = TableRow.objects.get(table__slug="construction-academic", roll=9)
    row.book_text = "Space Golf"
    row.save()
    page = player_client.get(url("skills", draft)).content.decode()
    assert "Space Golf" not in page
    assert "Psychic needs Mtp 8" in page


def test_the_survival_chance_is_shown_before_the_groups_rolls_and_the_survival_roll(
    player_client: Client, draft: Character
) -> None:
    treva_at_her_skills(draft)
    page = player_client.get(url("skills", draft)).content.decode()
    ahead = re.search(r'<p class="small" id="survival-ahead">.*?</p>', page, re.S)
    assert ahead is not None
    assert "beat <strong>3</strong>" in ahead.group(0)
    assert "<strong>91.7%</strong>" in ahead.group(0)  # 2d6 above 3: 33 of 36
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(draft, faces, "construction-academic")
    page = player_client.get(url("skills", draft)).content.decode()
    assert "Roll for survival" in page
    assert "Chance of surviving: <strong>91.7%</strong>" in page


# --- The rules reference, from the menu and from every step ---------------------------


def test_the_menu_links_to_the_rules_reference(player_client: Client, draft: Character) -> None:
    page = player_client.get(url("skills", draft)).content.decode()
    nav = page.split('<main id="main"')[0]
    assert f'href="{reverse("rulebook:reference")}">Infinity Drive rules</a>' in nav


@pytest.mark.parametrize("step", STEP_PAGES)
def test_every_step_links_to_the_rules_its_character_is_built_under(
    player_client: Client, draft: Character, step: str
) -> None:
    treva_at_her_skills(draft)
    draft.refresh_from_db()
    assert draft.rule_version_id
    page = player_client.get(url(step, draft)).content.decode()
    link = f"{reverse('rulebook:reference')}?version={draft.rule_version_id}#career-citizen"
    assert f'<a data-rulebook-link href="{link}">Rules reference</a>' in page


def test_the_reference_shows_a_pinned_version_after_the_data_changes(
    player_client: Client, draft: Character
) -> None:
    treva_at_her_skills(draft)
    draft.refresh_from_db()
    pinned = draft.rule_version_id
    row = TableRow.objects.get(table__slug="construction-academic", roll=9)
    row.book_text = "Space Golf"
    row.save()
    assert current_rulebook_version() != pinned
    old = player_client.get(f"{reverse('rulebook:reference')}?version={pinned}")
    assert old.status_code == 200
    assert "Space Golf" not in old.content.decode()
    assert "an earlier version, kept by the characters started under it" in old.content.decode()
    assert "Space Golf" in player_client.get(reverse("rulebook:reference")).content.decode()
    missing = player_client.get(f"{reverse('rulebook:reference')}?version={'0' * 64}")
    assert missing.status_code == 404
