"""Remember the book rows deleted here, so `load_rules_data` does not add them back.

Every model the fixtures hold is watched: a delete (in the admin, a GM's content page,
a script, or a cascade from a deleted parent) records (model label, primary key). The
cascades matter: a deleted career table takes its rows with it, and adding the rows
back without their table would break the load. Records of rows that never came from a
fixture (a campaign's own equipment, say) are harmless: no fixture key ever matches.
"""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.db import models
from django.db.models.signals import post_delete

# Every model in fixtures/*.json (a test keeps this list complete).
BOOK_DATA_MODELS = (
    "rulebook.skill",
    "rulebook.career",
    "rulebook.specialisation",
    "rulebook.careertable",
    "rulebook.tablerow",
    "rulebook.survivaltarget",
    "rulebook.characteristictestdifficulty",
    "rulebook.skillcheckdifficulty",
    "rulebook.modifierband",
    "rulebook.gradeofsuccess",
    "content.equipmentitem",
    "content.backgroundtable",
    "content.backgroundrow",
    "content.historyprompt",
    "drifting.lifepath",
    "drifting.lifepathgrant",
)


def book_row_removed(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
    from chargen.rulebook.models import RemovedBookRow

    RemovedBookRow.objects.using(kwargs.get("using") or "default").get_or_create(
        model_label=sender._meta.label_lower,
        object_pk=str(instance.pk),
        defaults={"description": str(instance)[:200]},
    )


def connect_book_row_removals() -> None:
    for label in BOOK_DATA_MODELS:
        post_delete.connect(
            book_row_removed, sender=apps.get_model(label), dispatch_uid=f"removed-{label}"
        )


def removed_book_rows(*, using: str) -> set[tuple[str, str]]:
    from chargen.rulebook.models import RemovedBookRow

    return set(RemovedBookRow.objects.using(using).values_list("model_label", "object_pk"))
