"""The rule data versions characters are pinned to: readable, never edited here.

The character counts come from every foreign key that points at a version (each game
system's characters), found through the model's relations, so core names no system.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, Exists, OuterRef, QuerySet
from django.http import HttpRequest

from chargen.core.models import CurrentRuleVersion, RuleVersion


def _pinning_relations() -> list[str]:
    return [relation.get_accessor_name() or "" for relation in RuleVersion._meta.related_objects]


@admin.register(RuleVersion)
class RuleVersionAdmin(admin.ModelAdmin):
    list_display = ("short_hash", "ruleset", "created", "is_current", "characters")
    list_filter = ("ruleset",)
    fields = ("sha256", "ruleset", "created", "data")
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[RuleVersion]:
        counts = {
            f"pinned_{name}": Count(name, distinct=True) for name in _pinning_relations() if name
        }
        return (
            super()
            .get_queryset(request)
            .defer("data")
            .annotate(
                current=Exists(CurrentRuleVersion.objects.filter(version=OuterRef("pk"))),
                **counts,
            )
        )

    @admin.display(boolean=True, description="current")
    def is_current(self, version: RuleVersion) -> bool:
        return bool(getattr(version, "current", False))

    @admin.display(description="characters built under it")
    def characters(self, version: RuleVersion) -> int:
        return sum(int(getattr(version, f"pinned_{name}", 0) or 0) for name in _pinning_relations())

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
