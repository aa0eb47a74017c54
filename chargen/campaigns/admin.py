from __future__ import annotations

from django.contrib import admin

from chargen.campaigns.models import Campaign, Membership, RetiredInvite


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("name", "gm", "game", "created")
    list_filter = ("game",)
    search_fields = ("name", "gm__username")
    raw_id_fields = ("gm",)
    inlines = (MembershipInline,)


@admin.register(RetiredInvite)
class RetiredInviteAdmin(admin.ModelAdmin):
    list_display = ("campaign", "retired")
    raw_id_fields = ("campaign",)
