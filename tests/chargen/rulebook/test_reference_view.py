"""The read-only rules reference at /rulebook/."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chargen.rulebook.models import Skill
from chargen.rulebook.services import current_rulebook_version


def test_the_reference_lists_skills_and_every_table(player_client: Client, book_data: None) -> None:
    page = player_client.get(reverse("rulebook:reference"))

    html = page.content.decode()
    assert page.status_code == 200
    assert html.count('id="table-') == 28
    assert "Rogue Forces Academic Table" in html
    assert "Electrical" in html
    assert "(the Electronics skill)" in html
    assert "Sty: &lt; 9 Int: 7 Grc: 8" in html
    assert "3 on 1d6: Covert" in html


def test_an_admin_edit_shows_on_the_next_visit(player_client: Client, book_data: None) -> None:
    skill = Skill.objects.get(name="Gambling")
    skill.description = "Cards, dice and <b>space golf</b>."
    skill.save()

    html = player_client.get(reverse("rulebook:reference")).content.decode()

    assert "Cards, dice and &lt;b&gt;space golf&lt;/b&gt;." in html


@pytest.mark.django_db
def test_without_rule_data_the_page_says_how_to_load_it(
    player_client: Client, empty_book: None
) -> None:
    page = player_client.get(reverse("rulebook:reference"))

    assert page.status_code == 503
    assert "load_rules_data" in page.content.decode()


def test_anonymous_visitors_are_sent_to_log_in(client: Client, book_data: None) -> None:
    page = client.get(reverse("rulebook:reference"))

    assert page.status_code == 302
    assert "/accounts/login/" in page["Location"]


def test_the_reference_changes_nothing_on_post(player_client: Client, book_data: None) -> None:
    assert player_client.post(reverse("rulebook:reference")).status_code == 405


def test_the_reference_names_the_current_version_and_a_new_one_after_an_edit(
    player_client: Client, book_data: None
) -> None:
    before = player_client.get(reverse("rulebook:reference")).content.decode()
    current = current_rulebook_version()
    skill = Skill.objects.get(name="Gambling")
    skill.description = "Cards."
    skill.save()

    after = player_client.get(reverse("rulebook:reference")).content.decode()

    assert f"Rule data version <code>{current[:12]}</code>" in before
    assert f"<code>{current_rulebook_version()[:12]}</code>" in after
    assert current[:12] not in after
