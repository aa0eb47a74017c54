from __future__ import annotations

from django.contrib import admin

from chargen.content.models import (
    BackgroundRow,
    BackgroundTable,
    EquipmentItem,
    HistoryPrompt,
)


@admin.register(EquipmentItem)
class EquipmentItemAdmin(admin.ModelAdmin):
    list_display = ("name", "category", "price", "campaign", "available", "sort_order")
    list_filter = ("category", "available", ("campaign", admin.EmptyFieldListFilter))
    search_fields = ("name", "description")
    list_editable = ("price", "sort_order", "available")


class BackgroundRowInline(admin.TabularInline):
    model = BackgroundRow
    extra = 1
    fields = ("low", "high", "result", "credits", "assets", "debts")


@admin.register(BackgroundTable)
class BackgroundTableAdmin(admin.ModelAdmin):
    list_display = ("name", "key", "dice", "campaign", "available", "sort_order")
    list_filter = ("key", ("campaign", admin.EmptyFieldListFilter))
    search_fields = ("name", "key")
    inlines = (BackgroundRowInline,)


@admin.register(HistoryPrompt)
class HistoryPromptAdmin(admin.ModelAdmin):
    list_display = ("key", "campaign", "template")
    list_filter = ("key", ("campaign", admin.EmptyFieldListFilter))
    search_fields = ("template",)
