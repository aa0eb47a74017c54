"""Addresses are reversed once per process (chargen/core/kept_urls.py) and `{% url %}`
keeps them too (chargen/core/templatetags/kept_url.py), with Django's answers: the same
address for the same view and arguments, another under another script prefix, and
Django's refusals and escaping."""

from __future__ import annotations

import uuid

import pytest
from django.template import engines
from django.test.utils import override_script_prefix
from django.urls import NoReverseMatch, reverse

from chargen.core import kept_urls
from chargen.core.kept_urls import forget_kept_urls, kept_reverse
from chargen.core.templatetags.kept_url import KeptURLNode


def _render(source: str, **context: object) -> str:
    return engines["django"].from_string(source).render(context)


def test_an_address_is_django_s_and_reversed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    forget_kept_urls()
    character = uuid.uuid4()
    asked: list[str] = []

    def counted(viewname: str, **kwargs: object) -> str:
        asked.append(viewname)
        return reverse(viewname, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kept_urls, "reverse", counted)
    by_args = kept_reverse("characters:skills", [character])
    by_kwargs = kept_reverse("characters:skills", kwargs={"character_id": character})
    assert by_args == by_kwargs == reverse("characters:skills", args=[character])
    assert kept_reverse("characters:skills", [character]) == by_args
    assert asked == ["characters:skills", "characters:skills"]  # once for args, once kwargs
    other = uuid.uuid4()
    assert kept_reverse("characters:skills", [other]) == f"/characters/{other}/skills/"


def test_another_script_prefix_is_another_address() -> None:
    character = uuid.uuid4()
    plain = kept_reverse("characters:sheet", [character])
    with override_script_prefix("/chargen/"):
        assert kept_reverse("characters:sheet", [character]) == f"/chargen{plain}"
        assert _render("{% url 'characters:sheet' c %}", c=character) == f"/chargen{plain}"
    assert kept_reverse("characters:sheet", [character]) == plain


def test_a_value_equal_to_another_of_another_type_is_its_own_key() -> None:
    """True equals 1 as a key, but an <int:…> pattern refuses True: as Django does."""
    character = uuid.uuid4()
    assert kept_reverse("characters:history_note", [character, 1]).endswith("/1/")
    with pytest.raises(NoReverseMatch):
        kept_reverse("characters:history_note", [character, True])


def test_every_template_s_url_tag_is_the_kept_one() -> None:
    template = engines["django"].from_string("{% url 'home' %}")
    (node,) = template.template.nodelist  # type: ignore[attr-defined]
    assert isinstance(node, KeptURLNode)


def test_the_url_tag_answers_as_django_s() -> None:
    character = uuid.uuid4()
    assert _render("{% url 'characters:skills' c %}", c=character) == reverse(
        "characters:skills", args=[character]
    )
    assert _render("{% url 'characters:skills' character_id=c %}", c=character) == reverse(
        "characters:skills", args=[character]
    )
    # `as`: a name that matches nothing leaves the variable empty, as Django's does.
    assert _render("{% url 'nothing:here' as gone %}[{{ gone }}]") == "[]"
    assert _render("{% url 'home' as home %}{{ home }}") == reverse("home")
    with pytest.raises(NoReverseMatch):
        _render("{% url 'nothing:here' %}")


def test_the_url_tag_escapes_what_it_puts_on_the_page() -> None:
    # Django quotes most of a path, but not & or '; the tag escapes them in HTML, as
    # Django's does, and leaves them alone where autoescape is off.
    address = reverse("campaigns:join", args=["a&b'c"])
    assert "&" in address
    shown = _render("{% url 'campaigns:join' t %}", t="a&b'c")
    assert shown == address.replace("&", "&amp;").replace("'", "&#x27;")
    assert (
        _render("{% autoescape off %}{% url 'campaigns:join' t %}{% endautoescape %}", t="a&b'c")
        == address
    )
