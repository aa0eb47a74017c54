"""The live table's load: a Drifting campaign, its players' finished characters and its
watchers' sessions, made through the ORM in the deployed code (bench_table).

Run in the deployed code's checkout, with its deployment's environment:
    python …/scripts/bench_table_setup.py <watchers> <players>
Prints JSON: the campaign, each watcher's session cookie, each player's character.
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.getcwd())  # the code being measured


def setup(watchers: int, players: int) -> dict[str, object]:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from chargen.campaigns.models import Campaign, Membership
    from chargen.drifting import services
    from chargen.drifting.campaign_rules import DRIFTING
    from chargen.drifting.models import CreationStep, LogEntry, LogKind
    from chargen.drifting.sheet_writes import log_sheet, save_snapshot
    from rules import drifting as rules

    users = get_user_model().objects
    gm = users.create_user("table-gm")
    campaign = Campaign.objects.create(gm=gm, name="The bench's table", game=DRIFTING)
    characters = []
    for number in range(players):
        player = users.create_user(f"table-player-{number}")
        Membership.objects.create(campaign=campaign, user=player)
        character = services.character_start(owner=player)
        character.name = f"Roller {number}"
        character.campaign = campaign
        character.step = CreationStep.FINISHED
        character.save()
        tokens = [rules.TokenState("Firearms", rules.TokenKind.FOCUS, held=2)]
        LogEntry.objects.create(
            character=character,
            sequence=character.next_sequence,
            kind=LogKind.FINISHED,
            summary="Finished for the bench.",
            details={"tokens": rules.sheet_payload(rules.sheet_from(tokens))},
        )
        save_snapshot(character, log_sheet(character))
        characters.append(str(character.pk))
    sessions = []
    for number in range(watchers):
        watcher = users.create_user(f"table-watcher-{number}")
        Membership.objects.create(campaign=campaign, user=watcher)
        client = Client()
        client.force_login(watcher)
        sessions.append(client.cookies[settings.SESSION_COOKIE_NAME].value)
    return {
        "campaign": str(campaign.pk),
        "cookie": settings.SESSION_COOKIE_NAME,
        "sessions": sessions,
        "characters": characters,
    }


if __name__ == "__main__":
    print(json.dumps(setup(int(sys.argv[1]), int(sys.argv[2]))))
