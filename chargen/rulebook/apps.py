from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class RulebookConfig(AppConfig):
    name = "chargen.rulebook"
    label = "rulebook"
    verbose_name = "Infinity Drive rulebook"

    def ready(self) -> None:
        from chargen.rulebook.removed import connect_book_row_removals
        from chargen.rulebook.services import RULEBOOK_MODELS, rulebook_changed

        # A book row deleted here stays deleted when load_rules_data runs again.
        connect_book_row_removals()

        # Any edit to any rule table makes the current version stale (in its transaction).
        for name in RULEBOOK_MODELS:
            model = self.get_model(name)
            post_save.connect(rulebook_changed, sender=model, dispatch_uid=f"rulebook-{model}")
            post_delete.connect(
                rulebook_changed, sender=model, dispatch_uid=f"rulebook-del-{model}"
            )
