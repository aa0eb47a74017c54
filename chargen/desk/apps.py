from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_save


class DeskConfig(AppConfig):
    """The GM's desk: approval queues, decisions, notifications, the party at a glance."""

    name = "chargen.desk"
    label = "desk"

    def ready(self) -> None:
        from chargen.characters.models import Character, Race
        from chargen.desk import signals

        post_save.connect(signals.race_saved, sender=Race, dispatch_uid="desk_race_saved")
        post_save.connect(
            signals.character_saved, sender=Character, dispatch_uid="desk_character_saved"
        )
