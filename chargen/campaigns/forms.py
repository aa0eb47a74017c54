"""Campaign forms: a new campaign, and the house rules of the game it plays.

Each game system names its own house-rules form (its codec's `form_class`, with the
book's text beside each rule); `house_rules_form` picks the campaign's.
"""

from __future__ import annotations

from typing import Any, ClassVar

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms

from chargen.campaigns.models import Campaign
from chargen.core.house_rules import HouseRulesForm
from chargen.core.systems import campaign_game_choices


class CampaignCreateForm(forms.ModelForm):
    # Asked at the start because a GM who expects to approve characters should not have
    # to find the house rule first; games without an approval queue ignore it.
    approval_required = forms.BooleanField(
        required=False,
        initial=True,
        label="Finished characters need my approval before they count as ready to play",
        help_text="Infinity Drive campaigns: each finished character waits in your approval "
        "queue on the GM's desk. You can change this later in the house rules.",
    )

    class Meta:
        model = Campaign
        fields: ClassVar[list[str]] = ["name", "description", "game"]
        help_texts: ClassVar[dict[str, str]] = {
            "description": "Optional: a line or two your players see on the campaign page.",
            "game": "The system your players build characters for. You can change house "
            "rules after creating the campaign.",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["description"].widget.attrs["rows"] = 3
        # Read when the form is made, not when this module was imported: the games are
        # whatever systems are registered now.
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)
        game.choices = campaign_game_choices()
        self.helper = FormHelper()
        self.helper.add_input(Submit("submit", "Create campaign"))


def house_rules_form(campaign: Campaign, data: Any = None) -> HouseRulesForm:
    """The form of the campaign's game, filled with the campaign's rules of now."""
    codec = campaign.system.house_rules
    if codec is None:  # the registry refuses a campaign game without house rules
        raise LookupError(f"{campaign.system.label} has no house rules.")
    form: HouseRulesForm = codec.form(data, rules=campaign.rules)
    return form
