"""Export a character as a file, import one, verify any export, publish our keys.

Exporting and importing need an account (a character is exported by its owner only,
through its system's `for_owner`, which answers 404 to anyone else). Verifying a file
needs none: anyone handed an export may check its dice. Nothing here changes state on
GET; the import's POST is the only write, and it saves all or nothing.
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.datastructures import MultiValueDict
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_safe

from chargen.core import roll_keys
from chargen.core.etags import page_etag, revalidated, subject_state
from chargen.core.export import character_item, document
from chargen.core.imports import ImportRefused, import_document, read_document, too_large
from chargen.core.models import SigningKey
from chargen.core.systems import CharacterKind, UnknownSystem, registry
from chargen.core.uploads import MAX_IMPORT_BYTES, oversized_request
from chargen.core.verify import verify_document

FILE_HELP = f"A .json file exported from Chargen, at most {MAX_IMPORT_BYTES // 1_048_576} MB."


class ImportForm(forms.Form):
    file = forms.FileField(label="Export file", help_text=FILE_HELP)
    copy = forms.BooleanField(
        label="Import as a new character",
        required=False,
        help_text="A copy that is yours, under a new identity: for a friend's character, "
        "or one of yours already here. Its rolls show as imported; the original stays "
        "as it is.",
    )


class VerifyForm(forms.Form):
    file = forms.FileField(label="Export file", help_text=FILE_HELP)
    public_key = forms.CharField(
        label="Another server's public key (optional)",
        required=False,
        max_length=64,
        help_text="For a file from another Chargen server: the key its "
        "/.well-known/chargen-signing-keys.json publishes. This server's own keys are "
        "always used.",
    )

    def clean_public_key(self) -> str:
        text = str(self.cleaned_data["public_key"]).strip()
        if text and not roll_keys.is_public_key(text):
            raise forms.ValidationError(
                "That is not an Ed25519 public key: copy the “public_key” value from the "
                "other server's /.well-known/chargen-signing-keys.json."
            )
        return text


def attachment(data: dict[str, Any], filename: str) -> HttpResponse:
    response = JsonResponse(data, json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def exportable_kind(system: str, kind: str) -> CharacterKind:
    """The kind of character named in an export's address, or 404."""
    try:
        character_kind = registry.get(system).character_kind(kind)
    except (UnknownSystem, LookupError):
        raise Http404("No such kind of character.") from None
    if character_kind.exporter is None:
        raise Http404("This kind of character cannot be exported.")
    return character_kind


def export_etag(
    request: HttpRequest, system: str, kind: str, character_id: uuid.UUID
) -> str | None:
    """The export's ETag, from the subject read through its system's owner check. Weak:
    each file says when it was exported, so two exports of one state are equivalent, not
    equal, and the one the browser holds is as good as a new one."""
    subject = exportable_kind(system, kind).for_owner(request.user, character_id)
    etag = page_etag(request, subject_state(subject), roll_keys.server_key().key_id)
    return None if etag is None else f'W/"{etag}"'


@login_required
@require_GET
@revalidated(export_etag)
def character_export(
    request: HttpRequest, system: str, kind: str, character_id: uuid.UUID
) -> HttpResponse:
    character_kind = exportable_kind(system, kind)
    assert character_kind.exporter is not None  # exportable_kind refuses the others
    subject = character_kind.for_owner(request.user, character_id)
    known = roll_keys.known_public_keys()
    item = character_item(f"{system}.{kind}", character_kind.exporter, subject, known)
    name = slugify(item["character"].get("name") or "") or "character"
    return attachment(document([item]), f"{name}.chargen.json")


def _uploaded(form: forms.Form) -> bytes:
    upload = form.cleaned_data["file"]
    if upload.size > MAX_IMPORT_BYTES:
        raise ImportRefused(too_large(upload.size))
    return bytes(upload.read())


def _bound_form(request: HttpRequest, form_class: type[forms.Form]) -> forms.Form:
    """The posted form, or for a body over the limit an empty one with the refusal at
    its file field. The view then never reads request.POST or request.FILES: only
    CsrfViewMiddleware may have, and StopOversizedUploads (chargen.core.uploads) kept
    the file out of memory and off the disk."""
    size = oversized_request(request) if request.method == "POST" else None
    if size is None:
        return form_class(request.POST or None, request.FILES or None)
    form = form_class({}, MultiValueDict())
    form.full_clean()  # bound to nothing; its only error is the size, at the file
    form.errors.clear()
    form.errors["file"] = form.error_class([too_large(size)])
    return form


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_page(request: HttpRequest) -> HttpResponse:
    form = _bound_form(request, ImportForm)
    if request.method == "POST" and form.is_valid():
        try:
            copy = bool(form.cleaned_data["copy"])
            created = import_document(request.user, _uploaded(form), copy=copy)
        except ImportRefused as refused:
            form.add_error("file", str(refused))
        else:
            names = ", ".join(f"“{subject}”" for subject in created)
            as_what = " as a new character (a copy)" if copy else ""
            messages.success(request, f"Imported {names}{as_what}, outside any campaign.")
            if len(created) == 1 and hasattr(created[0], "get_absolute_url"):
                return redirect(created[0].get_absolute_url())
            return redirect("home")
    status = 400 if form.errors else 200
    return render(request, "core/import.html", {"form": form}, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def verify_page(request: HttpRequest) -> HttpResponse:
    form = _bound_form(request, VerifyForm)
    reports = None
    if request.method == "POST" and form.is_valid():
        keys = roll_keys.known_public_keys()
        extra = form.cleaned_data["public_key"]
        if extra:
            keys[roll_keys.key_id_of(roll_keys.b64decode(extra))] = extra
        try:
            # The import's gate: JSON, not too deep, this format and version, the schema.
            parsed = read_document(_uploaded(form))
        except ImportRefused as refused:
            form.add_error("file", str(refused))
        else:
            reports = verify_document(parsed, keys)
    status = 400 if form.errors else 200
    return render(request, "core/verify.html", {"form": form, "reports": reports}, status=status)


@require_safe
def signing_keys(request: HttpRequest) -> JsonResponse:
    current = roll_keys.server_key()
    recorded = {key.key_id: key for key in SigningKey.objects.all()}
    keys = [
        {
            "key_id": key.key_id,
            "algorithm": "Ed25519",
            "public_key": key.public_key,
            "first_used": key.first_used.isoformat(),
            "current": key.key_id == current.key_id,
        }
        for key in recorded.values()
    ]
    if current.key_id not in recorded:  # not yet used: published all the same
        keys.append(
            {
                "key_id": current.key_id,
                "algorithm": "Ed25519",
                "public_key": current.public_text,
                "first_used": None,
                "current": True,
            }
        )
    return JsonResponse({"format": "chargen-signing-keys", "version": 1, "keys": keys})
