"""A GM's history prompt is text with five placeholders, never a Python format string.

Any user can start a campaign and write its prompts, so the template must not reach
interpreter internals nor make every page of the campaign allocate megabytes; an
unknown placeholder is refused when the prompt is saved, with the reason at the field.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from chargen.campaigns.services import campaign_create
from chargen.content.models import HistoryPrompt
from chargen.content.services import history_prompt_text

# A filled-in prompt pre-fills a history note (at most 4,000 characters): it stays well under.
PROMPT_TEXT_MAX_LENGTH = 1000


def _text(template: str, **values: str) -> str:
    return history_prompt_text(prompts={"skill": template}, key="skill", **values)


@pytest.mark.parametrize(
    "template",
    [
        "{entry.__class__.__mro__}",
        "{entry.__class__.__init__.__globals__}",
        "{entry[0]}",
        "{roll!r}",
        "{0}",
        "{}",
        "{entry:>20}",
    ],
)
def test_anything_but_a_documented_placeholder_stays_as_written(template: str) -> None:
    assert _text(template, entry="Recon", roll="7") == template


def test_a_huge_padding_spec_allocates_nothing_and_stays_as_written() -> None:
    assert _text("{roll:>50000000}", roll="7") == "{roll:>50000000}"


def test_the_documented_placeholders_are_filled_and_values_are_not_reexpanded() -> None:
    text = _text(
        "{entry} on {table} ({roll}) as {career}/{specialisation}",
        entry="{roll}",
        table="{entry.__class__}",
        career="Citizen",
        specialisation="Construction",
        roll="4",
    )
    assert text == "{roll} on {entry.__class__} (4) as Citizen/Construction"


def test_the_result_is_capped() -> None:
    text = _text("{entry} {entry} {entry}", entry="x" * PROMPT_TEXT_MAX_LENGTH)
    assert len(text) == PROMPT_TEXT_MAX_LENGTH
    assert text.endswith("…")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("template", "named"),
    [
        ("Why {entry.__class__.__mro__}?", "{entry.__class__.__mro__}"),
        ("{roll:>50000000}", "{roll:>50000000}"),
        ("{entry} {typo}", "{typo}"),
    ],
)
def test_the_model_refuses_an_unknown_placeholder_at_the_field(template: str, named: str) -> None:
    prompt = HistoryPrompt(key="skill", template=template)
    with pytest.raises(ValidationError) as refused:
        prompt.full_clean()
    message = " ".join(refused.value.message_dict["template"])
    assert named in message
    assert "{entry}, {table}, {career}, {specialisation} and {roll}" in message


@pytest.mark.django_db
def test_the_model_accepts_the_documented_placeholders_and_stray_braces() -> None:
    HistoryPrompt(
        key="skill", template="{entry} {table} {career} {specialisation} {roll} :-{"
    ).full_clean()


@pytest.mark.django_db
def test_the_model_refuses_an_overlong_template() -> None:
    with pytest.raises(ValidationError) as refused:
        HistoryPrompt(key="skill", template="x" * 1001).full_clean()
    assert "1000" in " ".join(refused.value.message_dict["template"])


def test_the_gm_form_shows_the_refusal_and_saves_nothing(gm_client: Client, gm: User) -> None:
    campaign = campaign_create(gm=gm, name="Rim run")
    response = gm_client.post(
        reverse("desk:content_kind", args=[campaign.id, "prompts"]),
        {
            "prompts-TOTAL_FORMS": "1",
            "prompts-INITIAL_FORMS": "0",
            "prompts-MIN_NUM_FORMS": "0",
            "prompts-MAX_NUM_FORMS": "1000",
            "prompts-0-key": "skill",
            "prompts-0-template": "Rolled {roll:>50000000}",
        },
    )
    assert response.status_code == 200
    assert "Unknown placeholder {roll:&gt;50000000}" in response.content.decode()
    assert not HistoryPrompt.objects.filter(campaign=campaign).exists()


def test_the_admin_refuses_an_unknown_placeholder(admin_client: Client) -> None:
    response = admin_client.post(
        reverse("admin:content_historyprompt_add"),
        {"key": "skill", "template": "{entry.__class__}"},
    )
    assert response.status_code == 200
    assert "Unknown placeholder {entry.__class__}" in response.content.decode()
    assert not HistoryPrompt.objects.exists()
