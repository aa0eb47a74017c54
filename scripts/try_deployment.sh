#!/usr/bin/env bash
# Tries docs/deployment.md as written, on this machine, and removes everything it made.
#
# On the local PostgreSQL (127.0.0.1:5432, user postgres, trust auth; PGHOST, PGPORT and
# PGUSER change that) it follows the recipe in its order: a virtualenv from
# requirements-prod.lock, the keys, a role and a database, the environment file,
# migrate, collectstatic, the rules data, `check --deploy`, two gunicorn servers of the
# pages and one of the live table's sockets, /health/ and pages on each page server (a
# player signs in on one server and reads their character on the other), /health/ and a
# campaign's table socket on the table server, then a backup with pg_dump restored into a fresh database
# and checked with `manage.py check_snapshots`.
#
# The release is a copy of this checkout's files (tracked and new, not ignored) in a
# temporary folder, as /srv/chargen is in the recipe. TRY_VENV=path reuses a virtualenv
# already made from requirements-prod.lock instead of installing one (saves a minute).
# Run it as `make try-deployment`.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
NAME="chargen_try_$$"             # the role and the database
RESTORED="${NAME}_restored"       # the database the backup is restored into
HOST_NAME="chargen.example.test"  # what the proxy would pass as Host
WORK="$(mktemp -d /tmp/chargen-try-deployment.XXXXXX)"
APP="$WORK/srv/chargen"
ENV_FILE="$WORK/etc/chargen/chargen.env"
SERVER_PIDS=()

step() { printf '\n== %s\n' "$*"; }

cleanup() {
    status=$?
    step "cleaning up"
    for pid in "${SERVER_PIDS[@]}"; do
        kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
    done
    dropdb --if-exists "$RESTORED" || true
    dropdb --if-exists "$NAME" || true
    psql -q -d postgres -c "DROP ROLE IF EXISTS $NAME" || true
    rm -rf "$WORK"
    if [ "$status" -eq 0 ]; then echo "The deployment recipe worked."; else echo "FAILED (exit $status)"; fi
    exit "$status"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

step "the release: this checkout's files copied to $APP"
mkdir -p "$APP" "$(dirname "$ENV_FILE")"
git -C "$REPO" ls-files -z --cached --others --exclude-standard | grep -zv '^\.venv$' \
    | (cd "$REPO" && tar --null --files-from=- -cf - 2>/dev/null) | tar -C "$APP" -xf -

step "1. the virtualenv, from requirements-prod.lock (no development tools)"
if [ -n "${TRY_VENV:-}" ]; then
    ln -s "$TRY_VENV" "$APP/.venv"
    echo "reusing $TRY_VENV"
else
    python3 -m venv "$APP/.venv"
    "$APP/.venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes \
        -r "$APP/requirements-prod.lock"
fi
"$APP/.venv/bin/python" -c 'import django, gunicorn, health_check' # the app's own, not dev's
if "$APP/.venv/bin/python" -c 'import pytest' 2>/dev/null; then
    echo "the production virtualenv has pytest: not made from requirements-prod.lock" >&2
    exit 1
fi
cd "$APP"
PY="$APP/.venv/bin/python"

step "2. the keys"
SECRET_KEY="$("$PY" -c 'import secrets; print(secrets.token_urlsafe(50))')"
SIGNING_KEY="$(DEBUG=1 "$PY" manage.py new_signing_key)"
DB_PASSWORD="$("$PY" -c 'import secrets; print(secrets.token_urlsafe(24))')"

step "3. the role and the database"
psql -q -v ON_ERROR_STOP=1 -d postgres \
    -c "CREATE ROLE $NAME LOGIN PASSWORD '$DB_PASSWORD'"
createdb --owner="$NAME" "$NAME"

step "4. the environment file, shared by gunicorn and manage.py"
sed -e "s|^SECRET_KEY=.*|SECRET_KEY=$SECRET_KEY|" \
    -e "s|^CHARGEN_SIGNING_KEY=.*|CHARGEN_SIGNING_KEY=$SIGNING_KEY|" \
    -e "s|^DATABASE_URL=.*|DATABASE_URL=postgres://$NAME:$DB_PASSWORD@$PGHOST:$PGPORT/$NAME|" \
    -e "s|chargen.example.org|$HOST_NAME|g" \
    -e "s|^REDIS_URL=.*|REDIS_URL=|" \
    -e "s|^EMAIL_|# EMAIL_|; s|^DEFAULT_FROM_EMAIL|# DEFAULT_FROM_EMAIL|" \
    "$APP/docs/deploy/chargen.env" > "$ENV_FILE"
# Each health check of the load balancer asks a server by its own address.
sed -i "s|^ALLOWED_HOSTS=.*|&,127.0.0.1|" "$ENV_FILE"
chmod 600 "$ENV_FILE"
manage() { (set -a && . "$ENV_FILE" && set +a && "$PY" manage.py "$@"); }

step "5. migrate, collectstatic, rules data, an administrator"
manage migrate --noinput | tail -1
manage collectstatic --noinput | tail -1
manage load_rules_data
DJANGO_SUPERUSER_PASSWORD="$("$PY" -c 'import secrets; print(secrets.token_urlsafe(16))')" \
    manage createsuperuser --noinput --username admin --email admin@example.org
manage check --deploy --fail-level ERROR

step "6. two gunicorn servers of the pages (WSGI), one of the live table (ASGI)"
PORTS=("$(free_port)" "$(free_port)")
TABLE_PORT="$(free_port)"
for port in "${PORTS[@]}"; do
    (set -a && . "$ENV_FILE" && set +a && exec "$APP/.venv/bin/gunicorn" chargen.wsgi \
        --config python:chargen.gunicorn_pages --workers 2 --bind "127.0.0.1:$port" \
        --log-level warning) &
    SERVER_PIDS+=("$!")
done
(set -a && . "$ENV_FILE" && set +a && exec "$APP/.venv/bin/gunicorn" chargen.asgi \
    -k uvicorn_worker.UvicornWorker --bind "127.0.0.1:$TABLE_PORT" --workers 1 \
    --log-level warning) &
SERVER_PIDS+=("$!")
for port in "${PORTS[@]}" "$TABLE_PORT"; do
    for _ in $(seq 60); do
        curl -s -o /dev/null "http://127.0.0.1:$port/health/" && break
        sleep 1
    done
done

step "7. /health/ and pages on each server, the table's socket on its own"
"$PY" - "$HOST_NAME" "$TABLE_PORT" "${PORTS[@]}" <<'PYTHON'
"""/health/ on every server, then a player who signs up on the first page server reads
the character they started there on the second (the servers share everything through
the database), and opens the table socket of a campaign they run on the table server."""

import json
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

from websockets.sync.client import connect

host, table_port, ports = sys.argv[1], sys.argv[2], sys.argv[3:]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a redirect is an answer to read, not to follow


opener = urllib.request.build_opener(NoRedirect)
# The session and CSRF cookies are Secure, for https only, so a cookie jar would not
# send them to http://127.0.0.1: they are carried here by hand, as the browser would.
cookies = {}


def ask(port, path, data=None, proto="https"):
    """What nginx would forward: the visitor's Host and scheme, from 127.0.0.1."""
    headers = {"Host": host, "X-Forwarded-Proto": proto, "Origin": f"https://{host}",
               "Referer": f"https://{host}{path}", "Accept": "text/html"}
    if cookies:
        headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=urllib.parse.urlencode(data).encode() if data is not None else None,
        headers=headers,
    )
    try:
        response = opener.open(request, timeout=30)
    except urllib.error.HTTPError as answer:
        response = answer
    for header in response.headers.get_all("Set-Cookie") or []:
        name, _, rest = header.partition("=")
        cookies[name] = rest.split(";")[0]
    return response.status, response.headers, response.read().decode()


def form_fields(page):
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))


for port in [*ports, table_port]:
    status, _, body = ask(port, "/health/?format=json", proto="http")
    print(f"server :{port} /health/ {status} {body}")
    assert status == 200 and set(json.loads(body).values()) == {"OK"}, body

for port in ports:
    status, _, body = ask(port, "/health/?format=json", proto="http")
    print(f"server :{port} /health/ {status} {body}")
    assert status == 200 and set(json.loads(body).values()) == {"OK"}, body
    status, _, page = ask(port, "/")
    print(f"server :{port} / {status}")
    assert status == 200 and "Chargen" in page

first, second = ports
status, _, page = ask(first, "/accounts/signup/")
fields = form_fields(page)
fields.update(username="tryplayer", email="tryplayer@example.org",
              password1="gravel-lantern-orbit-77", password2="gravel-lantern-orbit-77")
status, headers, _ = ask(first, "/accounts/signup/", fields)
assert status == 302, f"sign-up answered {status}"
status, _, page = ask(first, "/characters/new/")
fields = form_fields(page)
fields.update(name="Treva Donalson", concept="A scout who reads the stars")
status, headers, _ = ask(first, "/characters/new/", fields)
assert status in (302, 303), f"starting a character answered {status}"
character = headers["Location"]
print(f"server :{first} signed up and started {character}")
# The same session on the other server takes the wizard's next step...
status, _, page = ask(second, character)
assert status == 200 and "Treva Donalson" in page, status
fields = form_fields(page)
fields["method"] = "dice"
status, headers, _ = ask(second, character.replace("/characteristics/", "/characteristics/method/"), fields)
assert status in (302, 303), f"choosing the dice answered {status}"
print(f"server :{second} opened it and chose to roll the characteristics: {status}")
# ...which the first server shows.
status, _, page = ask(first, "/characters/")
assert status == 200 and "Treva Donalson" in page, status
print(f"server :{first} lists the character: 200")
# A campaign they run, whose live table's socket the table server opens for them (nginx
# sends it /ws/ and nothing else).
status, _, page = ask(first, "/campaigns/new/")
fields = form_fields(page)
fields.update(name="The Long Jump", description="", game="drifting")
status, headers, _ = ask(first, "/campaigns/new/", fields)
assert status in (302, 303), f"starting a campaign answered {status}"
campaign = re.search(r"[0-9a-f]{8}-[0-9a-f-]{27}", headers["Location"]).group(0)
cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
with connect(f"ws://127.0.0.1:{table_port}/ws/table/{campaign}/", origin=f"https://{host}",
             additional_headers={"Cookie": cookie}, open_timeout=30) as socket:
    print(f"table server :{table_port} opened the socket of campaign {campaign}")
PYTHON

step "8. backup with pg_dump, restored into a fresh database"
manage check_snapshots  # the live database first, so a failure below is the restore's
DUMP="$WORK/chargen.dump"
(set -a && . "$ENV_FILE" && set +a && pg_dump --format=custom --file="$DUMP" "$DATABASE_URL")
createdb --owner="$NAME" "$RESTORED"
RESTORED_URL="postgres://$NAME:$DB_PASSWORD@$PGHOST:$PGPORT/$RESTORED"
pg_restore --no-owner --exit-on-error --dbname="$RESTORED_URL" "$DUMP"
ls -l "$DUMP" | awk '{print "backup: " $5 " bytes"}'

step "9. check_snapshots on the restored database"
(set -a && . "$ENV_FILE" && set +a && DATABASE_URL="$RESTORED_URL" "$PY" manage.py check_snapshots)
(set -a && . "$ENV_FILE" && set +a && DATABASE_URL="$RESTORED_URL" "$PY" manage.py shell -c \
    "from chargen.infinity_drive.models import Character as C; n = C.objects.count(); \
print(f'{n} character(s) restored'); assert n == 1")
