from __future__ import annotations

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "chargen.core"
    label = "core"
