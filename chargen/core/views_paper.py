"""The paper size setting for PDF sheets: shown with GET, saved with POST."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from chargen.core.models import Paper, PaperSetting
from chargen.core.paper import paper_for


class PaperForm(forms.Form):
    paper = forms.ChoiceField(
        choices=Paper.choices,
        widget=forms.RadioSelect,
        label="Paper for PDF sheets",
        help_text="Every PDF sheet and party print is laid out on this paper, portrait.",
    )


def _next_url(request: HttpRequest) -> str:
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return ""


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def paper(request: HttpRequest) -> HttpResponse:
    user_id = request.user.pk
    if user_id is None:  # @login_required lets only a signed-in user through
        raise Http404("No such page.")
    if request.method == "POST":
        form = PaperForm(request.POST)
        if form.is_valid():
            PaperSetting.objects.update_or_create(
                user_id=user_id, defaults={"paper": form.cleaned_data["paper"]}
            )
            messages.success(request, f"PDF sheets now print on {form.cleaned_data['paper']}.")
            return redirect(_next_url(request) or "paper")
    else:
        form = PaperForm(initial={"paper": paper_for(request)})
    context = {"form": form, "next": _next_url(request)}
    return render(request, "core/paper.html", context, status=400 if form.errors else 200)
