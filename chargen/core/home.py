"""What the home page shows a logged-in user, as a list of sections.

Each game system names its section in its declaration (chargen/core/systems.py);
areas that are not a game system (the campaigns, the GM's desk) register theirs
with `register_home_section` from their AppConfig.ready(). The home view and
template only loop over what `home_sections` returns, so core imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from chargen.core.systems import registry


@dataclass(frozen=True)
class HomeAction:
    label: str
    url: str


@dataclass(frozen=True)
class HomeSection:
    """One block of the home page, rendered by `template_name` with `section` in context.

    `items` is whatever that template lists; `empty_text` is shown when it is empty.
    """

    key: str
    title: str
    template_name: str
    items: Sequence[Any]
    empty_text: str
    actions: Sequence[HomeAction] = field(default_factory=tuple)


SectionProvider = Callable[[AbstractBaseUser], HomeSection]

# (order, provider) of the sections that belong to no game system; the order is on
# the same scale as GameSystem.order.
_area_sections: list[tuple[int, SectionProvider]] = []


def register_home_section(*, order: int, provider: SectionProvider) -> None:
    """Add an area's section (idempotent: an app's ready() may run again in tests)."""
    if all(known is not provider for _, known in _area_sections):
        _area_sections.append((order, provider))


def section_providers() -> list[SectionProvider]:
    """Every provider once, in order. Two systems of one app may share a section."""
    ordered = sorted(
        [*_area_sections, *((s.order, s.home_section) for s in registry.all() if s.home_section)],
        key=lambda pair: pair[0],
    )
    providers: list[SectionProvider] = []
    for _, provider in ordered:
        if provider not in providers:
            providers.append(provider)
    return providers


def home_sections(user: AbstractBaseUser | AnonymousUser) -> list[HomeSection]:
    """The sections of a user's home page, in order; none for a visitor."""
    if not isinstance(user, AbstractBaseUser) or not user.is_authenticated:
        return []
    return [provider(user) for provider in section_providers()]
