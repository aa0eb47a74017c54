"""The live rule data as the engine's plain `Rulebook`, built once per process.

The wizard asks for the rulebook on every request; building it means reading ten
small tables, so the result is cached in the process and thrown away whenever any
rulebook row is saved or deleted (the signal handlers are connected in apps.py).
"""

from __future__ import annotations

import threading
from typing import Any

from django.apps import apps
from django.core import serializers

from rules.errors import RulesError
from rules.infinity_drive.rulebook import Rulebook, rulebook_from_records

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

_cache_lock = threading.Lock()
_cached_rulebook: Rulebook | None = None
# Bumped on every edit, so a rulebook built from rows read before an edit is not kept.
_cache_generation = 0


class RuleDataMissing(RulesError):
    """The rule tables are empty: nobody has loaded the fixtures yet."""


def rulebook_records() -> list[dict[str, Any]]:
    """Every rulebook row in Django's serialised form: one query per model."""
    records: list[dict[str, Any]] = []
    for model_name in RULEBOOK_MODELS:
        model = apps.get_model("rulebook", model_name)
        records.extend(serializers.serialize("python", model.objects.all()))
    return records


def rulebook_load() -> Rulebook:
    """The Infinity Drive rulebook as the database holds it now (cached in-process)."""
    global _cached_rulebook
    with _cache_lock:
        cached, generation = _cached_rulebook, _cache_generation
    if cached is not None:
        return cached
    rulebook = rulebook_from_records(rulebook_records())
    if not rulebook.skills or not rulebook.tables:
        # Not cached, so the rulebook appears as soon as the data is loaded.
        raise RuleDataMissing(
            "The Infinity Drive rule data is not loaded yet. Run “manage.py load_rules_data”."
        )
    with _cache_lock:
        if generation == _cache_generation:
            _cached_rulebook = rulebook
    return rulebook


def rulebook_cache_clear(**_signal_arguments: Any) -> None:
    """Forget the cached rulebook; the next `rulebook_load()` reads the database again.

    Connected to post_save and post_delete of every rulebook model, so an admin edit
    takes effect on the next request. (Queryset .update() and bulk operations send no
    signals; code that uses them on rule tables must call this itself.)
    """
    global _cached_rulebook, _cache_generation
    with _cache_lock:
        _cached_rulebook = None
        _cache_generation += 1
