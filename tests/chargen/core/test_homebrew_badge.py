"""One "homebrew" badge: a campaign's own career (Infinity Drive) and its own lifepath
(Drifting) are marked alike on every page, by one template, so the same word never wears
two colours."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.template.loader import render_to_string

BADGE_TEMPLATE = "templates/core/_homebrew_badge.html"
# A badge whose text begins with "homebrew", drawn by hand.
HAND_DRAWN = re.compile(r"""class="badge\b[^"]*"[^>]*>\s*homebrew""")


def test_no_template_draws_a_homebrew_badge_of_its_own() -> None:
    base = Path(settings.BASE_DIR)
    templates = sorted(base.glob("templates/**/*.html"))
    assert len(templates) > 50  # the folder really was read
    drawing = [
        str(template.relative_to(base))
        for template in templates
        if HAND_DRAWN.search(template.read_text())
    ]
    assert drawing == [BADGE_TEMPLATE]


def test_the_badge_says_the_version_read_and_nothing_of_its_includers() -> None:
    assert (
        render_to_string("core/_homebrew_badge.html")
        == '<span class="badge text-bg-info" data-homebrew>homebrew</span>'
    )
    assert (
        render_to_string("core/_homebrew_badge.html", {"version": 2, "size": "fs-6"})
        == '<span class="badge text-bg-info fs-6" data-homebrew>homebrew v2</span>'
    )
