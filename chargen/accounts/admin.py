from __future__ import annotations

from django.contrib import admin

from chargen.accounts.forms import ThrottledAdminAuthenticationForm
from chargen.accounts.models import LoginFailure, PasswordResetRequest

# The admin has its own log-in page; without this it would let anyone guess a staff
# password as often as they liked, round the throttle on /accounts/login/.
admin.site.login_form = ThrottledAdminAuthenticationForm


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    list_display = ("username", "ip_address", "timestamp")
    search_fields = ("username", "ip_address")
    list_filter = ("timestamp",)


@admin.register(PasswordResetRequest)
class PasswordResetRequestAdmin(admin.ModelAdmin):
    list_display = ("email", "ip_address", "timestamp")
    search_fields = ("email", "ip_address")
    list_filter = ("timestamp",)
