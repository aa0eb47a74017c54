"""Password-reset requests, kept in the database so every web process sees the same
counts (failed log-ins are django-axes' AccessAttempt rows)."""

from __future__ import annotations

from django.db import models


class PasswordResetRequest(models.Model):
    """One password-reset e-mail asked for: to which e-mail address, from where, and when.

    Recorded for whatever address was typed, whether or not an account uses it, so the
    count (and any refusal) says nothing about which addresses have accounts.
    """

    # Normalised the way Django matches reset addresses to accounts (NFKC, case-folded),
    # so "Bob@Example.org" and "bob@example.org" count as one. A TextField because
    # folding can lengthen an address beyond the 254 characters the form allows.
    email = models.TextField()
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    timestamp = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ("timestamp",)
        # The two counts each read one address's rows inside the window.
        indexes = (
            models.Index(fields=("email", "timestamp"), name="accounts_reset_email_time"),
            models.Index(fields=("ip_address", "timestamp"), name="accounts_reset_address_time"),
        )

    def __str__(self) -> str:
        return f"{self.email} from {self.ip_address} at {self.timestamp:%Y-%m-%d %H:%M:%S}"
