from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_save


class InfinityDriveConfig(AppConfig):
    """Infinity Drive: the creation wizard, its races, and its part of the GM's desk."""

    name = "chargen.infinity_drive"
    label = "characters"

    def ready(self) -> None:
        from chargen.core.systems import registry
        from chargen.infinity_drive.gm import signals
        from chargen.infinity_drive.models import Character, Race
        from chargen.infinity_drive.system import SYSTEM

        registry.register(SYSTEM)
        # The GM hears of every new queue item, whichever step saved it.
        post_save.connect(signals.race_saved, sender=Race, dispatch_uid="desk_race_saved")
        post_save.connect(
            signals.character_saved, sender=Character, dispatch_uid="desk_character_saved"
        )
