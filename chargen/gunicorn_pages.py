"""gunicorn's settings for the servers of the pages (`gunicorn chargen.wsgi --config
python:chargen.gunicorn_pages --workers N`): the deployment's unit, `make try-deployment`
and `make bench` all start the pages with this one file, so what is measured is what runs.

Sync workers, about one per core. A page is mostly Python's computing (a request waits
on PostgreSQL and Redis for a small part of its time), and a sync worker takes the next
request only when it is free, so requests never share one interpreter while another
worker idles. Threaded workers (gthread, four threads each) were measured against these
in the same runs (docs/benchmarks.md, 30 November 2026): the tail below saturation was
shorter in one run and longer in the next, and every run spent more server CPU on one
character (0.88 s against 0.65 s, 1.10 s against 0.92 s). A sync worker closes each
connection after its answer, so nginx never sends a request down a connection the worker
is closing; nginx buffers slow clients for it, as gunicorn asks.

Each worker, once it has loaded the site (chargen/wsgi.py reads the URLs and so imports
every view as the worker boots), hands what it loaded to the garbage collector's
permanent generation (`gc.freeze`, `post_worker_init`). Django, the views and their
modules live as long as the worker does, yet Python's full collections walked all of
them again: 190,000 objects, 100-135 ms a collection, about a tenth of a character's
server CPU (docs/benchmarks.md, 30 November 2026). Frozen, a full collection walks only
what requests made since.
"""

import gc

worker_class = "sync"


def post_worker_init(worker: object) -> None:
    """gunicorn's hook, once the worker has loaded the WSGI app (Django set up, its URLs
    and views imported): collect what booting left behind, which a freeze would keep for
    good, then freeze everything still alive."""
    gc.collect()
    gc.freeze()
