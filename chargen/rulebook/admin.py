"""Admin for the Infinity Drive rule data: every table a GM or maintainer may correct."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from django.contrib import admin
from django.http import HttpRequest

from chargen.rulebook.models import (
    Career,
    CareerTable,
    CharacteristicTestDifficulty,
    GradeOfSuccess,
    ModifierBand,
    RemovedBookRow,
    Skill,
    SkillCheckDifficulty,
    Specialisation,
    SurvivalTarget,
    TableRow,
)


@admin.register(Skill)
class SkillAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "prerequisite_text",
        "free_at_rank_zero",
        "specialty_required",
        "specialties_closed",
        "added_by_ruling",
        "sort_order",
    )
    list_filter = ("free_at_rank_zero", "specialty_required", "added_by_ruling")
    search_fields = ("name", "description", "prerequisite_text")
    list_editable = ("sort_order",)
    fields = (
        "name",
        "description",
        "prerequisite_text",
        "free_at_rank_zero",
        ("specialty_required", "specialties_closed"),
        "specialties",
        "added_by_ruling",
        "sort_order",
    )


class SpecialisationInline(admin.TabularInline):
    model = Specialisation
    fields = ("die_roll", "name")
    extra = 0
    max_num = 6


class SurvivalTargetInline(admin.TabularInline):
    model = SurvivalTarget
    fields = ("learner_type", "target")
    extra = 0
    max_num = 3


@admin.register(Career)
class CareerAdmin(admin.ModelAdmin):
    list_display = ("name",)
    inlines = (SpecialisationInline, SurvivalTargetInline)


@admin.register(Specialisation)
class SpecialisationAdmin(admin.ModelAdmin):
    list_display = ("name", "career", "die_roll")
    list_filter = ("career",)
    search_fields = ("name",)


class TableRowInline(admin.TabularInline):
    model = TableRow
    fields = ("roll", "book_text", "skill", "specialty", "characteristic", "amount")
    extra = 0
    max_num = 11
    autocomplete_fields = ("skill",)


@admin.register(CareerTable)
class CareerTableAdmin(admin.ModelAdmin):
    list_display = ("name", "career", "specialisation", "learning", "slug")
    list_filter = ("career", "learning", "specialisation")
    search_fields = ("name", "slug")
    list_select_related = ("career", "specialisation")
    prepopulated_fields: ClassVar[dict[str, Sequence[str]]] = {"slug": ("name",)}
    inlines = (TableRowInline,)


@admin.register(TableRow)
class TableRowAdmin(admin.ModelAdmin):
    list_display = ("table", "roll", "book_text", "skill", "specialty", "characteristic", "amount")
    list_filter = ("table__career", "table__learning", "table")
    search_fields = ("book_text", "skill__name", "specialty", "table__name")
    list_select_related = ("table", "skill")
    autocomplete_fields = ("skill",)


@admin.register(SurvivalTarget)
class SurvivalTargetAdmin(admin.ModelAdmin):
    list_display = ("career", "learner_type", "target")
    list_filter = ("career", "learner_type")


@admin.register(CharacteristicTestDifficulty)
class CharacteristicTestDifficultyAdmin(admin.ModelAdmin):
    list_display = ("name", "dice", "minimum", "maximum", "sort_order")


@admin.register(SkillCheckDifficulty)
class SkillCheckDifficultyAdmin(admin.ModelAdmin):
    list_display = ("name", "dice", "sort_order")


@admin.register(ModifierBand)
class ModifierBandAdmin(admin.ModelAdmin):
    list_display = ("book_text", "low", "high", "modifier")


@admin.register(GradeOfSuccess)
class GradeOfSuccessAdmin(admin.ModelAdmin):
    list_display = ("name", "book_text", "low_margin", "high_margin", "sort_order")


@admin.register(RemovedBookRow)
class RemovedBookRowAdmin(admin.ModelAdmin):
    """Book rows deleted here; delete an entry to have load_rules_data add its row back."""

    list_display = ("model_label", "object_pk", "description", "removed_at")
    list_filter = ("model_label",)
    search_fields = ("description", "object_pk")
    readonly_fields = ("model_label", "object_pk", "description", "removed_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object | None = None) -> bool:
        return False
