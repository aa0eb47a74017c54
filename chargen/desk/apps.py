from __future__ import annotations

from django.apps import AppConfig


class DeskConfig(AppConfig):
    """The GM's desk: approval queues, decisions, notifications, over every game system."""

    name = "chargen.desk"
    label = "desk"

    def ready(self) -> None:
        from chargen.core.home import register_home_section
        from chargen.desk.home import HOME_ORDER, waiting_section

        register_home_section(order=HOME_ORDER, provider=waiting_section)
