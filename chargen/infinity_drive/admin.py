"""Admin for characters, their creation logs and races.

The creation log is shown read-only: an admin can read every roll and every note but
cannot rewrite one (a player's edited note is an entry of its own).
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from chargen.infinity_drive.models import Character, CreationLogEntry, Race


class CreationLogEntryInline(admin.TabularInline):
    model = CreationLogEntry
    extra = 0
    can_delete = False
    fields = ("sequence", "kind", "payload", "dice", "faces", "entered", "history_note", "created")
    readonly_fields = fields
    ordering = ("sequence",)

    def has_add_permission(self, request: HttpRequest, obj: Character | None = None) -> bool:
        return False


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "campaign", "status", "updated")
    list_filter = ("status",)
    search_fields = ("name", "owner__username")
    readonly_fields = ("id", "snapshot", "created", "updated")
    inlines = (CreationLogEntryInline,)


@admin.register(Race)
class RaceAdmin(admin.ModelAdmin):
    list_display = ("name", "campaign", "kind", "status", "proposed_by", "created")
    list_filter = ("status", "kind")
    search_fields = ("name",)
    readonly_fields = ("id", "created")
