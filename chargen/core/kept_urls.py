"""`reverse`, kept per process: the same view and arguments give the same address.

A wizard click names some fourteen addresses (its forms, the stepper, the links), and
Django's `reverse` walks the URL patterns for each: about 20 µs of CPU apiece, some 3 %
of a click (issue 13). An address depends only on the view's name, its arguments, the
namespace asked for, the URL configuration in force and the script prefix the site is
served under, so a result is kept under exactly those and is never stale while the
patterns stay as loaded (they change only with the code, which restarts the process).
Anything unhashable, or a name that matches nothing, goes to Django's `reverse` itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

KEPT = 8192  # addresses; a character's pages name about thirty


def kept_reverse(
    viewname: str,
    args: Sequence[Any] = (),
    kwargs: Mapping[str, Any] | None = None,
    current_app: str | None = None,
) -> str:
    """Django's `reverse(viewname, args=args, kwargs=kwargs, current_app=current_app)`."""
    named = dict(kwargs) if kwargs is not None else None
    if not isinstance(viewname, str):
        return reverse(viewname, args=args, kwargs=named, current_app=current_app)
    # Each argument with its type: True and 1 are equal keys, yet not the same address
    # (an <int:…> pattern refuses True).
    key = (
        viewname,
        tuple((type(value), value) for value in args),
        tuple(sorted((name, type(value), value) for name, value in kwargs.items()))
        if kwargs
        else (),
        current_app,
        get_urlconf() or settings.ROOT_URLCONF,
        get_script_prefix(),
    )
    try:
        hash(key)
    except TypeError:
        return reverse(viewname, args=args, kwargs=named, current_app=current_app)
    return _reversed(key)


@lru_cache(maxsize=KEPT)
def _reversed(key: tuple[Any, ...]) -> str:
    viewname, typed_args, typed_kwargs, current_app, urlconf, _prefix = key
    args = [value for _, value in typed_args]
    kwargs = {name: value for name, _, value in typed_kwargs}
    return reverse(viewname, urlconf=urlconf, args=args, kwargs=kwargs, current_app=current_app)


def forget_kept_urls() -> None:
    """Empty the keep (for tests that change the URL patterns under the same names)."""
    _reversed.cache_clear()
