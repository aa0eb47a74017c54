from __future__ import annotations

from django.apps import AppConfig


class DriftingConfig(AppConfig):
    name = "chargen.drifting"
    label = "drifting"

    def ready(self) -> None:
        from chargen.core.systems import registry
        from chargen.drifting.system import SYSTEM

        registry.register(SYSTEM)
