from __future__ import annotations

from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "chargen.campaigns"
    label = "campaigns"

    def ready(self) -> None:
        from chargen.campaigns.home import HOME_ORDER, campaigns_section
        from chargen.core.home import register_home_section

        register_home_section(order=HOME_ORDER, provider=campaigns_section)
