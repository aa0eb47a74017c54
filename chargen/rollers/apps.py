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

        from django.db.models.signals import post_delete

        from chargen.campaigns.models import Membership
        from chargen.rollers.table_leaving import sheets_leave_with_their_owner

        post_delete.connect(sheets_leave_with_their_owner, sender=Membership)
