"""The wizard's one roll action: any roll of dice alone that the step table lists.

A specialisation, skill or survival roll (and any roll of that sort added to the step
table later) posts here with the sequence it expects and, for physical dice, the faces
typed (validated by the roll form once its key is found free, views.py `step_post`); the
answer is the page of the wizard step the table names for it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from chargen.core.log_reads import LockedLog
from chargen.infinity_drive import services
from chargen.infinity_drive.forms import RollForm
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.views import step_post
from chargen.infinity_drive.wizard.entry_kinds import STEP_TABLE
from chargen.infinity_drive.wizard.post_checks import Action, drawn_while_expected


def _roll(kind: str) -> Action:
    def action(
        character: Character,
        sequence: int,
        cleaned: dict[str, Any],
        log: LockedLog[CreationLogEntry],
    ) -> object:
        return services.character_roll(
            character=character,
            expected_sequence=sequence,
            kind=kind,
            typed_faces=cleaned["faces"],
            locked_log=log,
            # A skill roll one table alone can take is placed with it (and undoable).
            place_if_only_choice=True,
        )

    return action


ROLL_VIEWS: Mapping[str, Callable[[HttpRequest, uuid.UUID], HttpResponse]] = MappingProxyType(
    {
        row.kind: step_post(
            row.page,
            (row.kind,),
            lambda posted: RollForm(posted.data),
            _roll(row.kind),
            drawn_at_field=drawn_while_expected((row.kind,), "faces"),
        )
        for row in STEP_TABLE.values()
        if row.simple_dice is not None
    }
)


@login_required
@require_POST
def roll(request: HttpRequest, character_id: uuid.UUID, kind: str) -> HttpResponse:
    """Checked here as well as in each kind's view: a wrong method or a visitor hears
    the same answer whatever the kind named (a made-up one included)."""
    view = ROLL_VIEWS.get(kind)
    if view is None:
        raise Http404("There is no such roll in character creation.")
    return view(request, character_id)
