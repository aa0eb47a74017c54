"""The rule data a character was built under, stored once per content hash.

A `RuleVersion` is immutable: its primary key is the sha256 of its canonical JSON,
so the same tables always give the same version and a version never changes. Each
game system's character points at the versions it read (its rule tables, its
campaign content), so editing a table changes new characters, never existing ones.

`CurrentRuleVersion` says which version is current for one scope ("infinity_drive",
"content:<campaign>", ...). It lives in the database so every worker process agrees;
an edit of a rule row clears it in the edit's own transaction (see ruledata.py).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class RuleVersion(models.Model):
    sha256 = models.CharField(primary_key=True, max_length=64, editable=False)
    # Which kind of data: "infinity_drive", "drifting", "content" (see ruledata.py).
    ruleset = models.CharField(max_length=40, editable=False, db_index=True)
    data = models.JSONField(editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created",)
        verbose_name = "rule data version"

    def __str__(self) -> str:
        return f"{self.ruleset} {self.short_hash} ({self.created:%Y-%m-%d %H:%M})"

    @property
    def short_hash(self) -> str:
        return self.sha256[:12]


class CurrentRuleVersion(models.Model):
    """The version the live tables hold now, for one scope; empty until recomputed."""

    scope = models.CharField(primary_key=True, max_length=80)
    # Bumped by every edit, so a version computed from rows read before the edit
    # (by another worker, at the same moment) is never recorded as current.
    generation = models.PositiveBigIntegerField(default=0)
    version = models.ForeignKey(
        RuleVersion, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = "current rule data version"

    def __str__(self) -> str:
        return f"{self.scope}: {self.version_id or 'to be recomputed'}"


class SigningKey(models.Model):
    """A public key this server has signed log rows with (chargen.core.roll_keys).

    Kept for good, so a signature made before a key rotation still verifies.
    """

    key_id = models.CharField(primary_key=True, max_length=16, editable=False)
    public_key = models.CharField(max_length=64, editable=False)  # raw, URL-safe base64
    first_used = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("first_used",)

    def __str__(self) -> str:
        return f"Ed25519 {self.key_id}"


class Paper(models.TextChoices):
    A4 = "A4", "A4"
    LETTER = "Letter", "Letter"


class PaperSetting(models.Model):
    """The paper a user's PDF sheets are laid out on (no row: guessed from the browser)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="paper_setting"
    )
    paper = models.CharField(max_length=10, choices=Paper.choices, default=Paper.A4)

    def __str__(self) -> str:
        return f"{self.user}: {self.paper}"
