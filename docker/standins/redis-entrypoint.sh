#!/bin/sh
# The stand-in redis image's entrypoint: like the official one, redis-server runs as the redis user
# and, given no configuration file, answers other containers (protected mode off).
set -eu
if [ "${1:-}" != "redis-server" ]; then exec "$@"; fi
shift
exec setpriv --reuid=redis --regid=redis --init-groups redis-server --protected-mode no "$@"
