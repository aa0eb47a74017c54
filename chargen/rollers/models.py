"""Roller sheets as data: a unique-dice pool sheet (seed 001) and a roll-and-keep sheet (seed 004).

Each sheet's attributes, specials/specialities, mana and colour links are rows the
owner edits. Every roll is a row in the sheet's roll log, written before it is shown;
a unique (sheet, sequence) on the log is the one-time key that makes a replayed or
concurrent POST return the row already saved. Crises hang off the push that caused
them and are never removed: the crisis track is counted from them.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse

from chargen.core.log import LogEntryBase
from chargen.core.log_version import LogSubject
from rules.unique_pool import CrisisKind as RulesCrisisKind

# --- What both sheets share ---------------------------------------------------------------------


class RollerSheet(LogSubject):
    """A sheet's identity: an opaque id for URLs, a name, and when it last changed."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=80)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The "new sheet" form's one-time key (chargen/core/start_key.py): a double-click
    # finds the sheet the first click made. Unique per owner (each subclass's Meta).
    start_key = models.UUIDField(null=True, blank=True, editable=False)
    # The campaign whose live table the owner shows this sheet at (none: only the owner
    # sees it). Its members and GM may then read it; only the owner changes it.
    campaign = models.ForeignKey(
        "campaigns.Campaign",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="%(class)s_sheets",
    )

    class Meta:
        abstract = True
        ordering = ("-updated",)

    def __str__(self) -> str:
        return self.name


class LoggedRoll(LogEntryBase):
    """A row of a sheet's roll log, saved before it is shown and never edited.

    Subclasses add the sheet (`character`), the `kind`, `what` was rolled, and a
    unique (character, sequence) constraint: that constraint is what makes a repeated
    or concurrent POST return the roll already saved.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    summary = models.TextField(help_text="The result as the player reads it.")
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        abstract = True
        ordering = ("sequence",)

    def __str__(self) -> str:
        # Each subclass has its sheet (`character`) and its `kind` choices.
        kind = getattr(self, "get_kind_display", lambda: "")()
        return f"{getattr(self, 'character', '')} #{self.sequence}: {kind}"


# --- Unique-dice pool (seed 001) -----------------------------------------------------------------


class UniqueCharacter(RollerSheet):
    """A unique-dice pool character sheet."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="unique_characters"
    )

    class Meta(RollerSheet.Meta):
        constraints = (
            models.UniqueConstraint(
                fields=("owner", "start_key"), name="rollers_one_unique_sheet_per_start_key"
            ),
        )

    def get_absolute_url(self) -> str:
        return reverse("rollers:unique", kwargs={"character_id": self.id})


class UniqueAttribute(models.Model):
    """A universal attribute and its score (the book names Strength and Precision)."""

    character = models.ForeignKey(
        UniqueCharacter, on_delete=models.CASCADE, related_name="attributes"
    )
    name = models.CharField(max_length=40)
    score = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ("id",)
        constraints = (
            models.UniqueConstraint(
                fields=("character", "name"), name="rollers_unique_attribute_name_once"
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} {self.score}"


class UniqueSpecial(models.Model):
    """A special attribute: one die when it applies, two when starred."""

    character = models.ForeignKey(
        UniqueCharacter, on_delete=models.CASCADE, related_name="specials"
    )
    name = models.CharField(max_length=60)
    starred = models.BooleanField(default=False, help_text="A starred special adds two dice.")

    class Meta:
        ordering = ("id",)
        constraints = (
            models.UniqueConstraint(
                fields=("character", "name"), name="rollers_unique_special_name_once"
            ),
        )

    def __str__(self) -> str:
        return f"{self.name}{' ★' if self.starred else ''}"


class UniqueRollKind(models.TextChoices):
    ROLL = "roll", "Pool roll"
    PUSH = "push", "Push your luck"


class UniqueRollEntry(LoggedRoll):
    """One roll on a unique-dice sheet: a pool roll, or one die pushed onto the latest roll."""

    character = models.ForeignKey(UniqueCharacter, on_delete=models.CASCADE, related_name="rolls")
    kind = models.CharField(max_length=8, choices=UniqueRollKind.choices)
    what = models.CharField(max_length=300, help_text="What was rolled, and why that many dice.")
    total = models.PositiveSmallIntegerField(help_text="The Roll Total after this roll.")
    crisis = models.BooleanField(default=False, help_text="This push matched a held number.")
    pool_roll = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="pushes",
        help_text="For a push: the pool roll it was pushed onto.",
    )

    class Meta(LoggedRoll.Meta):
        constraints = (
            models.UniqueConstraint(
                fields=("character", "sequence"), name="rollers_unique_roll_once_per_sequence"
            ),
        )


class CrisisKind(models.TextChoices):
    PHYSICAL = RulesCrisisKind.PHYSICAL.value, "Physical (a permanent injury)"
    MENTAL = RulesCrisisKind.MENTAL.value, "Mental (an incurable derangement)"


class UniqueCrisis(models.Model):
    """A crossed-off crisis box, described by the player. There is no way to remove one."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    character = models.ForeignKey(UniqueCharacter, on_delete=models.CASCADE, related_name="crises")
    push = models.OneToOneField(
        UniqueRollEntry,
        on_delete=models.CASCADE,
        related_name="crisis_record",
        help_text="The push that matched a held number.",
    )
    kind = models.CharField(max_length=8, choices=CrisisKind.choices)
    description = models.TextField(
        help_text="What happened, and what it leaves behind for good.", max_length=1000
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created",)

    def __str__(self) -> str:
        return f"{self.character}: {self.get_kind_display()}"


# --- Roll and keep with mana (seed 004) ----------------------------------------------------------


class ManaCharacter(RollerSheet):
    """A roll-and-keep character sheet with permanent mana by colour."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mana_characters"
    )

    class Meta(RollerSheet.Meta):
        constraints = (
            models.UniqueConstraint(
                fields=("owner", "start_key"), name="rollers_one_mana_sheet_per_start_key"
            ),
        )

    def get_absolute_url(self) -> str:
        return reverse("rollers:mana", kwargs={"character_id": self.id})


class ManaColour(models.Model):
    """Permanent mana of one colour (not the temporary pool)."""

    character = models.ForeignKey(ManaCharacter, on_delete=models.CASCADE, related_name="colours")
    name = models.CharField(max_length=20)
    amount = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ("id",)
        constraints = (
            models.UniqueConstraint(fields=("character", "name"), name="rollers_mana_colour_once"),
        )

    def __str__(self) -> str:
        return f"{self.amount} {self.name}"


class ManaAttribute(models.Model):
    """An attribute, its score and the mana colour it is linked to (blank: none)."""

    character = models.ForeignKey(
        ManaCharacter, on_delete=models.CASCADE, related_name="attributes"
    )
    name = models.CharField(max_length=40)
    score = models.PositiveSmallIntegerField(default=1)
    colour = models.CharField(
        max_length=20, blank=True, help_text="The mana colour this attribute is linked to."
    )

    class Meta:
        ordering = ("id",)
        constraints = (
            models.UniqueConstraint(
                fields=("character", "name"), name="rollers_mana_attribute_name_once"
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} {self.score}"


class ManaSpeciality(models.Model):
    """A speciality and the attribute it belongs with, like Deceit (Cunning)."""

    character = models.ForeignKey(
        ManaCharacter, on_delete=models.CASCADE, related_name="specialities"
    )
    name = models.CharField(max_length=60)
    attribute = models.ForeignKey(
        ManaAttribute, on_delete=models.CASCADE, related_name="specialities"
    )

    class Meta:
        ordering = ("id",)
        constraints = (
            models.UniqueConstraint(
                fields=("character", "name"), name="rollers_mana_speciality_name_once"
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} ({self.attribute.name})"


class ManaRollKind(models.TextChoices):
    ROLL = "roll", "Roll"
    CONTEST = "contest", "Directly opposed roll"


class ManaRollEntry(LoggedRoll):
    """One roll on a roll-and-keep sheet (a contest keeps the opponent's dice in details)."""

    character = models.ForeignKey(ManaCharacter, on_delete=models.CASCADE, related_name="rolls")
    kind = models.CharField(max_length=8, choices=ManaRollKind.choices)
    what = models.CharField(max_length=300, help_text="What was rolled, kept and against what.")
    successes = models.SmallIntegerField()

    class Meta(LoggedRoll.Meta):
        constraints = (
            models.UniqueConstraint(
                fields=("character", "sequence"), name="rollers_mana_roll_once_per_sequence"
            ),
        )
