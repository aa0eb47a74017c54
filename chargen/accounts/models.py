"""Failed log-ins, kept in the database so every web process sees the same count."""

from __future__ import annotations

from django.db import models


class LoginFailure(models.Model):
    """One failed log-in: which account was tried, from where, and when."""

    # Lower-cased, so "Alice" and "alice" count against the same account.
    username = models.CharField(max_length=150, db_index=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True, db_index=True)
    timestamp = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ("timestamp",)

    def __str__(self) -> str:
        return f"{self.username} from {self.ip_address} at {self.timestamp:%Y-%m-%d %H:%M:%S}"
