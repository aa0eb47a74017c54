"""`{% url %}` through chargen/core/kept_urls.py, in every template.

settings.py lists this library among the template engine's builtins after Django's own,
so it takes the `url` tag's name: the tag reads and is used exactly as Django's (same
parser, same arguments, `as var` and escaping), and only the lookup is kept.
"""

from __future__ import annotations

from django import template
from django.template.base import Parser, Token
from django.template.context import Context
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch
from django.utils.html import conditional_escape

from chargen.core.kept_urls import kept_reverse

register = template.Library()


class KeptURLNode(URLNode):
    """Django's URLNode (its arguments, `as var`, escaping), its address kept."""

    def render(self, context: Context) -> str:
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {name: value.resolve(context) for name, value in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        url = ""
        try:
            url = kept_reverse(view_name, args, kwargs, _current_app(context))
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


def _current_app(context: Context) -> str | None:
    """The namespace asked for, as Django's tag finds it: the request's `current_app`,
    else the namespace of the view that is answering, else none."""
    try:
        return context.request.current_app  # type: ignore[attr-defined]
    except AttributeError:
        try:
            return context.request.resolver_match.namespace  # type: ignore[attr-defined]
        except AttributeError:
            return None


@register.tag
def url(parser: Parser, token: Token) -> KeptURLNode:
    """Django's `{% url %}`, parsed by Django's own tag, its address kept."""
    node = django_url(parser, token)
    return KeptURLNode(node.view_name, node.args, node.kwargs, node.asvar)
