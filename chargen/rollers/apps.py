from __future__ import annotations

from django.apps import AppConfig


class RollersConfig(AppConfig):
    """Dice rollers for the unique-dice pool and roll-and-keep systems, with exact odds."""

    name = "chargen.rollers"
    label = "rollers"

    def ready(self) -> None:
        from chargen.core.systems import registry
        from chargen.rollers.system import ROLL_AND_KEEP, UNIQUE_POOL

        registry.register(UNIQUE_POOL)
        registry.register(ROLL_AND_KEEP)
