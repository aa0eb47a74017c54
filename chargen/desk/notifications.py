"""Telling people what changed: a notification row for the badge, an email after commit.

Emails go through Django's email backend (console by default) and only once the
transaction that made the change has committed, so nobody is told of a decision
that was rolled back.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.contenttypes.models import ContentType
from django.core.mail import send_mail
from django.db import models, transaction
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from chargen.campaigns.models import Campaign, Membership
from chargen.desk.models import Decision, LastSeen, Notification, NotificationKind


def _one_line(text: str) -> str:
    """User text fit for a mail header: a name typed with a line break would make
    Django refuse the whole e-mail (BadHeaderError) after the change has committed."""
    return " ".join(text.split())


def absolute_url(path: str) -> str:
    """A site path as a link one can click in an e-mail (SITE_URL, from the environment)."""
    return f"{settings.SITE_URL}{path}"


def _send_email_after_commit(*, recipient: AbstractBaseUser, subject: str, body: str) -> None:
    address = getattr(recipient, "email", "")
    if not address:
        return
    subject = _one_line(subject)[:150]
    transaction.on_commit(lambda: send_mail(subject, body, None, [address], fail_silently=False))


def _about(item: models.Model | None) -> dict[str, Any]:
    if item is None:
        return {"item_type": None, "item_id": None}
    return {"item_type": ContentType.objects.get_for_model(item), "item_id": item.pk}


def notifications_about(item: models.Model) -> QuerySet[Notification]:
    return Notification.objects.filter(**_about(item))


@transaction.atomic
def notification_send(
    *,
    recipient: AbstractBaseUser,
    campaign: Campaign,
    kind: NotificationKind,
    message: str,
    link: str,  # a site path; the e-mail makes it absolute
    decision: Decision | None = None,
    item: models.Model | None = None,  # the race or character the news is about
) -> Notification:
    """Record a notification for the badge and email it once the transaction commits."""
    notification = Notification.objects.create(
        recipient_id=recipient.pk,
        campaign=campaign,
        kind=kind,
        message=message[:300],
        decision=decision,
        **_about(item),
    )
    _send_email_after_commit(
        recipient=recipient,
        subject=f"[Chargen] {campaign.name}: {message}",
        body=f"{message}\n\nCampaign: {campaign.name}\nSee it at: {absolute_url(link)}\n",
    )
    return notification


def notify_gm_once(
    *,
    item: models.Model,
    campaign: Campaign,
    kind: NotificationKind,
    message: str,
    link: str,
) -> Notification | None:
    """Tell the GM an item waits in their queue, once per time it comes to wait.

    An item sent back to its player and submitted again is news again: only a
    notification newer than the item's latest decision counts as already told.
    """
    already_told = notifications_about(item).filter(kind=kind)
    last_decision = (
        Decision.objects.filter(**_about(item)).order_by("-decided_at").only("decided_at").first()
    )
    if last_decision is not None:
        already_told = already_told.filter(created__gt=last_decision.decided_at)
    if already_told.exists():
        return None
    return notification_send(
        recipient=campaign.gm, campaign=campaign, kind=kind, message=message, link=link, item=item
    )


def unseen_notifications(
    *, user: AbstractBaseUser | AnonymousUser, campaign: Campaign | None = None
) -> QuerySet[Notification]:
    """The user's notifications newer than their last look at each campaign.

    Only campaigns the user is still in: news from one they left (or were removed
    from) could never be marked seen, and the badge would count it for good. A look at
    the very instant a notification was made counts as having seen it.
    """
    if not user.is_authenticated:
        return Notification.objects.none()
    # Exists rather than a join to memberships: a join would repeat each notification
    # once per matching membership row.
    member = Exists(Membership.objects.filter(campaign_id=OuterRef("campaign_id"), user_id=user.pk))
    seen_since = Exists(
        LastSeen.objects.filter(
            user_id=user.pk, campaign_id=OuterRef("campaign_id"), seen_at__gte=OuterRef("created")
        )
    )
    queryset = Notification.objects.filter(
        Q(campaign__gm_id=user.pk) | member, ~seen_since, recipient_id=user.pk
    )
    if campaign is not None:
        queryset = queryset.filter(campaign=campaign)
    return queryset


def unseen_count(
    *, user: AbstractBaseUser | AnonymousUser, campaign: Campaign | None = None
) -> int:
    """The badge's number. Most users have no notification at all (a player hears only of
    the GM's decisions), and every page shows the badge: one look at their own rows by
    its index first, and the COUNT (two subqueries to compile and run) only when there
    are some."""
    if not user.is_authenticated:
        return 0
    if not Notification.objects.filter(recipient_id=user.pk).exists():
        return 0
    return unseen_notifications(user=user, campaign=campaign).count()


def unseen_counts_by_campaign(*, user: AbstractBaseUser | AnonymousUser) -> dict[object, int]:
    """The same count per campaign id (campaigns with none left out), in one query, for
    the home page's "Waiting for you"."""
    rows = (
        unseen_notifications(user=user)
        .order_by()  # no model ordering in the GROUP BY
        .values("campaign_id")
        .annotate(count=Count("pk"))
    )
    return {row["campaign_id"]: row["count"] for row in rows}


@transaction.atomic
def notifications_mark_seen(*, user: AbstractBaseUser, campaign: Campaign) -> LastSeen:
    """The user has looked at this campaign's news; the badge starts again from zero."""
    marker, _ = LastSeen.objects.update_or_create(
        user_id=user.pk, campaign=campaign, defaults={"seen_at": timezone.now()}
    )
    return marker
