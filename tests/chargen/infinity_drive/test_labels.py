"""Labels that say what happens: the lose-the-roll button, undo labels that name the
decision, and page titles that follow the step (also after an htmx swap)."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import citizen_construction, next_sequence


def _strong_citizen(character: Character) -> None:
    services.character_choose_method(character=character, expected_sequence=1, method="point_buy")
    services.character_assign_points(
        character=character,
        expected_sequence=2,
        values={"Mus": 12, "Grc": 6, "Res": 6, "Int": 8, "Sty": 8, "Chz": 6, "Mtp": 4},
    )
    services.character_choose_race(character=character, expected_sequence=3, race_id=None)
    citizen_construction(character)


def _undo_label(page: str) -> str:
    found = re.search(r"<button[^>]*>Undo: ([^<]*)</button>", page)
    assert found is not None, "no undo offered"
    return found.group(1)


def _title(page: str) -> str:
    found = re.search(r"<title>([^<]*)</title>", page)
    assert found is not None
    return found.group(1)


def test_the_lose_the_roll_button_follows_the_history_reason(
    draft: Character, player_client: Client
) -> None:
    _strong_citizen(draft)
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="1 1"
    )
    page = player_client.get(reverse("characters:skills", args=[draft.id])).content.decode()
    button = re.search(r'<button type="submit" id="take-construction-academic"[^>]*>[^<]*<', page)
    assert button is not None
    # Without scripts the label tells both outcomes; chargen.js swaps in the one that applies.
    assert ">Lose the roll here, or take it with a reason<" in button.group(0)
    assert 'data-label-empty="Lose the roll here"' in button.group(0)
    assert 'data-label-reason="Take it above the maximum, with this reason"' in button.group(0)
    assert 'data-reason-for="take-construction-academic"' in page


def test_undo_labels_name_the_decision(draft: Character, player_client: Client) -> None:
    services.character_choose_method(character=draft, expected_sequence=1, method="point_buy")
    services.character_assign_points(
        character=draft,
        expected_sequence=2,
        values={"Mus": 12, "Grc": 6, "Res": 6, "Int": 8, "Sty": 8, "Chz": 6, "Mtp": 4},
    )
    url = reverse("characters:characteristics", args=[draft.id])
    assert _undo_label(player_client.get(url).content.decode()).startswith(
        "point buy (Mus 12, Grc 6,"
    )
    services.character_choose_race(character=draft, expected_sequence=3, race_id=None)
    page = player_client.get(reverse("characters:race", args=[draft.id])).content.decode()
    assert _undo_label(page) == "race Base humanoid"
    citizen_construction(draft)
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="1 1"
    )
    services.character_choose_table(
        character=draft,
        expected_sequence=next_sequence(draft),
        table="construction-academic",
        history_reason="Years hauling parts by hand.",
    )
    page = player_client.get(reverse("characters:skills", args=[draft.id])).content.decode()
    assert _undo_label(page).startswith("skill roll 1 (")
    assert "Mus" in _undo_label(page)


def test_page_titles_follow_the_step_also_after_an_htmx_swap(
    draft: Character, player_client: Client
) -> None:
    concept = player_client.get(reverse("characters:concept", args=[draft.id])).content.decode()
    assert _title(concept) == f"{draft.name}: 1. Concept · Chargen"
    services.character_choose_method(character=draft, expected_sequence=1, method="point_buy")
    services.character_assign_points(
        character=draft,
        expected_sequence=2,
        values={"Mus": 12, "Grc": 6, "Res": 6, "Int": 8, "Sty": 8, "Chz": 6, "Mtp": 4},
    )
    # htmx follows a step's 303 and swaps the partial: a leading <title> retitles the page.
    swapped = player_client.get(
        reverse("characters:race", args=[draft.id]), headers={"HX-Request": "true"}
    ).content.decode()
    assert swapped.startswith(f"<title>{draft.name}: 3. Race</title>")
    assert swapped.count("<title>") == 1


def test_the_title_is_escaped(draft: Character, player_client: Client) -> None:
    Character.objects.filter(pk=draft.pk).update(name="<b>Tre&va</b>")
    swapped = player_client.get(
        reverse("characters:concept", args=[draft.id]), headers={"HX-Request": "true"}
    ).content.decode()
    assert swapped.startswith("<title>&lt;b&gt;Tre&amp;va&lt;/b&gt;: 1. Concept</title>")
    page = player_client.get(reverse("characters:concept", args=[draft.id])).content.decode()
    assert "<title>&lt;b&gt;Tre&amp;va&lt;/b&gt;: 1. Concept" in page
