"""Pieces the legacy fixture's builders share: the cast, form data, the wizard's next step.

`make_legacy_fixture.py` and the whole-site backup test (tests/chargen/core/
test_site_backup.py, which keeps these builders running on today's code) import this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.progress import progress_for
from rules.infinity_drive import creation
from tests.chargen.migration.legacy import page_text

PASSWORD = "legacy-fixture-password-1"
# What a player writes when a roll past the maximum needs a reason in their history.
HISTORY_REASON = "Months of hard training under a patient mentor."


@dataclass(frozen=True)
class Cast:
    """A GM and two players, as in every other test."""

    gm: User
    bob: User
    carol: User


def make_cast() -> Cast:
    users = get_user_model().objects

    def user(name: str) -> User:
        return users.create_user(username=name, email=f"{name}@example.org", password=PASSWORD)

    return Cast(gm=user("alice"), bob=user("bob"), carol=user("carol"))


def client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_ok(client: Client, url: str, data: Mapping[str, Any]) -> None:
    """POST as a plain form; the app answers a success with a redirect (303/302)."""
    response = client.post(url, data)
    if response.status_code not in {302, 303}:
        shown = page_text(response.content.decode()) if response.content else ""
        raise RuntimeError(f"POST {url} was refused ({response.status_code}): {shown}")


# --- Form data -------------------------------------------------------------------------------


def form_values(form: forms.BaseForm) -> dict[str, Any]:
    """An unbound form's initial values by field name, as the page would post them back."""
    return {bound.name: bound.value() for bound in form}


def _posted(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [str(item) for item in value]
    return "" if value is None else str(value)


def form_post(rows: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Field values as a browser posts them (a ticked box is "on", an unticked one absent)."""
    data: dict[str, Any] = {}
    for name, value in rows.items():
        key = f"{prefix}-{name}" if prefix else name
        if value is True:
            data[key] = "on"
        elif value is not False:
            data[key] = _posted(value)
    return data


def formset_rows(formset: forms.BaseFormSet) -> list[dict[str, Any]]:
    """The saved rows of an unbound formset, each as the values its form would post."""
    return [form_values(form) for form in formset.initial_forms]


def formset_post(formset: forms.BaseFormSet, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """POST data for `formset` holding `rows`: its saved rows first (in order), then new ones."""
    prefix = formset.prefix
    data: dict[str, Any] = {
        f"{prefix}-TOTAL_FORMS": str(len(rows)),
        f"{prefix}-INITIAL_FORMS": str(len(formset.initial_forms)),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }
    for index, row in enumerate(rows):
        data.update(form_post(row, prefix=f"{prefix}-{index}"))
    return data


# --- The Infinity Drive wizard ---------------------------------------------------------------


def next_sequence(character: Character) -> int:
    entries = log_entries(character)
    return (entries[-1].sequence if entries else 0) + 1


def progress(character: Character) -> Any:
    character.refresh_from_db()
    return progress_for(character, log_entries(character))


def roll_and_place(character: Character, placements: list[tuple[str, str]]) -> None:
    """Roll each characteristic (typed faces, or "" for the server's dice) and place it."""
    for faces, code in placements:
        services.character_roll_characteristic(
            character=character, expected_sequence=next_sequence(character), typed_faces=faces
        )
        services.character_place_characteristic(
            character=character, expected_sequence=next_sequence(character), characteristic=code
        )


def point_buy(character: Character, values: Mapping[str, int]) -> None:
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="point_buy"
    )
    services.character_assign_points(
        character=character, expected_sequence=next_sequence(character), values=values
    )


def career(character: Character, name: str, specialisation_faces: str) -> None:
    services.character_choose_career(
        character=character, expected_sequence=next_sequence(character), career=name
    )
    services.character_roll_specialisation(
        character=character,
        expected_sequence=next_sequence(character),
        typed_faces=specialisation_faces,
    )


def _best_option(options: list[creation.Option], prefer: str) -> creation.Option | None:
    """The preferred table if it gains something, else any table that gains something."""
    gaining = [option for option in options if option.legal and not option.loses_roll]
    for option in gaining:
        if option.table_slug == prefer:
            return option
    return gaining[0] if gaining else None


def skill(
    character: Character, faces: str, prefer: str, note: str = "", reroll: str | None = None
) -> None:
    """One skill roll (typed faces, or "" for the server's dice) read on the best table.

    With `reroll` (typed faces, or "" for the server's), the preferred table's offer of
    a reroll is taken. Otherwise, since the server's dice cannot be foreseen, the table
    is chosen as a player would: the preferred one if it gains something, else another
    that does, else the one reroll the book offers, else the roll is lost.
    """
    services.character_roll_skill(
        character=character, expected_sequence=next_sequence(character), typed_faces=faces
    )
    if reroll is not None:
        services.character_reroll_skill(
            character=character,
            expected_sequence=next_sequence(character),
            table=prefer,
            typed_faces=reroll,
        )
    _read_pending_roll(character, prefer, note, may_reroll=reroll is None)


def _read_pending_roll(character: Character, prefer: str, note: str, *, may_reroll: bool) -> None:
    state = progress(character)
    options = creation.skill_roll_options(state.state, state.rulebook)
    chosen = _best_option(options, prefer)
    if chosen is None and may_reroll:
        offered = next((option for option in options if option.reroll_offered), None)
        if offered is not None:
            services.character_reroll_skill(
                character=character,
                expected_sequence=next_sequence(character),
                table=offered.table_slug,
                typed_faces="",
            )
            _read_pending_roll(character, prefer, note, may_reroll=False)
            return
    if chosen is None:
        chosen = next(
            (option for option in options if option.legal and option.table_slug == prefer),
            next(option for option in options if option.legal),
        )
    specialty = ""
    if chosen.needs_specialty:
        specialty = chosen.specialty_choices[0] if chosen.specialty_choices else "Frontier"
    services.character_choose_table(
        character=character,
        expected_sequence=next_sequence(character),
        table=chosen.table_slug,
        specialty=specialty,
        history_reason=(note or HISTORY_REASON) if chosen.needs_history_reason else "",
    )


def survive(character: Character, faces: str) -> None:
    services.character_roll_survival(
        character=character, expected_sequence=next_sequence(character), typed_faces=faces
    )


def skills_until_done(character: Character, prefer: str, survival_faces: str = "5 5") -> None:
    """Server-rolled skill rolls to the end, surviving every group with typed dice."""
    while True:
        state = progress(character).state
        if state.expecting == creation.Expect.SKILL_ROLL:
            skill(character, "", prefer)
        elif state.expecting == creation.Expect.SURVIVAL_ROLL:
            survive(character, survival_faces)
        else:
            return
