"""Roller sheets in the admin: sheets are editable; roll logs and crises are read-only,
because a roll once made and a crisis once suffered are never taken back."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from chargen.rollers.models import (
    ManaAttribute,
    ManaCharacter,
    ManaColour,
    ManaRollEntry,
    ManaSpeciality,
    UniqueAttribute,
    UniqueCharacter,
    UniqueCrisis,
    UniqueRollEntry,
    UniqueSpecial,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Readable, never added, changed or deleted here."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class UniqueAttributeInline(admin.TabularInline):
    model = UniqueAttribute
    extra = 0


class UniqueSpecialInline(admin.TabularInline):
    model = UniqueSpecial
    extra = 0


@admin.register(UniqueCharacter)
class UniqueCharacterAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "updated")
    search_fields = ("name", "owner__username")
    inlines = (UniqueAttributeInline, UniqueSpecialInline)


@admin.register(UniqueRollEntry)
class UniqueRollEntryAdmin(ReadOnlyAdmin):
    list_display = ("character", "sequence", "kind", "total", "crisis", "entered", "created")
    list_filter = ("kind", "entered", "crisis")


@admin.register(UniqueCrisis)
class UniqueCrisisAdmin(ReadOnlyAdmin):
    list_display = ("character", "kind", "description", "created")
    list_filter = ("kind",)


class ManaColourInline(admin.TabularInline):
    model = ManaColour
    extra = 0


class ManaAttributeInline(admin.TabularInline):
    model = ManaAttribute
    extra = 0


@admin.register(ManaCharacter)
class ManaCharacterAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "updated")
    search_fields = ("name", "owner__username")
    inlines = (ManaColourInline, ManaAttributeInline)


@admin.register(ManaSpeciality)
class ManaSpecialityAdmin(admin.ModelAdmin):
    list_display = ("name", "attribute", "character")
    raw_id_fields = ("character", "attribute")


@admin.register(ManaRollEntry)
class ManaRollEntryAdmin(ReadOnlyAdmin):
    list_display = ("character", "sequence", "kind", "successes", "entered", "created")
    list_filter = ("kind", "entered")
