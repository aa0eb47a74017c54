"""Characters, their creation log, and the races they may belong to.

A character's state is never stored as the truth: it is the replay of its
creation log (steps 1–6 through rules/infinity_drive/creation/, equipment and
history through part_two.py). The log is append-only, so a roll, once saved, is
never taken back, and an edited note is a new entry beside the old one.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.contrib.contenttypes.fields import GenericRelation
from django.db import models
from django.urls import reverse

from chargen.content.pinned import content_version_for_new_character
from chargen.core.log import LogEntryBase
from chargen.core.log_version import LogSubject
from chargen.infinity_drive.campaign_rules import house_rules_for, house_rules_to_json
from chargen.rulebook.homebrew import rulebook_version_for_new_character
from rules.dice import DiceSpec
from rules.infinity_drive import aliens


class CharacterStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    SUBMITTED = "submitted", "Submitted to the GM"
    RETURNED = "returned", "Returned by the GM"
    APPROVED = "approved", "Approved"
    FINISHED = "finished", "Finished"
    DEAD = "dead", "Dead"


# Statuses in which the player may still add steps to the creation log.
EDITABLE_STATUSES: frozenset[str] = frozenset({CharacterStatus.DRAFT, CharacterStatus.RETURNED})


class RaceKind(models.TextChoices):
    HUMANOID = "humanoid", "Alien humanoid"
    NON_HUMANOID = "non_humanoid", "Non-humanoid"


class RaceStatus(models.TextChoices):
    PROPOSED = "proposed", "Waiting for the GM"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"


class Race(models.Model):
    """A playable race: proposed by a player (alien humanoid) or made by the GM.

    A race is scoped to one campaign; outside any campaign a player's own race has
    no campaign and is approved at once (there is no GM to ask).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    campaign = models.ForeignKey(
        "campaigns.Campaign",
        on_delete=models.CASCADE,
        related_name="races",
        null=True,
        blank=True,
    )
    kind = models.CharField(max_length=20, choices=RaceKind.choices, default=RaceKind.HUMANOID)
    name = models.CharField(max_length=80)
    reason = models.TextField(blank=True)
    # {characteristic code: delta}, e.g. {"Int": 3, "Res": -2, "Mtp": -1}
    adjustments = models.JSONField(default=dict, blank=True)
    # Non-humanoid races roll a number of d6 per characteristic: {code: count}.
    non_humanoid_dice = models.JSONField(default=dict, blank=True)
    bodiless = models.BooleanField(default=False)
    status = models.CharField(
        max_length=20, choices=RaceStatus.choices, default=RaceStatus.PROPOSED
    )
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="races_proposed",
    )
    gm_note = models.TextField(blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="races_decided",
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # The desk's records of this race (no columns: they name it by type and id).
    decisions = GenericRelation(
        "desk.Decision",
        content_type_field="item_type",
        object_id_field="item_id",
        related_query_name="race",
    )
    notifications = GenericRelation(
        "desk.Notification", content_type_field="item_type", object_id_field="item_id"
    )

    class Meta:
        ordering = ("name", "created")

    def __str__(self) -> str:
        return self.name

    # In the profile's order, whatever order the database returns JSON keys in
    # (PostgreSQL's jsonb sorts them; SQLite keeps them as written).
    @property
    def adjustments_in_order(self) -> tuple[tuple[str, int], ...]:
        """(code, delta) of each adjustment: "-2 Res +3 Int -1 Mtp"."""
        return aliens.Race.of(self.name, self.reason, self.adjustments or {}).adjustments

    @property
    def dice_in_order(self) -> tuple[tuple[str, int], ...]:
        """(code, d6 count) of a non-humanoid race's characteristics."""
        return aliens.NonHumanoidDice.of(self.non_humanoid_dice or {}).dice


class Character(LogSubject):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="characters"
    )
    # None: made under the book's default rules, outside any campaign.
    campaign = models.ForeignKey(
        "campaigns.Campaign",
        on_delete=models.PROTECT,
        related_name="characters",
        null=True,
        blank=True,
    )
    name = models.CharField(max_length=120)
    concept = models.CharField(max_length=200, blank=True)
    status = models.CharField(
        max_length=20, choices=CharacterStatus.choices, default=CharacterStatus.DRAFT
    )
    race = models.ForeignKey(
        Race, on_delete=models.PROTECT, related_name="characters", null=True, blank=True
    )
    # The Infinity Drive house rules this character is built under (house_rules_to_json),
    # copied from its campaign (or the book's defaults) when it is started and never
    # changed: its log records what these rules allowed, so it is always replayed under
    # them, whatever the GM changes later.
    house_rules = models.JSONField(default=dict, editable=False)
    # The rule data it was started under (chargen.core.ruledata): the rulebook tables
    # and its campaign's content, pinned so that an edit of a table changes new
    # characters only. Empty only while no such data was loaded when it started.
    rule_version = models.ForeignKey(
        "core.RuleVersion",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="infinity_drive_characters",
    )
    content_version = models.ForeignKey(
        "core.RuleVersion",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="infinity_drive_content_characters",
    )
    # A derived summary of the replayed log (profile, skills, progress) for lists;
    # written in the same transaction as the log entry it reflects. Never the truth.
    snapshot = models.JSONField(default=dict, blank=True)
    # The start form's one-time key (chargen/core/start_key.py).
    start_key = models.UUIDField(null=True, blank=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The desk's records of this character (no columns: they name it by type and id).
    decisions = GenericRelation(
        "desk.Decision",
        content_type_field="item_type",
        object_id_field="item_id",
        related_query_name="character",
    )
    notifications = GenericRelation(
        "desk.Notification", content_type_field="item_type", object_id_field="item_id"
    )

    class Meta:
        ordering = ("-updated",)
        constraints = (
            models.UniqueConstraint(
                fields=("owner", "start_key"), name="characters_one_character_per_start_key"
            ),
        )

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        # The service that starts a character sets its house rules; a character saved any
        # other way (the admin, a script, a test) still gets its campaign's rules of
        # the moment rather than none, in the same INSERT.
        if self._state.adding and not self.house_rules:
            self.house_rules = house_rules_to_json(house_rules_for(self.campaign))
        # Likewise its rule data: the versions current as it starts.
        if self._state.adding and self.rule_version_id is None:
            self.rule_version_id = rulebook_version_for_new_character(self.campaign)
        if self._state.adding and self.content_version_id is None:
            self.content_version_id = content_version_for_new_character(self.campaign)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("characters:resume", kwargs={"character_id": self.id})

    @property
    def is_editable(self) -> bool:
        return self.status in EDITABLE_STATUSES


class CreationLogEntry(LogEntryBase):
    """One decision or one roll in a character's creation, in order. Never changed once
    written: `history_note` is the note given with the roll (a table choice's history
    reason); the player's later notes are `note` entries of their own (part_two.py).
    """

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="log")
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict, blank=True)
    dice = models.CharField(max_length=20, blank=True)  # e.g. "2d6"; blank: a decision
    history_note = models.TextField(blank=True)

    class Meta:
        ordering = ("character", "sequence")
        constraints = (
            models.UniqueConstraint(
                fields=("character", "sequence"), name="one_log_entry_per_sequence"
            ),
        )

    def __str__(self) -> str:
        return f"{self.character} #{self.sequence} {self.kind}"

    @property
    def has_dice(self) -> bool:
        return bool(self.dice)

    @property
    def total(self) -> int | None:
        if not self.dice:
            return None
        return DiceSpec.parse(self.dice).total(self.faces)
