"""Drifting as data: lifepaths, characters, their tokens and their log.

The lifepaths chosen and every roll, loss, share and refresh are rows in the
character's log (append-only; each row carries its dice and records what it changed
on the sheet). The token sheet and the lifepaths chosen are replays of that log
(rules/drifting/replay.py, chosen.py); `CharacterToken` and `ChosenLifepath` are
their snapshots for the pages and lists, written from the replay in the same
transaction as each row and checked by `manage.py check_snapshots`. A unique
(character, sequence) on the log is the one-time key that makes a replayed or
concurrent POST return the row already saved.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse

from chargen.core.log import FIRST_SEQUENCE, UNDO_KIND, LogEntryBase
from chargen.core.log_version import LogSubject
from rules import drifting as rules


class TokenKind(models.TextChoices):
    BACKGROUND = rules.TokenKind.BACKGROUND.value, "Background"
    FOCUS = rules.TokenKind.FOCUS.value, "Focus"
    REPUTATION = rules.TokenKind.REPUTATION.value, "Reputation"


class Lifepath(models.Model):
    """A stage of a life in the Tigris system. No campaign: the shared starter set."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    campaign = models.ForeignKey(
        "campaigns.Campaign",
        on_delete=models.CASCADE,
        related_name="drifting_lifepaths",
        null=True,
        blank=True,
    )
    slug = models.SlugField(max_length=60)
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True)
    region = models.CharField(
        max_length=80, blank=True, help_text="Where in the Tigris system this life is led."
    )
    requires = models.ManyToManyField(
        "self",
        symmetrical=False,
        blank=True,
        related_name="leads_to",
        help_text="One of these must come earlier in the life (none: any time).",
    )
    house_content = models.BooleanField(
        default=True, help_text="Written for Chargen, not taken from the book."
    )
    order = models.PositiveSmallIntegerField(default=0)
    # An imported character's choice needs a row here (ChosenLifepath's foreign key);
    # when the lifepath is not on this server, the import recreates it from the pinned
    # record its file carries. Such a row was never offered here and never will be.
    restored_for_import = models.BooleanField(
        default=False,
        help_text="Recreated from an imported character's pinned data; never offered.",
    )
    # A campaign's own lifepath is published as numbered versions (chargen.drifting.
    # lifepath_drafts): each publish writes the next one, and the characters pinned
    # before keep the version they read. The starter set stays at 1.
    version = models.PositiveIntegerField(default=1, editable=False)
    # The draft whose publishing wrote this version: a second POST of the same publish
    # (a double-click, Back) finds it here instead of a draft that is gone.
    published_from = models.UUIDField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ("order", "name")
        constraints = (
            models.UniqueConstraint(
                fields=("campaign", "slug"), name="drifting_lifepath_slug_per_campaign"
            ),
        )

    def __str__(self) -> str:
        return self.name

    def as_rules(self) -> rules.Lifepath:
        return rules.Lifepath(
            slug=self.slug,
            name=self.name,
            region=self.region,
            grants=tuple(
                rules.TokenGrant(
                    kind=rules.TokenKind(grant.kind), name=grant.name, count=grant.count
                )
                for grant in self.grants.all()
            ),
            requires=tuple(required.slug for required in self.requires.all()),
            requires_names=tuple(required.name for required in self.requires.all()),
        )


class LifepathDraft(models.Model):
    """A GM's lifepath for one campaign, not yet offered to anyone: written blank, copied
    from a lifepath, or opened to edit one of the campaign's own (`replaces`). Its fields
    are kept as written (the lifepaths before by name, the grants as lines) so the checks
    of the whole set (rules.drifting.lifepath_checks) can say what is wrong where;
    publishing writes it into a `Lifepath` version and removes the draft."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="drifting_lifepath_drafts"
    )
    replaces = models.ForeignKey(
        Lifepath,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="drafts",
        help_text="The campaign's published lifepath this draft becomes the next version of.",
    )
    name = models.CharField(max_length=80)
    region = models.CharField(max_length=80, blank=True)
    description = models.TextField(blank=True)
    # Names of the lifepaths of which one must come earlier (empty: any time).
    requires = models.JSONField(default=list, blank=True)
    # [{"kind": ..., "name": ..., "count": ...}], as written.
    grants = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("name", "created")
        constraints = (
            models.UniqueConstraint(
                fields=("replaces",),
                condition=models.Q(replaces__isnull=False),
                name="drifting_one_draft_per_lifepath",
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} (draft)"


class WithdrawnLifepath(models.Model):
    """A lifepath a campaign's GM has taken out of what the campaign offers: one of its own
    (withdrawn) or one of the starter set (hidden in this campaign). No new character of
    the campaign may choose it; a character that took it keeps it, since its pinned rule
    data holds the set it read (chargen.drifting.pinned). Deleting the row offers it again."""

    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="withdrawn_lifepaths"
    )
    lifepath = models.ForeignKey(Lifepath, on_delete=models.CASCADE, related_name="withdrawals")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created",)
        constraints = (
            models.UniqueConstraint(
                fields=("campaign", "lifepath"), name="drifting_lifepath_withdrawn_once"
            ),
        )

    def __str__(self) -> str:
        return f"{self.lifepath} withdrawn from {self.campaign}"


GRANT_COUNT_MESSAGE = f"A lifepath grants 1 to {rules.MAX_TOKENS_PER_GRANT} tokens of a type."


class LifepathGrant(models.Model):
    lifepath = models.ForeignKey(Lifepath, on_delete=models.CASCADE, related_name="grants")
    kind = models.CharField(max_length=12, choices=TokenKind.choices)
    name = models.CharField(max_length=60)
    count = models.PositiveSmallIntegerField(
        default=1,
        # The same cap the GM's form applies, for the admin too.
        validators=[
            MinValueValidator(1, message=GRANT_COUNT_MESSAGE),
            MaxValueValidator(rules.MAX_TOKENS_PER_GRANT, message=GRANT_COUNT_MESSAGE),
        ],
    )

    class Meta:
        ordering = ("id",)

    def __str__(self) -> str:
        return f"{self.count} × {self.name} ({self.get_kind_display()})"


class CreationStep(models.TextChoices):
    CONCEPT = "concept", "Concept and campaign"
    LIFEPATHS = "lifepaths", "Lifepaths"
    REVIEW = "review", "Review"
    FINISHED = "finished", "Finished"


# What a character is called until the player names it (the start form says so).
UNNAMED = "Unnamed drifter"


class Character(LogSubject):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="drifting_characters"
    )
    campaign = models.ForeignKey(
        "campaigns.Campaign",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="drifting_characters",
    )
    name = models.CharField(max_length=80, blank=True)
    concept = models.CharField(max_length=200, blank=True)
    step = models.CharField(
        max_length=12, choices=CreationStep.choices, default=CreationStep.CONCEPT
    )
    # The lifepaths (with grants and requirements) open to it when it started or moved
    # campaign (chargen.drifting.pinned): an admin's later edit changes new drafts only.
    rule_version = models.ForeignKey(
        "core.RuleVersion",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="drifting_characters",
    )
    # The start form's one-time key: a second POST of the same form (a double-click on
    # Start, Back and send again) finds the character the first one made.
    start_key = models.UUIDField(null=True, blank=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-updated",)
        constraints = (
            models.UniqueConstraint(
                fields=("owner", "start_key"), name="drifting_one_character_per_start_key"
            ),
        )

    def __str__(self) -> str:
        return self.name or UNNAMED

    def get_absolute_url(self) -> str:
        return reverse("drifting:character", kwargs={"character_id": self.id})

    @property
    def is_finished(self) -> bool:
        return self.step == CreationStep.FINISHED

    @property
    def next_sequence(self) -> int:
        """The one-time key for the next form: the log's next row number."""
        last = self.log.order_by("-sequence").values_list("sequence", flat=True).first()
        return FIRST_SEQUENCE if last is None else last + 1


class ChosenLifepath(models.Model):
    """A lifepath chosen, as a snapshot of the log's replay (chargen/drifting/lifepath_log.py):
    never written but from it. Its PROTECT keeps a chosen lifepath's row from deletion."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="lifepaths")
    position = models.PositiveSmallIntegerField()
    lifepath = models.ForeignKey(Lifepath, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ("position",)
        constraints = (
            models.UniqueConstraint(
                fields=("character", "position"), name="drifting_one_lifepath_per_position"
            ),
        )

    def __str__(self) -> str:
        return f"{self.position + 1}. {self.lifepath}"


class CharacterToken(models.Model):
    """One token type on the sheet, as rules.drifting.TokenState stores it: a snapshot of
    the log's replay, never written but from it (chargen/drifting/sheet_writes.py)."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="tokens")
    name = models.CharField(max_length=60)
    kind = models.CharField(max_length=12, choices=TokenKind.choices)
    held = models.PositiveSmallIntegerField(default=0)
    depleted = models.PositiveSmallIntegerField(default=0)
    lost = models.PositiveSmallIntegerField(default=0)
    checks = models.PositiveSmallIntegerField(default=0)
    shared_marks = models.PositiveSmallIntegerField(default=0)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ("order", "name")
        constraints = (
            models.UniqueConstraint(
                fields=("character", "name"), name="drifting_one_row_per_token_type"
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} ×{self.held}"

    def as_rules(self) -> rules.TokenState:
        return rules.TokenState(
            name=self.name,
            kind=rules.TokenKind(self.kind),
            held=self.held,
            depleted=self.depleted,
            lost=self.lost,
            checks=self.checks,
            shared_marks=self.shared_marks,
        )

    @property
    def state(self) -> rules.TokenState:
        return self.as_rules()


class LogKind(models.TextChoices):
    STARTED = "started", "Started"
    CONCEPT = "concept", "Concept"
    LIFEPATH = "lifepath", "Lifepath chosen"
    LIFEPATH_UNDONE = "lifepath_undone", "Lifepath taken back"
    # Moving on to the review (its own row, so a double-click answers with it).
    REVIEW = "review", "Reviewed"
    FINISHED = "finished", "Finished"
    ROLL = "roll", "Roll"
    ASSIST = "assist", "Assist given"
    SHARED_MARK = "shared_mark", "Shared check mark received"
    GAIN = "gain", "Token gained"
    LOSS = "loss", "Tokens lost"
    REFRESH = "refresh", "Refresh"
    # The kernel's undo row (details {"cancels": n}): a loss entered by mistake, or a
    # lifepath taken back during creation (details {"cancels": n, "lifepath": id}).
    # Older drafts took lifepaths back with LIFEPATH_UNDONE rows, which replay reads too.
    UNDO = UNDO_KIND, "Undone"


class LogEntry(LogEntryBase):
    """One thing that happened to a character, with its dice. Never edited or deleted."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="log")
    kind = models.CharField(max_length=20, choices=LogKind.choices)
    summary = models.TextField()
    total = models.IntegerField(null=True, blank=True)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ("sequence",)
        constraints = (
            models.UniqueConstraint(
                fields=("character", "sequence"), name="drifting_one_log_row_per_sequence"
            ),
        )

    def __str__(self) -> str:
        return f"{self.character} #{self.sequence}: {self.get_kind_display()}"

    @property
    def dice(self) -> list[dict[str, object]]:
        """Faces with whether each was kept at face value, for display."""
        kept = set(self.details.get("kept_positions", []))
        counted = self.details.get("counted", list(self.faces))
        return [
            {"face": face, "kept": position in kept, "counted": counted[position]}
            for position, face in enumerate(self.faces)
        ]


class PendingAssist(models.Model):
    """A die (and its +1) another character depleted a token to give; used by the next roll."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    recipient = models.ForeignKey(
        Character, on_delete=models.CASCADE, related_name="assists_waiting"
    )
    helper = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="assists_given")
    token = models.CharField(max_length=60)
    used_by = models.ForeignKey(
        LogEntry, on_delete=models.SET_NULL, null=True, blank=True, related_name="assists_used"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created",)

    def __str__(self) -> str:
        return f"{self.helper}'s {self.token} for {self.recipient}"


class BringRequest(models.Model):
    """A player's ask to bring a finished character from outside any campaign into one.

    Drifting campaigns have no approval step, but the GM never saw this character
    built (an import, say): it joins only when the GM accepts, having seen where its
    dice came from. `accepted` is None while the request is open.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    character = models.ForeignKey(
        Character, on_delete=models.CASCADE, related_name="bring_requests"
    )
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="drifting_bring_requests"
    )
    created = models.DateTimeField(auto_now_add=True)
    decided = models.DateTimeField(null=True, blank=True)
    accepted = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ("-created",)
        constraints = (
            # One open request per character: a second ask while one waits is refused.
            models.UniqueConstraint(
                fields=("character",),
                condition=models.Q(decided__isnull=True),
                name="drifting_one_open_bring_request",
            ),
        )

    def __str__(self) -> str:
        return f"{self.character} into {self.campaign}"

    @property
    def is_open(self) -> bool:
        return self.decided is None
