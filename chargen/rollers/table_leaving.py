"""A player who leaves a campaign, or is removed from it, takes their roller sheets off
its table: its players and GM no longer read them. Campaigns knows no game, so it is
told through Django's `post_delete` signal of the membership."""

from __future__ import annotations

from typing import Any

from chargen.rollers.models import ManaCharacter, UniqueCharacter
from chargen.rollers.services_table import sheet_show_at


def sheets_leave_with_their_owner(sender: Any, instance: Any, **kwargs: Any) -> None:
    for model in (UniqueCharacter, ManaCharacter):
        for sheet in model.objects.filter(
            owner_id=instance.user_id, campaign_id=instance.campaign_id
        ):
            sheet_show_at(character=sheet, campaign=None)
