"""Decisions are a record: the admin shows them but cannot change or delete them."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from chargen.desk.models import Decision, LastSeen, Notification


@admin.register(Decision)
class DecisionAdmin(admin.ModelAdmin):
    list_display = ("decided_at", "campaign", "item_kind", "item_name", "action", "decided_by")
    list_filter = ("item_kind", "action")
    search_fields = ("item_name", "note")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Decision | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Decision | None = None) -> bool:
        return False


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("created", "recipient", "campaign", "kind", "message")
    list_filter = ("kind",)


@admin.register(LastSeen)
class LastSeenAdmin(admin.ModelAdmin):
    list_display = ("user", "campaign", "seen_at")
