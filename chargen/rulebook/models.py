"""The Infinity Drive rule data: skills, career tables, survival targets, dice tables.

These rows are loaded from `fixtures/infinity_drive.json` and edited in the admin.
`rules.infinity_drive.rulebook.rulebook_from_records` reads them (serialised) into the
plain `Rulebook` the engine uses, so field names here are a contract with that file.
"""

from __future__ import annotations

import uuid

from django.core.exceptions import ValidationError
from django.db import models

from rules.dice import DiceSpec
from rules.errors import RulesError

CHARACTERISTIC_CHOICES = [
    ("Mus", "Muscle (Mus)"),
    ("Grc", "Grace (Grc)"),
    ("Res", "Resilience (Res)"),
    ("Int", "Intellect (Int)"),
    ("Sty", "Sanity (Sty)"),
    ("Chz", "Chutzpah (Chz)"),
    ("Mtp", "Metaphysical (Mtp)"),
]


class Learning(models.TextChoices):
    ACTION = "action", "Action"
    ACADEMIC = "academic", "Academic"


class LearnerType(models.TextChoices):
    ACTION = "action", "Action"
    ACADEMIC = "academic", "Academic"
    BALANCED = "balanced", "Neither Academic or Action"


class Skill(models.Model):
    name = models.CharField(max_length=60, unique=True)
    description = models.TextField(blank=True)
    prerequisite_text = models.CharField(
        "prerequisites",
        max_length=100,
        default="None",
        help_text='As the book prints it, e.g. "Int: 7 Sty: 9", "Mus: 8 OR Chz: 7", "None".',
    )
    free_at_rank_zero = models.BooleanField(
        "free at rank 0", default=False, help_text="Every character has it at rank 0."
    )
    specialty_required = models.BooleanField(
        default=False, help_text="Taken as e.g. Knowledge (Military), never bare."
    )
    specialties = models.JSONField(
        default=list,
        blank=True,
        help_text="The specialties the book names, as a JSON list of strings.",
    )
    specialties_closed = models.BooleanField(
        "closed specialty list",
        default=False,
        help_text="The list above is complete; players cannot invent their own.",
    )
    added_by_ruling = models.BooleanField(
        default=False, help_text="Not in the book's skill list; see docs/rulings.md."
    )
    sort_order = models.PositiveSmallIntegerField(default=0, help_text="The book's order.")

    class Meta:
        ordering = ("sort_order", "name")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        # Imported lazily so the models load even while the parser module is being written.
        from rules.infinity_drive.prerequisites import parse_prerequisite

        try:
            parse_prerequisite(self.prerequisite_text)
        except RulesError as error:
            raise ValidationError({"prerequisite_text": str(error)}) from error
        if not isinstance(self.specialties, list) or not all(
            isinstance(specialty, str) and specialty.strip() for specialty in self.specialties
        ):
            raise ValidationError(
                {"specialties": 'Give the specialties as a list of names, e.g. ["Military"].'}
            )
        if self.specialties_closed and not self.specialties:
            raise ValidationError(
                {"specialties_closed": "A closed specialty list needs at least one specialty."}
            )


class Career(models.Model):
    name = models.CharField(max_length=40, unique=True)

    class Meta:
        ordering = ("pk",)

    def __str__(self) -> str:
        return self.name


class Specialisation(models.Model):
    career = models.ForeignKey(Career, on_delete=models.CASCADE, related_name="specialisations")
    name = models.CharField(max_length=40)
    die_roll = models.PositiveSmallIntegerField(help_text="The 1d6 roll that gives it (1–6).")

    class Meta:
        ordering = ("career", "die_roll")
        constraints = (
            models.UniqueConstraint(
                fields=["career", "die_roll"], name="rulebook_specialisation_unique_roll"
            ),
            models.UniqueConstraint(
                fields=["career", "name"], name="rulebook_specialisation_unique_name"
            ),
            models.CheckConstraint(
                condition=models.Q(die_roll__gte=1, die_roll__lte=6),
                name="rulebook_specialisation_die_roll_1_to_6",
            ),
        )

    def __str__(self) -> str:
        return f"{self.career} – {self.name}"


class CareerTable(models.Model):
    name = models.CharField(max_length=80, help_text="The book's heading.")
    slug = models.SlugField(max_length=80, unique=True)
    career = models.ForeignKey(Career, on_delete=models.CASCADE, related_name="tables")
    specialisation = models.ForeignKey(
        Specialisation,
        on_delete=models.CASCADE,
        related_name="tables",
        null=True,
        blank=True,
        help_text="Empty for the career's Planetside tables.",
    )
    learning = models.CharField(max_length=10, choices=Learning.choices)

    class Meta:
        ordering = ("pk",)

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        if (
            self.specialisation_id is not None
            and self.career_id is not None
            and self.specialisation is not None
            and self.specialisation.career_id != self.career_id
        ):
            raise ValidationError(
                {"specialisation": "The specialisation belongs to another career."}
            )


class TableRow(models.Model):
    table = models.ForeignKey(CareerTable, on_delete=models.CASCADE, related_name="rows")
    roll = models.PositiveSmallIntegerField(help_text="The 2d6 roll (2–12).")
    book_text = models.CharField(max_length=80, help_text="The entry as the book prints it.")
    skill = models.ForeignKey(
        Skill, on_delete=models.PROTECT, related_name="table_rows", null=True, blank=True
    )
    specialty = models.CharField(
        max_length=60, blank=True, help_text="Empty when the player chooses the specialty."
    )
    characteristic = models.CharField(
        max_length=3, choices=CHARACTERISTIC_CHOICES, blank=True, default=""
    )
    amount = models.PositiveSmallIntegerField(
        default=0, help_text="How much the characteristic rises (0 for a skill)."
    )

    class Meta:
        ordering = ("table", "roll")
        constraints = (
            models.UniqueConstraint(fields=["table", "roll"], name="rulebook_tablerow_unique_roll"),
            models.CheckConstraint(
                condition=models.Q(roll__gte=2, roll__lte=12), name="rulebook_tablerow_roll_2_to_12"
            ),
        )

    def __str__(self) -> str:
        return f"{self.table} {self.roll}: {self.book_text}"

    def clean(self) -> None:
        super().clean()
        has_skill = self.skill_id is not None
        has_characteristic = bool(self.characteristic)
        if has_skill == has_characteristic:
            raise ValidationError("A row gives either a skill or a characteristic, not both.")
        if has_characteristic:
            if not 1 <= self.amount <= 3:
                raise ValidationError({"amount": "A characteristic row adds 1 to 3."})
            if self.specialty:
                raise ValidationError({"specialty": "Only a skill row can name a specialty."})
        elif self.amount != 0:
            raise ValidationError({"amount": "A skill row adds no characteristic points (0)."})


class SurvivalTarget(models.Model):
    career = models.ForeignKey(Career, on_delete=models.CASCADE, related_name="survival_targets")
    learner_type = models.CharField(max_length=10, choices=LearnerType.choices)
    target = models.PositiveSmallIntegerField(help_text="The survival 2d6 must roll higher.")

    class Meta:
        ordering = ("career", "learner_type")
        constraints = (
            models.UniqueConstraint(
                fields=["career", "learner_type"], name="rulebook_survivaltarget_unique"
            ),
        )

    def __str__(self) -> str:
        return f"{self.career} {self.get_learner_type_display()}: beat {self.target}"


class CharacteristicTestDifficulty(models.Model):
    name = models.CharField(max_length=40, unique=True)
    dice = models.CharField(max_length=10, help_text='e.g. "2d6".')
    minimum = models.PositiveSmallIntegerField()
    maximum = models.PositiveSmallIntegerField()
    sort_order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ("sort_order",)
        verbose_name = "characteristic test difficulty"
        verbose_name_plural = "characteristic test difficulties"

    def __str__(self) -> str:
        return f"{self.name} ({self.dice})"

    def clean(self) -> None:
        super().clean()
        _validate_dice(self.dice)


class SkillCheckDifficulty(models.Model):
    name = models.CharField(max_length=40, unique=True)
    dice = models.CharField(max_length=10, help_text='e.g. "2d4".')
    sort_order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ("sort_order",)
        verbose_name = "skill check difficulty"
        verbose_name_plural = "skill check difficulties"

    def __str__(self) -> str:
        return f"{self.name} ({self.dice})"

    def clean(self) -> None:
        super().clean()
        _validate_dice(self.dice)


class ModifierBand(models.Model):
    low = models.SmallIntegerField(help_text="Lowest characteristic value in the band.")
    high = models.SmallIntegerField(
        null=True, blank=True, help_text="Highest value; empty means no upper limit."
    )
    modifier = models.SmallIntegerField()
    book_text = models.CharField(max_length=60, blank=True, help_text='e.g. "E – (11)".')

    class Meta:
        ordering = ("low",)
        verbose_name = "characteristic modifier band"

    def __str__(self) -> str:
        upper = "up" if self.high is None else str(self.high)
        return f"{self.low}–{upper}: {self.modifier:+d}"

    def clean(self) -> None:
        super().clean()
        if self.high is not None and self.high < self.low:
            raise ValidationError({"high": "The band's top is below its bottom."})


class GradeOfSuccess(models.Model):
    name = models.CharField(max_length=40, unique=True)
    low_margin = models.SmallIntegerField(
        null=True, blank=True, help_text="Roll minus TN, lowest; empty means no lower limit."
    )
    high_margin = models.SmallIntegerField(
        null=True, blank=True, help_text="Roll minus TN, highest; empty means no upper limit."
    )
    book_text = models.CharField(max_length=80, help_text="The book's variation column.")
    description = models.TextField(blank=True)
    sort_order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ("sort_order",)
        verbose_name = "grade of success"
        verbose_name_plural = "grades of success"

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        if (
            self.low_margin is not None
            and self.high_margin is not None
            and self.high_margin < self.low_margin
        ):
            raise ValidationError({"high_margin": "The top margin is below the bottom one."})


def _validate_dice(text: str) -> None:
    try:
        DiceSpec.parse(text)
    except RulesError as error:
        raise ValidationError({"dice": str(error)}) from error


class RemovedBookRow(models.Model):
    """A row of the book's data (fixtures/) that was deleted here, so `load_rules_data`
    never adds it back. Deleting this record lets the next run add the row again."""

    model_label = models.CharField(max_length=100)  # e.g. "rulebook.tablerow"
    object_pk = models.CharField(max_length=64)  # the fixture's primary key, as text
    description = models.CharField(max_length=200, blank=True)
    removed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-removed_at",)
        constraints = (
            models.UniqueConstraint(
                fields=("model_label", "object_pk"), name="rulebook_removed_row_once"
            ),
        )

    def __str__(self) -> str:
        return f"{self.model_label} {self.object_pk}: {self.description}"


class HomebrewCareer(models.Model):
    """A career a campaign's GM writes: a draft, and the versions published from it.

    The draft is the career as `rules.infinity_drive.homebrew_careers.career_to_json`
    writes it; it may be broken (it is checked when shown and refused when published).
    Characters read only published versions, through the rule data they pin."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="homebrew_careers"
    )
    # The draft's name, kept as a column so a campaign never has two careers of one name.
    name = models.CharField(max_length=120)
    draft = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("name",)
        constraints = (
            models.UniqueConstraint(
                fields=("campaign", "name"), name="rulebook_homebrew_career_name_per_campaign"
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} (homebrew)"


class HomebrewCareerVersion(models.Model):
    """One published version of a homebrew career; never changed once written."""

    career = models.ForeignKey(HomebrewCareer, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    data = models.JSONField()
    published = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("career", "-number")
        constraints = (
            models.UniqueConstraint(
                fields=("career", "number"), name="rulebook_homebrew_version_once"
            ),
        )

    def __str__(self) -> str:
        return f"{self.career.name} v{self.number}"


class HiddenBookCareer(models.Model):
    """A book career a campaign's GM has taken out of the campaign (for new characters)."""

    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="hidden_book_careers"
    )
    name = models.CharField(max_length=120)

    class Meta:
        ordering = ("name",)
        constraints = (
            models.UniqueConstraint(
                fields=("campaign", "name"), name="rulebook_hidden_career_once"
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} hidden in {self.campaign}"
