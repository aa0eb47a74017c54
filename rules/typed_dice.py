"""Dice faces as players type them at the table, read against the dice they rolled.

For N dice of S sides a player may type the faces separated by spaces (“3 4”), by
commas with or without spaces (“3,4”, “3, 4”), and, where every face is one digit
(dice of at most nine sides, such as the d6), as one run of digits (“34”) when it has
as many digits as there are dice. A d10 or d100 can show two digits, so a run there
is one number, never several faces.

Every refusal ends with the form that is expected, and the same words serve as the
help a form shows beside the field before anything is typed.
"""

from __future__ import annotations

import re

from rules.dice import DiceSpec, Roll, check_faces, entered_roll, rollable
from rules.errors import DiceError
from rules.inputs import instance, whole
from rules.inputs import text as _text

__all__ = [
    "expected_faces",
    "faces_help",
    "faces_help_per_die",
    "read_faces",
    "reads_digit_runs",
    "typed_roll",
]

# Between faces: spaces, commas, and the semicolons and plus signs players also type.
_SEPARATORS = re.compile(r"[\s,;+]+")
_DIGITS = re.compile(r"[0-9]+")
# Faces shown in examples, in this order; a d10 or larger shows a two-digit face too.
_SMALL_EXAMPLE = (3, 4, 1, 5, 2, 6)
_LARGE_EXAMPLE = (3, 10, 4, 1, 5, 2)
# Longer examples are cut short: “3 4 1 …”.
_WHOLE_EXAMPLE_UP_TO = 6
_NUMBER_WORDS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
# No face of any die a table rolls has more digits than this.
_LONGEST_FACE = 6


def reads_digit_runs(sides: int) -> bool:
    """Whether “34” can be read as faces 3 and 4: only where no face has two digits."""
    return whole(sides, "The number of sides", minimum=1) <= 9


def _dice(spec: object) -> DiceSpec:
    return rollable(instance(spec, DiceSpec, "dice such as 2d6"))


def _example(count: int, sides: int) -> tuple[list[str], bool]:
    """Faces to show for `count` dice of `sides` sides, and whether they were cut short."""
    pattern = _LARGE_EXAMPLE if sides >= 10 else _SMALL_EXAMPLE
    usable = [face for face in pattern if face <= sides]
    shown = min(count, _WHOLE_EXAMPLE_UP_TO if count <= _WHOLE_EXAMPLE_UP_TO else 3)
    return [str(usable[index % len(usable)]) for index in range(shown)], shown < count


def _forms(spec: DiceSpec) -> str:
    """The accepted ways to type `spec`'s faces: “3 4”, “3,4” or “34”."""
    faces, cut = _example(spec.count, spec.sides)
    more = " …" if cut else ""
    if len(faces) <= 1 and not cut:
        return f"“{''.join(faces)}”"
    spaced = f"“{' '.join(faces)}{more}”"
    commas = f"“{','.join(faces)}{',…' if cut else ''}”"
    if reads_digit_runs(spec.sides):
        return f"{spaced}, {commas} or “{''.join(faces)}{'…' if cut else ''}”"
    return f"{spaced} or {commas}"


def expected_faces(spec: DiceSpec) -> str:
    """What to type for `spec`: “Type 2 faces from 1 to 6, like “3 4”, “3,4” or “34”.”"""
    spec = _dice(spec)
    if spec.count == 0:
        return "This roll has no dice to type."
    noun = "face" if spec.count == 1 else "faces"
    return f"Type {spec.count} {noun} from 1 to {spec.sides}, like {_forms(spec)}."


def faces_help(spec: DiceSpec) -> str:
    """The help beside a typed-dice field: “Two d6: type “3 4”, “3,4” or “34”.”"""
    spec = _dice(spec)
    if spec.count == 0:
        return "This roll has no dice to type."
    count = _NUMBER_WORDS[spec.count] if spec.count < len(_NUMBER_WORDS) else str(spec.count)
    return f"{count} d{spec.sides}: type {_forms(spec)}."


def faces_placeholder(spec: DiceSpec) -> str:
    """A typed-dice field's placeholder, as many faces as the roll has dice: “e.g. 3 4”."""
    spec = _dice(spec)
    faces, cut = _example(spec.count, spec.sides)
    return f"e.g. {' '.join(faces)}{' …' if cut else ''}" if faces else ""


def faces_help_per_die(sides: int) -> str:
    """The help where the number of dice is chosen on the same form: one face per die."""
    whole(sides, "The number of sides", minimum=1)
    example = faces_help(DiceSpec(2, sides)).split(": ", 1)[1]
    return f"One face per d{sides}, from 1 to {sides}; for two dice, {example}"


def _refused(problem: str, spec: DiceSpec) -> DiceError:
    return DiceError(f"{problem} {expected_faces(spec)}")


def _face(token: str, spec: DiceSpec) -> int:
    if not _DIGITS.fullmatch(token):
        raise _refused(f"“{token[:12]}” is not a number from 1 to {spec.sides}.", spec)
    if len(token) > _LONGEST_FACE:
        raise _refused(f"{token[:12]}… is not a face of a d{spec.sides}.", spec)
    return int(token)


def read_faces(text: str, spec: DiceSpec) -> tuple[int, ...]:
    """The faces typed for `spec`, or a DiceError naming what is wrong and what is expected."""
    typed = _text(text, "The faces")
    spec = _dice(spec)
    tokens = [token for token in _SEPARATORS.split(typed.strip()) if token]
    if not tokens:
        if spec.count == 0:
            return ()
        raise _refused("No dice were typed.", spec)
    run = len(tokens) == 1 and len(tokens[0]) > 1 and _DIGITS.fullmatch(tokens[0]) is not None
    if run and reads_digit_runs(spec.sides):
        tokens = list(tokens[0])
    faces = [_face(token, spec) for token in tokens]
    if len(faces) != spec.count:
        typed_count = f"{len(faces)} face{'' if len(faces) == 1 else 's'}"
        dice = f"{spec.count} {'die' if spec.count == 1 else 'dice'}"
        raise _refused(f"You typed {typed_count}; {spec.count}d{spec.sides} has {dice}.", spec)
    try:
        return check_faces(spec, faces)
    except DiceError as error:
        raise _refused(str(error), spec) from None


def typed_roll(spec: DiceSpec | str, text: str) -> Roll:
    """A roll whose faces a player typed from physical dice, read as the table writes them."""
    if isinstance(spec, str):
        spec = DiceSpec.parse(spec)
    return entered_roll(spec, read_faces(text, spec))
