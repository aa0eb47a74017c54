"""`{% wizard_stepper %}` draws exactly what the `characters/_stepper.html` include it
replaced drew (kept here as the reference): for a new character, one part-way through,
and every mix of done, current, linked and out of reach, with text that needs escaping."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from django.template import Context, Template

from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.progress import progress_for
from chargen.infinity_drive.wizard.stepper import STEPS, StepperItem, stepper
from tests.chargen.infinity_drive.steps import darrian, roll_book_characteristics

THE_INCLUDE = Template(
    '<nav aria-label="Creation steps">\n  <ol class="stepper">\n    {% for item in stepper %}\n'
    '      <li class="{% if item.current %}current{% elif item.done %}done'
    "{% elif item.unreachable %}unreachable text-decoration-line-through opacity-50{% endif %}"
    '"{% if item.current %} aria-current="step"{% endif %}>\n'
    '        {% if item.url and not item.current %}<a href="{{ item.url }}"'
    ' class="link-body-emphasis text-decoration-none">'
    "{{ item.step.number }}. {{ item.step.title }}</a>"
    "{% else %}{{ item.step.number }}. {{ item.step.title }}{% endif %}\n"
    '        {% if item.done %}<span class="visually-hidden">(done)</span>'
    '{% elif item.unreachable %}<span class="visually-hidden">(not reachable: the character'
    " died)</span>{% endif %}\n"
    "      </li>\n    {% endfor %}\n  </ol>\n</nav>\n"
)
THE_TAG = Template("{% load character_stepper %}{% wizard_stepper stepper %}")


def _same(items: list[StepperItem]) -> None:
    context = {"stepper": items}
    assert THE_TAG.render(Context(context)) == THE_INCLUDE.render(Context(context))


def test_a_real_stepper_is_drawn_as_the_include_drew_it(draft: Character) -> None:
    _same(stepper(progress_for(draft, log_entries(draft)), "characteristics"))
    roll_book_characteristics(draft)
    darrian(draft)
    for slug in ("race", "career", "skills"):
        _same(stepper(progress_for(draft, log_entries(draft)), slug))


def test_every_mix_of_states_and_odd_text() -> None:
    odd = replace(STEPS[0], title='Odd <"title"> & more')
    items = [
        StepperItem(step, done, current, url, unreachable)
        for step, (done, current, url, unreachable) in zip(
            [odd, *STEPS] * 8,
            product((True, False), (True, False), ("/a?b=1&c=<2>", None), (True, False)),
            strict=False,
        )
    ]
    _same(items)
    _same([])
