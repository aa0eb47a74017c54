"""Invite to character in one path: a visitor opens the GM's invite link, signs up,
lands back on the invite, joins, and the campaign page starts a character for it,
the campaign preselected, for whichever game the campaign plays."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character as DriftingCharacter
from chargen.infinity_drive.campaign_rules import INFINITY_DRIVE

PASSWORD = "trellis-quasar-ninety-1"


def _selected_campaign(page: str) -> str:
    """The value of the selected option of the page's campaign select."""
    select = re.search(r'<select name="campaign".*?</select>', page, re.DOTALL)
    assert select is not None, "the page has no campaign choice"
    chosen = re.findall(r'<option value="([^"]*)"[^>]*selected', select.group(0))
    assert len(chosen) == 1
    return chosen[0]


@pytest.mark.parametrize(
    ("game", "start_name"), [(INFINITY_DRIVE, "characters:new"), (DRIFTING, "drifting:new")]
)
def test_invite_sign_up_join_and_start_a_character(
    client: Client, gm: User, game: str, start_name: str
) -> None:
    campaign = campaign_create(gm=gm, name="Storm <&> Salt", game=game)
    join_url = campaign.invite_url

    # The invite names the campaign and its GM, sign-up as prominent as log-in.
    invite = client.get(join_url)
    assert invite.status_code == 200
    page = invite.content.decode()
    assert "Storm &lt;&amp;&gt; Salt" in page
    assert "Storm <&>" not in page
    assert "run by alice" in page
    next_query = f"?next={quote(join_url)}"
    block = re.search(r"<div [^>]*data-invite-account>.*?</div>", page, re.DOTALL)
    assert block is not None
    buttons = re.findall(r'<a class="([^"]*)" href="([^"]*)">([^<]*)</a>', block.group(0))
    assert [(href, label) for _, href, label in buttons] == [
        (reverse("accounts:signup") + next_query, "Create an account"),
        (reverse("login") + next_query, "Log in"),
    ]
    assert buttons[0][0] == buttons[1][0]  # the same button style
    assert not campaign.memberships.exists()

    # Signing up logs in and comes back to the invite.
    signup_page = client.get(reverse("accounts:signup") + next_query).content.decode()
    assert f'name="next" value="{join_url}"' in signup_page
    signed_up = client.post(
        reverse("accounts:signup") + next_query,
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": join_url,
        },
    )
    assert signed_up.status_code == 302
    assert signed_up["Location"] == join_url
    erin = User.objects.get(username="erin")
    assert client.session["_auth_user_id"] == str(erin.pk)
    back = client.get(join_url).content.decode()
    assert "Join the campaign" in back
    assert not campaign.is_member(erin)

    # Joining (a POST) lands on the campaign page, which starts a character for it.
    joined = client.post(join_url)
    assert joined["Location"] == campaign.get_absolute_url()
    assert campaign.is_member(erin)
    detail = client.get(campaign.get_absolute_url()).content.decode()
    start_url = f"{reverse(start_name)}?campaign={campaign.id}"
    assert (
        f'<a class="btn btn-primary text-break" href="{start_url}" data-start-character>'
        "Create your character for Storm &lt;&amp;&gt; Salt</a>"
    ) in detail

    # The new-character page of the campaign's game, the campaign preselected.
    new_page = client.get(start_url)
    assert new_page.status_code == 200
    assert _selected_campaign(new_page.content.decode()) == str(campaign.id)


def test_a_drifting_character_started_for_the_campaign_is_in_it(
    player_client: Client, player: User, gm: User
) -> None:
    campaign = campaign_create(gm=gm, name="Lost on Storm", game=DRIFTING)
    campaign.memberships.create(user=player)
    response = player_client.post(reverse("drifting:start"), {"campaign": str(campaign.id)})
    character = DriftingCharacter.objects.get(owner=player)
    assert response["Location"] == character.get_absolute_url()
    assert character.campaign == campaign
    wizard = player_client.get(character.get_absolute_url()).content.decode()
    assert _selected_campaign(wizard) == str(campaign.id)


def test_starting_in_a_campaign_one_is_not_in_is_refused(outsider_client: Client, gm: User) -> None:
    campaign = campaign_create(gm=gm, name="Lost on Storm", game=DRIFTING)
    response = outsider_client.post(reverse("drifting:start"), {"campaign": str(campaign.id)})
    assert response.status_code == 400
    assert not DriftingCharacter.objects.exists()
    # Nor is it offered on the start page.
    page = outsider_client.get(f"{reverse('drifting:new')}?campaign={campaign.id}")
    assert str(campaign.id) not in page.content.decode()


def test_the_start_page_changes_nothing(player_client: Client) -> None:
    assert player_client.get(reverse("drifting:new")).status_code == 200
    assert not DriftingCharacter.objects.exists()


def test_the_gm_gets_no_create_link_but_a_copy_button(gm_client: Client, gm: User) -> None:
    campaign = campaign_create(gm=gm, name="Lost on Storm", game=DRIFTING)
    page = gm_client.get(campaign.get_absolute_url()).content.decode()
    assert "Create your character for" not in page
    # The link stays selectable text; the button is shown by chargen.js where it can copy.
    assert re.search(r'<input id="invite-link"[^>]*readonly value="http://testserver/', page)
    assert re.search(r'<button type="button"[^>]*data-copy-target="invite-link" hidden>', page)


@pytest.mark.parametrize(
    "offsite",
    ["https://evil.example/", "//evil.example/", "http://evil.example/campaigns/join/x/"],
)
def test_the_invite_never_redirects_off_site(client: Client, db: None, offsite: str) -> None:
    response = client.post(
        f"{reverse('accounts:signup')}?next={quote(offsite, safe='')}",
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": offsite,
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    login = Client().post(
        reverse("login"), {"username": "erin", "password": PASSWORD, "next": offsite}
    )
    assert login["Location"] == reverse("home")


def test_a_visitor_cannot_join_by_posting(client: Client, campaign: Campaign) -> None:
    response = client.post(campaign.invite_url)
    assert response["Location"].startswith(reverse("login") + "?next=")
    assert campaign.memberships.count() == 1  # Bob alone


# --- The rules form shows only the options of the game the campaign plays ----------------


def _field_names(page: str) -> set[str]:
    form = re.search(r'<form\s+method="post"\s*>.*?</form>', page, re.DOTALL)
    assert form is not None
    names = set(re.findall(r'name="([a-z_]+)"', form.group(0)))
    return names - {"csrfmiddlewaretoken", "submit"}


@pytest.mark.parametrize("game", [INFINITY_DRIVE, DRIFTING])
def test_the_rules_form_shows_only_its_games_options(
    gm_client: Client, gm: User, game: str
) -> None:
    campaign = campaign_create(gm=gm, name="Lost on Storm", game=game)
    codec = campaign.system.house_rules
    assert codec is not None
    url = reverse("campaigns:rules", kwargs={"campaign_id": campaign.id})
    page = gm_client.get(url).content.decode()
    assert _field_names(page) == set(codec.to_json(campaign.rules))
    other = "Drifting" if game == INFINITY_DRIVE else "Infinity Drive"
    assert f'<small class="text-body-secondary">{campaign.system.label}</small>' in page
    form = re.search(r'<form\s+method="post"\s*>.*?</form>', page, re.DOTALL)
    assert form is not None
    assert other not in form.group(0)
