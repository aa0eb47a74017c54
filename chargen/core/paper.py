"""The paper size of a user's PDF sheets: A4 or Letter.

A user who has chosen keeps the choice (`PaperSetting`); anyone else gets Letter when
the browser's first language is from a country that uses Letter, else A4.
"""

from __future__ import annotations

from django.http import HttpRequest

from chargen.core.models import Paper, PaperSetting

# Countries whose standard paper is US Letter.
LETTER_COUNTRIES = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE", "CR", "GT", "PR"})


def paper_from_languages(accept_language: str) -> str:
    """Letter for en-US, en-CA, es-MX…; A4 for every other (or no) first language."""
    first = accept_language.split(",")[0].split(";")[0].strip()
    parts = first.replace("_", "-").split("-")
    if len(parts) >= 2 and parts[-1].upper() in LETTER_COUNTRIES:
        return Paper.LETTER.value
    return Paper.A4.value


def paper_for(request: HttpRequest) -> str:
    user = request.user
    if user.is_authenticated:
        chosen = PaperSetting.objects.filter(user_id=user.pk).values_list("paper", flat=True)
        for paper in chosen:
            return str(paper)
    return paper_from_languages(request.headers.get("Accept-Language", ""))
