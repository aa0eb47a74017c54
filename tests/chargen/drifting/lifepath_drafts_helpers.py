"""Helpers shared by the tests of a GM's lifepath drafts: a new draft, and a saved draft
of a published lifepath's next version, each as the GM writes it through the service."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign
from chargen.drifting import lifepath_drafts as drafts
from chargen.drifting.models import Lifepath, LifepathDraft
from rules import drifting as rules


def new_draft(gm: User, campaign: Campaign, name: str, **changes: Any) -> LifepathDraft:
    """A draft of a new lifepath that may come first and grants one Survival, but for
    `changes` (DraftFields' fields)."""
    fields = drafts.DraftFields(
        name=name,
        region="",
        description="",
        requires=(),
        grants=(rules.GrantLine("focus", "Survival"),),
    )
    return drafts.lifepath_draft_create(campaign=campaign, by=gm, fields=replace(fields, **changes))


def next_version(gm: User, campaign: Campaign, lifepath: Lifepath, **changes: Any) -> LifepathDraft:
    """The saved draft of the lifepath's next version: its fields, but for `changes`."""
    draft = drafts.lifepath_draft_for_edit(campaign=campaign, by=gm, lifepath=lifepath)
    fields = replace(drafts.fields_of_draft(draft), **changes)
    return drafts.lifepath_draft_save(draft=draft, by=gm, fields=fields)
