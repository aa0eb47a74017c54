from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_save


class CharactersConfig(AppConfig):
    """Infinity Drive: the creation wizard, its races, and its part of the GM's desk."""

    name = "chargen.characters"
    label = "characters"

    def ready(self) -> None:
        from chargen.characters.gm import signals
        from chargen.characters.models import Character, Race
        from chargen.characters.system import SYSTEM
        from chargen.core.systems import registry

        registry.register(SYSTEM)
        # The GM hears of every new queue item, whichever step saved it.
        post_save.connect(signals.race_saved, sender=Race, dispatch_uid="desk_race_saved")
        post_save.connect(
            signals.character_saved, sender=Character, dispatch_uid="desk_character_saved"
        )
