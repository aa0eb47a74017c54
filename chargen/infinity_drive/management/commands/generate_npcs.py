"""`manage.py generate_npcs`: complete Infinity Drive NPCs from a seed, as JSON or text."""

from __future__ import annotations

import json
import secrets
import uuid
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from chargen.campaigns.models import Campaign
from chargen.infinity_drive.campaign_rules import house_rules_for
from chargen.rulebook.homebrew import campaign_rulebook_version
from chargen.rulebook.services import RuleDataMissing, rulebook_for_version, rulebook_load
from rules.errors import RulesError
from rules.infinity_drive.autopilot import generate_npc, npc_summary, npc_text
from rules.infinity_drive.house_rules import HouseRules
from rules.infinity_drive.rulebook import Rulebook, load_book


def _rulebook() -> Rulebook:
    """The rule data as the admin has it; the book's own fixture if none is loaded yet.

    A GM may run this before the database is even migrated: the book's data serves.
    """
    try:
        return rulebook_load()
    except (RuleDataMissing, DatabaseError):
        return load_book()


def _campaign_id(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        raise CommandError(f"“{text}” is not a campaign's id.") from None


class Command(BaseCommand):
    help = (
        "Generate complete Infinity Drive NPCs with the creation autopilot. "
        "The same seed always gives the same characters."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--count", type=int, default=1, help="How many NPCs (default 1).")
        parser.add_argument(
            "--seed",
            type=int,
            default=None,
            help="Seed of the first NPC; NPC n uses seed + n. Random (and printed) if left out.",
        )
        parser.add_argument(
            "--career", default=None, help="A career of the book or the campaign (default: any)."
        )
        parser.add_argument(
            "--campaign",
            default=None,
            help="A campaign's id: its careers (homebrew included, hidden ones left out) and "
            "its house rules.",
        )
        parser.add_argument(
            "--format", choices=("json", "text"), default="text", dest="output_format"
        )
        parser.add_argument(
            "--alien-humanoids",
            action="store_true",
            help="Let NPCs be alien humanoids with a random legal race (the book's optional rule).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        count: int = options["count"]
        if count < 1:
            raise CommandError("--count must be at least 1.")
        seed: int = options["seed"] if options["seed"] is not None else secrets.randbelow(2**31)
        rulebook = _rulebook()
        house_rules = HouseRules()
        if options["campaign"]:
            campaign = Campaign.objects.filter(pk=_campaign_id(options["campaign"])).first()
            if campaign is None:
                raise CommandError(f"No campaign has the id {options['campaign']}.")
            rulebook = rulebook_for_version(campaign_rulebook_version(campaign))
            house_rules = house_rules_for(campaign)
        try:
            npcs = [
                generate_npc(
                    seed=seed + index,
                    rulebook=rulebook,
                    house_rules=house_rules,
                    career=options["career"],
                    alien_humanoids=options["alien_humanoids"],
                )
                for index in range(count)
            ]
        except RulesError as error:
            raise CommandError(str(error)) from error
        if options["output_format"] == "json":
            payload = {"seed": seed, "npcs": [npc_summary(npc) for npc in npcs]}
            self.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False))
            return
        self.stdout.write("\n\n".join(npc_text(npc) for npc in npcs))
