"""The GM's content editors, a row at a time: the list of the campaign's own rows, one row
edited in place (htmx swaps the row for its form and back), and Up/Down.

Thin views: the GM check (`campaign_for_gm`), a form, a service in content_rows.py.
The rows inside one of the campaign's own rows (a table's rows) work the same way
(`child_row`), named by their kind's key (the lowest roll they cover). Without
JavaScript the same links and forms work as plain pages: Edit opens the list with that
row as a form (`?edit=<name>`), and every POST redirects back to the list.
A GET never changes anything.
"""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import reswap, retarget

from chargen.campaigns.access import campaign_for_gm
from chargen.campaigns.models import Campaign
from chargen.core.http import AuthenticatedHttpRequest
from chargen.core.systems import ContentKind
from chargen.desk import content as content_services
from chargen.desk.content_kinds import child_kind, content_kind
from chargen.desk.content_rows import (
    ContentRow,
    content_delete_row,
    content_move_row,
    content_row_view,
    content_rows,
    content_save_row,
)

EDIT_PREFIX = "edit"


def _page_url(campaign: Campaign, kind: ContentKind) -> str:
    return kind.page_url(campaign)


def _context(campaign: Campaign, kind: ContentKind, **more: Any) -> dict[str, Any]:
    """What every template here needs: the campaign, the kind, and its URLs."""
    urls = {"page_url": kind.page_url(campaign), "row_url": kind.row_url(campaign)}
    if kind.parent is not None:
        urls["parent_url"] = kind.parent.page_url(campaign)
    if kind.ordered:
        urls["move_url"] = reverse("desk:content_move", args=[campaign.id, kind.slug])
    return {"campaign": campaign, "kind": kind, **urls, **more}


def _row_or_404(campaign: Campaign, kind: ContentKind, key: str) -> ContentRow:
    row = content_row_view(campaign=campaign, kind=kind, key=key)
    if row is None:
        raise Http404("No such row in this campaign.")
    return row


@login_required
@require_http_methods(["GET", "POST"])
def kind_page(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, kind_slug: str
) -> HttpResponse:
    """The list of the campaign's own rows; a POST here adds rows (a formset, as before)."""
    campaign = campaign_for_gm(request.user, campaign_id)
    return _kind_page(request, campaign, content_kind(campaign, kind_slug))


@login_required
@require_http_methods(["GET", "POST"])
def child_page(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, kind_slug: str, parent_key: str
) -> HttpResponse:
    """The rows inside one of the campaign's own rows (a table's, by roll); a POST adds one."""
    campaign = campaign_for_gm(request.user, campaign_id)
    return _kind_page(request, campaign, child_kind(campaign, kind_slug, parent_key))


def _kind_page(
    request: AuthenticatedHttpRequest, campaign: Campaign, kind: ContentKind
) -> HttpResponse:
    if request.method == "POST":
        formset = kind.formset(request.POST, queryset=kind.own(campaign), prefix=kind.slug)
        for form in formset.forms:
            kind.stamp(form.instance, campaign)
        if formset.is_valid():
            try:
                changed = content_services.content_save_rows(
                    campaign=campaign,
                    by=request.user,
                    formset=formset,
                    prepare=lambda row: kind.prepare(row, campaign),
                )
            except content_services.ContentConflict as clash:
                messages.error(request, str(clash))
            else:
                messages.success(request, f"Saved {changed} change{'s' if changed != 1 else ''}.")
                return redirect(request.path)
    else:
        formset = kind.formset(queryset=kind.own(campaign).none(), prefix=kind.slug)
    return _render_page(request, campaign, kind, formset=formset)


def _render_page(
    request: AuthenticatedHttpRequest,
    campaign: Campaign,
    kind: ContentKind,
    *,
    formset: Any = None,
    edit_form: Any = None,
    editing: str = "",
    status: int = 200,
) -> HttpResponse:
    if formset is None:
        formset = kind.formset(queryset=kind.own(campaign).none(), prefix=kind.slug)
    editing = editing or request.GET.get("edit", "")
    if editing and edit_form is None:
        row = content_row_view(campaign=campaign, kind=kind, key=editing)
        if row is not None:
            edit_form = kind.form(instance=row.row, prefix=EDIT_PREFIX)
    context = _context(
        campaign,
        kind,
        rows=content_rows(campaign=campaign, kind=kind),
        formset=formset,
        edit_form=edit_form,
        editing=editing,
    )
    return render(request, "desk/content_kind.html", context, status=status)


def _row_partial(
    request: AuthenticatedHttpRequest,
    campaign: Campaign,
    kind: ContentKind,
    row: ContentRow,
    form: Any = None,
) -> HttpResponse:
    template = "desk/_content_row.html" if form is None else "desk/_content_row_form.html"
    return render(request, template, _context(campaign, kind, row=row, form=form))


def _delete_refused(
    request: AuthenticatedHttpRequest, campaign: Campaign, kind: ContentKind, key: str, why: str
) -> HttpResponse:
    """The row's form again, with why it was not deleted above it (the row as it is now:
    its kind may have refused because of a change made elsewhere)."""
    row = _row_or_404(campaign, kind, key)
    form = kind.form(instance=row.row, prefix=EDIT_PREFIX)
    if request.htmx:
        context = _context(campaign, kind, row=row, form=form, refused=why)
        return render(request, "desk/_content_row_form.html", context)
    messages.error(request, f"“{row.label}” was not deleted. {why}")
    return _render_page(request, campaign, kind, edit_form=form, editing=row.key, status=400)


def _rows_partial(
    request: AuthenticatedHttpRequest, campaign: Campaign, kind: ContentKind
) -> HttpResponse:
    context = _context(campaign, kind, rows=content_rows(campaign=campaign, kind=kind))
    return render(request, "desk/_content_tbody.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def content_row(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, kind_slug: str
) -> HttpResponse:
    """GET: the row as a form (htmx), or as shown again (`cancel`). POST: save or delete."""
    campaign = campaign_for_gm(request.user, campaign_id)
    return _content_row(request, campaign, content_kind(campaign, kind_slug))


@login_required
@require_http_methods(["GET", "POST"])
def child_row(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, kind_slug: str, parent_key: str
) -> HttpResponse:
    """One row inside one of the campaign's own rows (a table's), as `content_row`."""
    campaign = campaign_for_gm(request.user, campaign_id)
    return _content_row(request, campaign, child_kind(campaign, kind_slug, parent_key))


def _content_row(
    request: AuthenticatedHttpRequest, campaign: Campaign, kind: ContentKind
) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    row = _row_or_404(campaign, kind, data.get("row", ""))
    if request.method == "GET":
        if not request.htmx:
            query = "" if "cancel" in data else "?" + urlencode({"edit": row.key})
            return redirect(_page_url(campaign, kind) + query)
        if "cancel" in data:
            return _row_partial(request, campaign, kind, row)
        return _row_partial(
            request, campaign, kind, row, kind.form(instance=row.row, prefix=EDIT_PREFIX)
        )
    if "delete" in data:
        try:
            content_delete_row(campaign=campaign, by=request.user, kind=kind, row=row.row)
        except content_services.ContentConflict as refused:
            return _delete_refused(request, campaign, kind, row.key, str(refused))
        if request.htmx:
            return reswap(
                retarget(_rows_partial(request, campaign, kind), "#content-rows"), "outerHTML"
            )
        messages.success(request, f"Deleted “{row.label}”.")
        return redirect(_page_url(campaign, kind))
    form = kind.form(data, instance=row.row, prefix=EDIT_PREFIX)
    if form.is_valid():
        try:
            saved = content_save_row(campaign=campaign, by=request.user, kind=kind, form=form)
        except content_services.ContentConflict as clash:
            form.add_error(None, str(clash))
        else:
            if request.htmx:
                key = kind.key_of(saved)
                return _row_partial(request, campaign, kind, _row_or_404(campaign, kind, key))
            messages.success(request, f"Saved “{kind.label_of(saved)}”.")
            return redirect(_page_url(campaign, kind))
    if request.htmx:
        return _row_partial(request, campaign, kind, row, form)
    return _render_page(request, campaign, kind, edit_form=form, editing=row.key, status=400)


@login_required
@require_POST
def content_move(
    request: AuthenticatedHttpRequest, campaign_id: uuid.UUID, kind_slug: str
) -> HttpResponse:
    """Up or Down: swap the row with its neighbour (one transaction)."""
    campaign = campaign_for_gm(request.user, campaign_id)
    kind = content_kind(campaign, kind_slug)
    direction = request.POST.get("direction", "")
    if not kind.ordered or direction not in ("up", "down"):
        raise Http404("Nothing to move here.")
    try:
        content_move_row(
            campaign=campaign,
            by=request.user,
            kind=kind,
            key=request.POST.get("row", ""),
            direction="up" if direction == "up" else "down",
        )
    except content_services.ContentConflict as gone:
        if not request.htmx:
            messages.error(request, str(gone))
    if request.htmx:
        return _rows_partial(request, campaign, kind)
    return redirect(_page_url(campaign, kind))
