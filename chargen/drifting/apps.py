from __future__ import annotations

from django.apps import AppConfig


class DriftingConfig(AppConfig):
    name = "chargen.drifting"
    label = "drifting"
