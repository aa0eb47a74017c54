"""Typed requests: what the middleware and the login check have already established.

As in django-htmx's example project and healthchecks' `hc/accounts/http.py`: a view
that runs behind `login_required` annotates its request as `AuthenticatedHttpRequest`,
so `request.user` is a `User` (never `AnonymousUser`) and `request.htmx` exists,
without a cast at each use.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    user: User
