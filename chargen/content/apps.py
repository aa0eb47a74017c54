from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class ContentConfig(AppConfig):
    """Campaign content a GM can edit: equipment, background tables, history prompts."""

    name = "chargen.content"
    label = "content"

    def ready(self) -> None:
        from chargen.content.models import (
            BackgroundRow,
            BackgroundTable,
            EquipmentItem,
            HistoryPrompt,
        )
        from chargen.content.pinned import content_changed

        # An edit of any content row makes the current content versions stale, in the
        # edit's transaction; characters keep the content they were started with.
        for model in (EquipmentItem, BackgroundTable, BackgroundRow, HistoryPrompt):
            label = model._meta.label_lower
            post_save.connect(content_changed, sender=model, dispatch_uid=f"content-{label}")
            post_delete.connect(content_changed, sender=model, dispatch_uid=f"content-del-{label}")
