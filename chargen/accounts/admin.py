from __future__ import annotations

from django.contrib import admin

from chargen.accounts.models import PasswordResetRequest

# Failed log-ins (the admin's own log-in page included) are counted by django-axes,
# whose "Access attempts" admin lists them; deleting one there lifts its refusal.


@admin.register(PasswordResetRequest)
class PasswordResetRequestAdmin(admin.ModelAdmin):
    list_display = ("email", "ip_address", "timestamp")
    search_fields = ("email", "ip_address")
    list_filter = ("timestamp",)
