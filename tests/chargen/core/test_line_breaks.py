"""Long unbroken runs of a player's text get break opportunities for the printed sheets."""

from __future__ import annotations

from django.template import Context, Template

from chargen.core.line_breaks import RUN, ZERO_WIDTH_SPACE, break_long_runs


def test_a_long_run_gets_a_zero_width_space_every_run_characters() -> None:
    word = "x" * (RUN * 3 + 5)
    broken = break_long_runs(f"Before {word} after")
    pieces = broken.split(" ")[1].split(ZERO_WIDTH_SPACE)
    assert [len(piece) for piece in pieces] == [RUN, RUN, RUN, 5]
    assert broken.replace(ZERO_WIDTH_SPACE, "") == f"Before {word} after"


def test_ordinary_text_is_left_as_it_is() -> None:
    text = "Treva was always a bit of a loose cannon\nand was after a quick buck."
    assert break_long_runs(text) == text
    assert break_long_runs("y" * RUN) == "y" * RUN


def test_the_filter_output_is_still_escaped() -> None:
    note = "<b>" + "&" * (RUN + 1)
    rendered = Template("{% load line_breaks %}{{ note|breakable }}").render(
        Context({"note": note})
    )
    assert rendered == "&lt;b&gt;" + "&amp;" * (RUN - 3) + ZERO_WIDTH_SPACE + "&amp;" * 4
