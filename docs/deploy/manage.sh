#!/bin/sh
# /usr/local/bin/chargen-manage: manage.py with gunicorn's environment (chargen.env), as
# the app's user, so a command never runs with other settings than the web servers:
#   sudo chargen-manage migrate
set -eu
cd /srv/chargen
exec setpriv --reuid=chargen --regid=chargen --init-groups \
    sh -c 'set -a && . /etc/chargen/chargen.env && set +a && exec .venv/bin/python manage.py "$@"' \
    chargen-manage "$@"
