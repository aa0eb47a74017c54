"""The authentication backend every logged-in session names.

Django's ModelBackend, unchanged. A session records the dotted path of the backend that
logged it in, and sessions made since migration `accounts 0004` name this one: the class
stays at this path so those sessions stay logged in.
"""

from __future__ import annotations

from django.contrib.auth.backends import ModelBackend as DjangoModelBackend

PATH = "chargen.accounts.backends.ModelBackend"


class ModelBackend(DjangoModelBackend):
    """Django's, under the path live sessions name."""
