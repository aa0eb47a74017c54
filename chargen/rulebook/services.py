"""The Infinity Drive rule data as the engine's plain `Rulebook`, by pinned version.

A character replays under the version it was started with (`rulebook_for_version`),
never under the tables as they are now, so an admin's edit changes new characters
only. The records of a version come from Django's cache (chargen.core.ruledata); the
built `Rulebook` is memoised per hash in each process, which is safe because a hash
names data that never changes. Only `rulebook_load()` and `current_rulebook_version()`
look at the live tables, and only after an edit has made the current version stale.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django.apps import apps
from django.core import serializers

from chargen.core.ruledata import current_rule_version, rule_data, rule_data_changed
from rules.errors import RulesError
from rules.infinity_drive.rulebook import Rulebook, rulebook_from_records

RULESET = "infinity_drive"

# Parents before children, so the converter can resolve every foreign key.
RULEBOOK_MODELS: tuple[str, ...] = (
    "Skill",
    "Career",
    "Specialisation",
    "CareerTable",
    "TableRow",
    "SurvivalTarget",
    "CharacteristicTestDifficulty",
    "SkillCheckDifficulty",
    "ModifierBand",
    "GradeOfSuccess",
)

# Versions in use at once are few (the current one and a handful of older ones).
BUILT_RULEBOOKS_KEPT = 16

MISSING_MESSAGE = "The Infinity Drive rule data is not loaded yet. Run “manage.py load_rules_data”."


class RuleDataMissing(RulesError):
    """The rule tables are empty: nobody has loaded the fixtures yet."""


def rulebook_records() -> list[dict[str, Any]]:
    """Every rulebook row in Django's serialised form, in primary-key order (one query
    per model): the data a version is the hash of."""
    records: list[dict[str, Any]] = []
    for model_name in RULEBOOK_MODELS:
        model = apps.get_model("rulebook", model_name)
        records.extend(serializers.serialize("python", model.objects.order_by("pk")))
    return records


def current_rulebook_version(recorded: Mapping[str, str] | None = None) -> str:
    """The hash of the rule tables as they are now (agreed by every worker); `recorded`,
    what `recorded_versions` just read, saves the statement."""
    return current_rule_version(
        scope=RULESET, ruleset=RULESET, load=rulebook_records, recorded=recorded
    )


@lru_cache(maxsize=BUILT_RULEBOOKS_KEPT)
def _built(sha256: str) -> Rulebook:
    return rulebook_from_records(rule_data(sha256))


def rulebook_is_empty(rulebook: Rulebook) -> bool:
    return not rulebook.skills or not rulebook.tables


def rulebook_for_version(sha256: str) -> Rulebook:
    """The rulebook of one pinned version (no query once this process has built it)."""
    rulebook = _built(sha256)
    if rulebook_is_empty(rulebook):
        raise RuleDataMissing(MISSING_MESSAGE)
    return rulebook


def rulebook_load() -> Rulebook:
    """The rulebook as the tables hold it now: for new characters and the reference."""
    return rulebook_for_version(current_rulebook_version())


def rulebook_version_for_new_character(recorded: Mapping[str, str] | None = None) -> str | None:
    """The version a character started now is pinned to; None while the tables are empty
    (it is then pinned by its first step, once the data is loaded)."""
    digest = current_rulebook_version(recorded)
    return None if rulebook_is_empty(_built(digest)) else digest


def rulebook_changed(**_signal_arguments: Any) -> None:
    """A rule row was saved or deleted: the current version must be recomputed.

    Connected to post_save and post_delete of every rulebook model, so it runs in the
    edit's transaction. (Queryset .update() and bulk operations send no signals; code
    that uses them on rule tables must call this itself.)
    """
    rule_data_changed(RULESET)


def rulebook_cache_clear() -> None:
    """Forget the rulebooks this process has built (each is rebuilt from its version's
    data on next use). Never needed for correctness, since a version never changes: an
    edit is seen through `rulebook_changed`. Tests call it to start from nothing."""
    _built.cache_clear()
