"""The GM's form for importing a homebrew pack of lifepaths into a campaign."""

from __future__ import annotations

from django import forms

MAX_PACK_BYTES = 1_048_576  # two hundred lifepaths fit in a tenth of it


class PackImportForm(forms.Form):
    file = forms.FileField(
        label="Homebrew pack",
        help_text="A .json pack exported from a campaign's lifepaths page, at most 1 MB. "
        "Every lifepath in it is checked with this campaign's; if any fails, nothing is "
        "imported.",
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_PACK_BYTES:
            raise forms.ValidationError("The pack is larger than 1 MB.")
        return bytes(upload.read())
