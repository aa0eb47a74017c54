"""ASGI entry point: the live table's socket, and the pages too.

`make run` serves everything from it with uvicorn. Production serves the pages from
chargen.wsgi (sync workers, cheaper a request) and only the sockets from here: gunicorn
with uvicorn workers (`gunicorn chargen.asgi -k uvicorn_worker.UvicornWorker`), to which
nginx sends `/ws/` (docs/deployment.md).
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chargen.settings")

# Django is set up before anything imports a model (the socket's consumer does).
http_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402

from chargen.core.checks import refuse_to_serve_when_misconfigured  # noqa: E402
from chargen.table.routing import websocket_application  # noqa: E402

application = ProtocolTypeRouter({"http": http_application, "websocket": websocket_application()})

# The web servers run no system checks of their own: the process asks for the
# configuration ones before it serves, as chargen/wsgi.py does.
refuse_to_serve_when_misconfigured()
