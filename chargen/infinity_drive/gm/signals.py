"""Queue news for the GM, whichever code proposed the race or submitted the character.

The wizard saves races and characters; listening to their saves here means the GM
is told of every new queue item whichever step saved it. Saves through
`QuerySet.update()` send no signal, so the wizard may also call
`notify_race_proposed` / `notify_character_submitted` directly: both are idempotent.

Raw saves (`loaddata` restoring a backup or a fixture) are skipped: the restored
rows are not new events, and the backup already holds the notifications they led to.
"""

from __future__ import annotations

from typing import Any

from chargen.infinity_drive.gm.services import notify_character_submitted, notify_race_proposed
from chargen.infinity_drive.models import Character, CharacterStatus, Race, RaceStatus


def race_saved(
    sender: type[Race], instance: Race, created: bool, raw: bool = False, **kwargs: Any
) -> None:
    if raw:
        return
    if created and instance.status == RaceStatus.PROPOSED and instance.campaign_id:
        notify_race_proposed(race=instance)


def character_saved(
    sender: type[Character], instance: Character, created: bool, raw: bool = False, **kwargs: Any
) -> None:
    if raw:
        return
    if instance.status == CharacterStatus.SUBMITTED and instance.campaign_id:
        notify_character_submitted(character=instance)
