"""A long log shown a page at a time, newest first, with Django's Paginator.

A sheet that drew its whole roll log grew with every roll (1,157 KB for 2,000 rolls
against 35 KB for 20): the list shows the newest `LOG_PAGE_SIZE` rows and links to older
pages by `?page=N`, a plain link that works without JavaScript. The Paginator reads one
count and one slice, so the database hands over only the rows on the page.

A page number that is not a number answers the newest page, one past the last the
oldest (`Paginator.get_page`): an old bookmark still lands on the log, not on a 404.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import HttpRequest

LOG_PAGE_SIZE = 20  # rows; what the roller sheets have always shown of their log
PAGE_PARAMETER = "page"

Row = TypeVar("Row")


def log_page(
    request: HttpRequest,
    rows: QuerySet[Any, Row] | Sequence[Row],
    *,
    per_page: int = LOG_PAGE_SIZE,
) -> Page[Row]:
    """The page of `rows` (ordered newest first) that the request's `?page=` asks for.
    Its rows are read once, on first use (`list(page)`), and kept by the page."""
    return Paginator(rows, per_page).get_page(request.GET.get(PAGE_PARAMETER))
