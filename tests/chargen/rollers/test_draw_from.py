"""Roller forms drawn from the rows the page already loaded (chargen.core.form_fields
.draw_from) draw exactly what their querysets draw, untouched, chosen and with errors;
a posted value is still checked against the database."""

from __future__ import annotations

from typing import Any

import pytest
from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
from django import forms

from chargen.core.form_fields import draw_from
from chargen.rollers.forms import UniqueRollForm
from chargen.rollers.forms_mana_rolls import ContestForm, ManaRollForm
from chargen.rollers.models import ManaCharacter, UniqueCharacter


def _drawn(form: forms.Form, names: tuple[str, ...]) -> list[str]:
    return [str(as_crispy_field(form[name])) + str(form[name]) for name in names]


def _both(make: Any, rows: dict[str, list[Any]]) -> tuple[list[str], list[str]]:
    by_queryset, by_rows = make(), make()
    for name, loaded in rows.items():
        draw_from(by_rows, name, loaded)
    names = tuple(rows)
    return _drawn(by_queryset, names), _drawn(by_rows, names)


@pytest.mark.parametrize("form_class", [ManaRollForm, ContestForm])
@pytest.mark.parametrize("posted", [False, True])
def test_mana_forms_draw_the_same(
    mage: ManaCharacter, form_class: type[ManaRollForm | ContestForm], posted: bool
) -> None:
    attributes = list(mage.attributes.all())
    specialities = list(mage.specialities.select_related("attribute"))
    chosen = {
        "attribute": str(attributes[1].pk),
        "specialities": [str(specialities[0].pk), "not-a-speciality"],  # an error to show
    }

    def make() -> forms.Form:
        if posted:
            prefixed = {
                (f"{form_class.prefix}-{name}" if form_class.prefix else name): value
                for name, value in chosen.items()
            }
            form = form_class(prefixed, character=mage)
            form.is_valid()
            return form
        return form_class(initial={"attribute": attributes[2].pk}, character=mage)

    by_queryset, by_rows = _both(make, {"attribute": attributes, "specialities": specialities})
    assert by_rows == by_queryset
    assert "Deceit" in "".join(by_rows)


@pytest.mark.django_db
def test_unique_form_draws_the_same(leanne: UniqueCharacter) -> None:
    attributes = list(leanne.attributes.all())
    specials = list(leanne.specials.all())

    def make() -> forms.Form:
        return UniqueRollForm(initial={"attribute": attributes[0].pk}, character=leanne)

    by_queryset, by_rows = _both(make, {"attribute": attributes, "specials": specials})
    assert by_rows == by_queryset
    assert "delivery driver" in "".join(by_rows)


@pytest.mark.django_db
def test_a_posted_row_is_still_checked_in_the_database(
    leanne: UniqueCharacter, brian: UniqueCharacter
) -> None:
    form = UniqueRollForm(
        {"sequence": 1, "attribute": str(brian.attributes.first().pk), "tool_quality": 0},  # type: ignore[union-attr]
        character=leanne,
    )
    draw_from(form, "attribute", list(brian.attributes.all()))  # drawn wrongly on purpose
    assert not form.is_valid()
    assert "attribute" in form.errors
