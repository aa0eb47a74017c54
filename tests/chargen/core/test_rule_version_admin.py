"""The admin lists rule data versions: which is current and how many characters use each."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.core.models import RuleVersion
from chargen.infinity_drive.models import Character
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.models import Skill
from chargen.rulebook.services import current_rulebook_version
from rules.infinity_drive.rulebook import BOOK_FIXTURE


def test_the_list_shows_each_version_its_characters_and_the_current_one(
    admin_client: Client, player: User
) -> None:
    fixture_load_missing(path=BOOK_FIXTURE)
    Character.objects.create(owner=player, name="Old one")
    Character.objects.create(owner=player, name="Old two")
    old = current_rulebook_version()
    skill = Skill.objects.get(name="Gambling")
    skill.description = "Cards."
    skill.save()
    Character.objects.create(owner=player, name="New one")
    new = current_rulebook_version()

    page = admin_client.get(reverse("admin:core_ruleversion_changelist"))
    rows = {version.sha256: version for version in page.context["cl"].result_list}
    admin = page.context["cl"].model_admin

    assert page.status_code == 200
    assert admin.characters(rows[old]) == 2
    assert admin.characters(rows[new]) == 1
    assert not admin.is_current(rows[old])
    assert admin.is_current(rows[new])
    assert old[:12] in page.content.decode()


def test_a_version_is_read_only_in_the_admin(admin_client: Client, db: None) -> None:
    version = RuleVersion.objects.create(sha256="a" * 64, ruleset="test", data=[])
    change = reverse("admin:core_ruleversion_change", args=[version.pk])

    page = admin_client.get(change)
    posted = admin_client.post(change, {"ruleset": "changed"})

    assert page.status_code == 200
    assert b'name="ruleset"' not in page.content
    assert posted.status_code == 403
    version.refresh_from_db()
    assert version.ruleset == "test"
    assert admin_client.get(reverse("admin:core_ruleversion_add")).status_code == 403
