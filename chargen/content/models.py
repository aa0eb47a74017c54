"""Campaign content a GM can edit: the equipment catalogue, background tables, history prompts.

Every kind of content has a default set (``campaign`` is null), loaded from
``fixtures/``, and a campaign may hold its own rows. A campaign row replaces the
default with the same natural key (an item's name, a table's key, a prompt's key)
and otherwise adds to the defaults; `chargen.content.services.content_for_campaign`
does the merging.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from chargen.content.prompts import prompt_template_problems


class EquipmentCategory(models.TextChoices):
    ARMOUR = "armour", "Armour"
    WEAPON = "weapon", "Weapons"
    GEAR = "gear", "Gear"
    TOOLS = "tools", "Tools and computers"
    MEDICAL = "medical", "Medical"
    SURVIVAL = "survival", "Survival"


class EquipmentItem(models.Model):
    """A generic catalogue item, priced in credits (the book records no micro-credits)."""

    campaign = models.ForeignKey(
        "campaigns.Campaign",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="equipment_items",
        help_text="Empty: part of the default catalogue every campaign starts from.",
    )
    name = models.CharField(max_length=120)
    category = models.CharField(
        max_length=20, choices=EquipmentCategory.choices, default=EquipmentCategory.GEAR
    )
    price = models.PositiveIntegerField(help_text="In credits.")
    description = models.TextField(blank=True)
    sort_order = models.PositiveIntegerField(default=0)
    # A campaign row with available=False withdraws the default item of the same name.
    available = models.BooleanField(default=True)

    class Meta:
        ordering = (
            "sort_order",
            "name",
        )
        constraints = (
            models.UniqueConstraint(
                fields=["campaign", "name"], name="content_equipment_unique_name_per_campaign"
            ),
            models.UniqueConstraint(
                fields=["name"],
                condition=models.Q(campaign__isnull=True),
                name="content_equipment_unique_default_name",
            ),
        )

    def __str__(self) -> str:
        where = self.campaign or "default"
        return f"{self.name} ({self.price:,} cr, {where})"


class BackgroundTable(models.Model):
    """A random table of the variable background option (background, cash, assets, debts)."""

    campaign = models.ForeignKey(
        "campaigns.Campaign",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="background_tables",
        help_text="Empty: part of the default (house) set every campaign starts from.",
    )
    key = models.SlugField(max_length=40, help_text="background, cash, assets, debts …")
    name = models.CharField(max_length=120)
    dice = models.CharField(max_length=20, default="2d6")
    description = models.TextField(blank=True)
    sort_order = models.PositiveIntegerField(default=0)
    # A campaign row with available=False withdraws the default table of the same key.
    available = models.BooleanField(default=True)

    class Meta:
        ordering = (
            "sort_order",
            "key",
        )
        constraints = (
            models.UniqueConstraint(
                fields=["campaign", "key"], name="content_table_unique_key_per_campaign"
            ),
            models.UniqueConstraint(
                fields=["key"],
                condition=models.Q(campaign__isnull=True),
                name="content_table_unique_default_key",
            ),
        )

    def __str__(self) -> str:
        where = self.campaign or "default"
        return f"{self.name} ({self.dice}, {where})"


class BackgroundRow(models.Model):
    """One result of a background table, covering the rolls low..high."""

    table = models.ForeignKey(BackgroundTable, on_delete=models.CASCADE, related_name="rows")
    low = models.PositiveSmallIntegerField()
    high = models.PositiveSmallIntegerField()
    result = models.TextField()
    credits = models.IntegerField(default=0, help_text="Credits this result adds to the purse.")
    assets = models.TextField(blank=True)
    debts = models.TextField(blank=True)

    class Meta:
        ordering = (
            "table",
            "low",
        )
        constraints = (
            models.CheckConstraint(
                condition=models.Q(high__gte=models.F("low")), name="content_row_low_le_high"
            ),
        )

    def __str__(self) -> str:
        span = str(self.low) if self.low == self.high else f"{self.low}–{self.high}"
        return f"{self.table.key} {span}: {self.result[:40]}"


class HistoryPromptKey(models.TextChoices):
    SKILL = "skill", "A rank added to a skill"
    SKILL_NEW = "skill_new", "A new skill at rank 0"
    CHARACTERISTIC = "characteristic", "A characteristic raised"
    LOST_PREREQUISITE = "lost_prerequisite", "A roll lost to a prerequisite"
    LOST_RANK_SIX = "lost_rank_six", "A roll lost to a skill already at rank 6"
    LOST_MAXIMUM = "lost_maximum", "A roll lost to a characteristic at its maximum"
    SURVIVAL = "survival", "A survival roll passed"
    SETBACK = "setback", "A survival roll failed (setback)"
    CAREER = "career", "The career and specialisation"
    BACKGROUND = "background", "A variable background roll"


class HistoryPrompt(models.Model):
    """The prompt pre-filled into a roll's history note; the player rewrites it.

    Placeholders: {entry} {table} {career} {specialisation} {roll}.
    """

    campaign = models.ForeignKey(
        "campaigns.Campaign",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="history_prompts",
    )
    key = models.CharField(max_length=40, choices=HistoryPromptKey.choices)
    template = models.TextField(
        help_text="Placeholders: {entry} {table} {career} {specialisation} {roll}."
    )

    class Meta:
        ordering = ("key",)
        constraints = (
            models.UniqueConstraint(
                fields=["campaign", "key"], name="content_prompt_unique_key_per_campaign"
            ),
            models.UniqueConstraint(
                fields=["key"],
                condition=models.Q(campaign__isnull=True),
                name="content_prompt_unique_default_key",
            ),
        )

    def __str__(self) -> str:
        return f"{self.key} ({self.campaign or 'default'})"

    def clean(self) -> None:
        # Checked here so the admin and the GM's formset refuse the same templates,
        # each with the reason under the field.
        super().clean()
        problems = prompt_template_problems(self.template)
        if problems:
            raise ValidationError({"template": problems})
