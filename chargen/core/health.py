"""/health/: what a load balancer and a monitor ask a web server (django-health-check).

The database and the disk are needed to serve anything: either failing answers 503, so
a load balancer sends players elsewhere. Redis only speeds pages up (settings: its
failures are misses), so a failing cache is reported as degraded with a 200: a server
that can still serve stays in the pool, and a monitor reading the body sees why.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from health_check import Cache, Database, HealthCheck
from health_check.exceptions import ServiceUnavailable, ServiceWarning
from health_check.views import HealthCheckView

# Below this much free space SQLite cannot grow, logs stop and a PDF cannot be made.
DISK_FREE_MINIMUM_BYTES = 100 * 1024 * 1024
# Below this fraction free, an operator should be told before it runs out.
DISK_FREE_WARNING_FRACTION = 0.10


@dataclasses.dataclass
class DiskSpace(HealthCheck):
    """Free space where the app writes (its folder: the SQLite file, static files).

    django-health-check's own disk check needs psutil, which the production install
    does not have; the standard library's `shutil.disk_usage` answers the same question.
    """

    # Not in the report (repr=False): /health/ need not tell anyone the server's folders.
    path: str = dataclasses.field(default_factory=lambda: str(Path(settings.BASE_DIR)), repr=False)

    def run(self) -> None:
        usage = shutil.disk_usage(self.path)
        if usage.free < DISK_FREE_MINIMUM_BYTES:
            raise ServiceUnavailable(f"{usage.free // (1024 * 1024)} MB free")
        if usage.free < usage.total * DISK_FREE_WARNING_FRACTION:
            raise ServiceWarning(f"{100 * usage.free // usage.total} % free")


# The checks whose failure means this server cannot serve (503); any other failure, and
# a mere warning from these, leaves it serving (200, "degraded" in the body).
ESSENTIAL_CHECKS: tuple[type[HealthCheck], ...] = (Database, DiskSpace)


class ServerHealthView(HealthCheckView):
    """django-health-check's view with Chargen's answer codes (its documented way:
    a subclass overriding `get`); every format it offers is kept."""

    checks = (Database, DiskSpace, Cache)

    async def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response: HttpResponse = await super().get(request, *args, **kwargs)
        failed = [result for result in self.results if result.error is not None]
        if not failed or response.status_code != 500:
            return response  # healthy, or a feed, which always answers 200
        cannot_serve = any(
            isinstance(result.check, ESSENTIAL_CHECKS)
            and not isinstance(result.error, ServiceWarning)
            for result in failed
        )
        response.status_code = 503 if cannot_serve else 200
        response["X-Health"] = "unavailable" if cannot_serve else "degraded"
        return response
