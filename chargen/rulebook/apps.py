from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class RulebookConfig(AppConfig):
    name = "chargen.rulebook"
    label = "rulebook"
    verbose_name = "Infinity Drive rulebook"

    def ready(self) -> None:
        from chargen.rulebook.services import rulebook_cache_clear

        # Any edit to any rule table makes the cached Rulebook stale.
        for model in self.get_models():
            post_save.connect(rulebook_cache_clear, sender=model, dispatch_uid=f"rulebook-{model}")
            post_delete.connect(
                rulebook_cache_clear, sender=model, dispatch_uid=f"rulebook-del-{model}"
            )
