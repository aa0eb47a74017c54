from __future__ import annotations

from django.apps import AppConfig


class RollersConfig(AppConfig):
    """Dice rollers for the unique-dice pool and roll-and-keep systems, with exact odds."""

    name = "chargen.rollers"
    label = "rollers"
