"""gunicorn's settings for the servers of the pages (`gunicorn chargen.wsgi --config
python:chargen.gunicorn_pages --workers N`): the deployment's unit, `make try-deployment`
and `make bench` all start the pages with this one file, so what is measured is what runs.

Each worker serves requests on a few threads. A page spends part of its time waiting,
not computing: on PostgreSQL's commit (the disk's flush, which a roll must wait for,
since it is saved before it is shown), on its queries and on Redis. A sync worker idles
through those waits while the requests behind it queue; a thread of the same worker
uses them. Under `make bench` on two cores, two workers of four threads held 120 players
at p95 124 ms where two sync workers reached 185 ms, and 160 players at 173 ms against
946 ms (docs/benchmarks.md). Eight threads did worse than four: more requests then
share one interpreter's lock while the other worker may idle.

Connections are closed after each answer (`keepalive = 0`), as a sync worker does. nginx
speaks to the servers one request a connection anyway; and a client that reuses a
connection the worker is just closing (gthread keeps one open for `keepalive` seconds)
has its next POST answered with nothing at all, which it must not retry.
"""

worker_class = "gthread"
threads = 4
keepalive = 0
