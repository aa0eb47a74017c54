"""Campaign actions: create, set the house rules, renew the invite, join, remove a member."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from chargen.campaigns.models import Campaign, Membership, RetiredInvite
from chargen.core.limits import creation_cap, creation_cap_reached
from chargen.core.live_events import REMOVED_EVENT, send_to_table
from chargen.core.systems import default_campaign_game, registry


class InviteLinkError(Exception):
    """An invite link that leads nowhere; the message says why, for the visitor."""


class ReplacedInviteError(InviteLinkError):
    """The GM renewed the link, so this older one no longer works."""


class UnknownInviteError(InviteLinkError):
    """The link is mistyped, cut short, or never existed."""


UNKNOWN_INVITE_MESSAGE = (
    "This invite link is not valid. Check that you copied the whole link, "
    "or ask your GM to send it again."
)


def _parse_token(token: str | uuid.UUID) -> uuid.UUID:
    try:
        return token if isinstance(token, uuid.UUID) else uuid.UUID(str(token))
    except ValueError as garbage:
        raise UnknownInviteError(UNKNOWN_INVITE_MESSAGE) from garbage


def campaign_for_invite(*, token: str | uuid.UUID) -> Campaign:
    """The campaign this invite link is for; raises InviteLinkError if it is not live."""
    parsed = _parse_token(token)
    campaign = Campaign.objects.select_related("gm").filter(invite_token=parsed).first()
    if campaign is not None:
        return campaign
    retired = RetiredInvite.objects.select_related("campaign").filter(token=parsed).first()
    if retired is not None:
        raise ReplacedInviteError(
            f"This invite link to “{retired.campaign.name}” has been replaced by a newer one. "
            "Ask your GM for the current link."
        )
    raise UnknownInviteError(UNKNOWN_INVITE_MESSAGE)


def approval_rule(game: str, required: bool) -> dict[str, bool]:
    """The house rule asking for the GM's approval, for a game that has one; else nothing."""
    codec = registry.get(game).house_rules
    return {"approval_required": required} if codec and "approval_required" in codec.names else {}


@transaction.atomic
def campaign_create(
    *,
    gm: AbstractBaseUser,
    name: str,
    description: str = "",
    game: str | None = None,
    **house_rules: Any,
) -> Campaign:
    """A new campaign run by `gm`, playing `game` (the first campaign game if none).

    `house_rules` are rules of that game by name; those not given take the book's
    defaults. Raises HouseRulesInvalid (a RulesError) if they do not make sense, and
    TypeError for a rule the game does not have; ValidationError when `gm`
    already runs settings.MAX_CAMPAIGNS campaigns.
    """
    game = game or default_campaign_game()
    codec = registry.get(game).house_rules
    if codec is None:
        raise TypeError(f"{registry.get(game).label} is not played in campaigns.")
    unknown = set(house_rules) - set(codec.names)
    if unknown:
        raise TypeError(f"Unknown house rules: {', '.join(sorted(unknown))}")
    cap = creation_cap("MAX_CAMPAIGNS")
    if creation_cap_reached(owner=gm, cap=cap, count=Campaign.objects.filter(gm_id=gm.pk).count):
        raise ValidationError(
            f"You already run {cap} campaigns, the most one GM may start here; "
            "whoever runs this site can raise the limit.",
            code="campaign_cap",
        )
    rules = codec.from_json(house_rules)
    campaign = Campaign(
        gm_id=gm.pk,
        name=name,
        description=description,
        game=game,
        house_rules={game: codec.to_json(rules)},
    )
    campaign.full_clean()
    campaign.save()
    return campaign


@transaction.atomic
def campaign_house_rules_set(*, campaign: Campaign, by: AbstractBaseUser, rules: Any) -> Campaign:
    """The GM replaces the house rules of the campaign's game with `rules` (its dataclass).

    Other systems' entries are kept as they are. Raises PermissionDenied (not the GM)
    and HouseRulesInvalid (the rules do not make sense).
    """
    if not campaign.is_gm(by):
        raise PermissionDenied("Only the campaign's GM sets its house rules.")
    codec = campaign.system.house_rules
    if codec is None:
        raise TypeError(f"{campaign.system.label} has no house rules.")
    stored = codec.to_json(rules)
    codec.validate(stored)
    campaign.house_rules = {**campaign.house_rules, campaign.game: stored}
    campaign.full_clean()
    campaign.save(update_fields=["house_rules", "updated"])
    return campaign


def campaign_house_rules_change(
    *, campaign: Campaign, by: AbstractBaseUser, **changes: Any
) -> Campaign:
    """Change some of the campaign's rules by name (the others stay as they are)."""
    codec = campaign.system.house_rules
    if codec is None:
        raise TypeError(f"{campaign.system.label} has no house rules.")
    unknown = set(changes) - set(codec.names)
    if unknown:
        raise TypeError(f"Unknown house rules: {', '.join(sorted(unknown))}")
    current = codec.to_json(campaign.rules)
    return campaign_house_rules_set(
        campaign=campaign, by=by, rules=codec.from_json({**current, **changes})
    )


@transaction.atomic
def campaign_renew_invite(*, campaign: Campaign, by: AbstractBaseUser) -> Campaign:
    """A fresh invite link; the old one then says plainly that it was replaced."""
    if not campaign.is_gm(by):
        raise PermissionDenied("Only the campaign's GM can renew its invite link.")
    RetiredInvite.objects.create(token=campaign.invite_token, campaign=campaign)
    campaign.invite_token = uuid.uuid4()
    campaign.save(update_fields=["invite_token", "updated"])
    return campaign


@transaction.atomic
def campaign_join(*, token: str | uuid.UUID, user: AbstractBaseUser) -> Campaign:
    """Join by invite link. Joining twice, or the GM joining their own, changes nothing."""
    campaign = campaign_for_invite(token=token)
    if campaign.is_gm(user):
        return campaign
    try:
        # A savepoint, so a racing second join's IntegrityError leaves the outer
        # transaction usable: the unique constraint decides, not a check-then-insert.
        with transaction.atomic():
            Membership.objects.get_or_create(campaign=campaign, user_id=user.pk)
    except IntegrityError:
        pass
    return campaign


@transaction.atomic
def campaign_remove_member(
    *, campaign: Campaign, by: AbstractBaseUser, user: AbstractBaseUser
) -> None:
    """The GM removes a member, or a member leaves. Their characters are not touched."""
    if not (campaign.is_gm(by) or by.pk == user.pk):
        raise PermissionDenied("Only the GM can remove someone else from a campaign.")
    Membership.objects.filter(campaign=campaign, user_id=user.pk).delete()
    # Their open table sockets close once this commits (chargen/table/consumers.py).
    event = {"type": REMOVED_EVENT, "user_id": user.pk}
    transaction.on_commit(lambda: send_to_table(campaign.pk, event), robust=True)
