from __future__ import annotations

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "chargen.core"
    label = "core"

    def ready(self) -> None:
        # Registers the deployment checks (`manage.py check --deploy`).
        from chargen.core import checks  # noqa: F401
