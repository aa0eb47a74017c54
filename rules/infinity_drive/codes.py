"""The seven characteristics, in the order the book writes a character profile."""

from __future__ import annotations

from typing import Final

from rules.inputs import flag

__all__ = [
    "BODILESS_CHARACTERISTICS",
    "CHARACTERISTICS",
    "CHARACTERISTIC_NAMES",
    "METAPHYSICAL",
    "characteristics_in_play",
]

CHARACTERISTICS: Final[tuple[str, ...]] = ("Mus", "Grc", "Res", "Int", "Sty", "Chz", "Mtp")

CHARACTERISTIC_NAMES: Final[dict[str, str]] = {
    "Mus": "Muscle",
    "Grc": "Grace",
    "Res": "Resilience",
    "Int": "Intellect",
    "Sty": "Sanity",
    "Chz": "Chutzpah",
    "Mtp": "Metaphysical",
}

# "If you do not want a far future with psychic/psionic abilities, ignore the
# seventh characteristic."
METAPHYSICAL: Final = "Mtp"

# A body is Mus, Grc and Res; a bodiless non-humanoid race has only these four.
BODILESS_CHARACTERISTICS: Final[tuple[str, ...]] = ("Int", "Sty", "Chz", "Mtp")


def characteristics_in_play(metaphysical_in_play: bool) -> tuple[str, ...]:
    if flag(metaphysical_in_play, "Whether Metaphysical is in play"):
        return CHARACTERISTICS
    return tuple(code for code in CHARACTERISTICS if code != METAPHYSICAL)
