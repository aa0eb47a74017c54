"""A wizard page asks for two scopes' current rule data (the rulebook's and its campaign
content's): both recorded versions are read in one statement (ruledata.recorded_versions),
and give what asking each scope alone gives, before and after an edit."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from chargen.content.pinned import content_scope, content_version_for_new_character
from chargen.core.ruledata import recorded_versions
from chargen.infinity_drive.rule_upgrade import Targets, current_targets
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.models import Skill
from chargen.rulebook.services import (
    RULESET,
    rulebook_cache_clear,
    rulebook_version_for_new_character,
)
from rules.infinity_drive.rulebook import BOOK_FIXTURE


def _one_by_one() -> Targets:
    return Targets(
        rulebook=rulebook_version_for_new_character(),
        content=content_version_for_new_character(None),
    )


def test_both_scopes_come_in_one_statement_and_agree_with_each_alone(db: None) -> None:
    fixture_load_missing(path=BOOK_FIXTURE)
    rulebook_cache_clear()
    expected = _one_by_one()  # records both scopes' versions
    with CaptureQueriesContext(connection) as queries:
        targets = current_targets(None)
    assert targets == expected
    assert targets.rulebook
    assert len(queries) == 1
    skill = Skill.objects.order_by("pk").first()
    assert skill is not None
    skill.name = f"{skill.name} (edited)"
    skill.save()  # clears the rulebook's recorded version
    assert recorded_versions([RULESET])[RULESET] == ""
    edited = current_targets(None)  # recomputed, then recorded again
    assert edited.rulebook != targets.rulebook
    assert edited == _one_by_one()


def test_a_scope_never_recorded_reads_as_empty(db: None) -> None:
    scope = content_scope(None)
    assert recorded_versions(["no-such-scope", scope]) == {"no-such-scope": "", scope: ""}
