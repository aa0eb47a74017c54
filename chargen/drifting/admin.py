"""Lifepaths (the starter set and campaigns' own) are edited here; characters are read here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from django.contrib import admin

from chargen.drifting.models import (
    Character,
    CharacterToken,
    ChosenLifepath,
    Lifepath,
    LifepathGrant,
    LogEntry,
)


class LifepathGrantInline(admin.TabularInline):
    model = LifepathGrant
    extra = 1


@admin.register(Lifepath)
class LifepathAdmin(admin.ModelAdmin):
    list_display = ("name", "region", "campaign", "house_content", "order", "restored_for_import")
    list_filter = ("campaign", "house_content", "restored_for_import")
    search_fields = ("name", "region", "description")
    prepopulated_fields: ClassVar[dict[str, Sequence[str]]] = {"slug": ("name",)}
    filter_horizontal = ("requires",)
    inlines = (LifepathGrantInline,)


class SnapshotInline(admin.TabularInline):
    """Rows that are a snapshot of a replay of the log: shown, never edited here (an
    edit would be in no log, and the next action would replace it)."""

    extra = 0

    def has_add_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False


class CharacterTokenInline(SnapshotInline):
    model = CharacterToken


class ChosenLifepathInline(SnapshotInline):
    model = ChosenLifepath


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    list_display = ("__str__", "owner", "campaign", "step", "updated")
    list_filter = ("step", "campaign")
    inlines = (ChosenLifepathInline, CharacterTokenInline)


@admin.register(LogEntry)
class LogEntryAdmin(admin.ModelAdmin):
    """The log is append-only: readable in the admin, never editable."""

    list_display = ("character", "sequence", "kind", "summary", "entered", "created")
    list_filter = ("kind", "entered")

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False
