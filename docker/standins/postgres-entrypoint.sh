#!/bin/sh
# The stand-in postgres image's entrypoint. On a first start (empty PGDATA) it makes the cluster with
# POSTGRES_USER (default postgres) as superuser and POSTGRES_PASSWORD as its password, password logins
# (scram-sha-256) from other containers, and the database POSTGRES_DB (default: the user's name). It
# does not run /docker-entrypoint-initdb.d scripts or honour the official image's other variables.
set -eu
if [ "${1:-}" != "postgres" ]; then exec "$@"; fi

user="${POSTGRES_USER:-postgres}"
database="${POSTGRES_DB:-$user}"
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}" > "$password_file"
  chown postgres "$password_file"
  runuser -u postgres -- initdb --username="$user" --pwfile="$password_file" \
    --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" > /dev/null
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$database" != "postgres" ]; then
    runuser -u postgres -- pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start > /dev/null
    runuser -u postgres -- createdb --username="$user" "$database"
    runuser -u postgres -- pg_ctl -D "$PGDATA" -m fast -w stop > /dev/null
  fi
  echo "postgres stand-in: cluster made for user $user, database $database"
fi
shift
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -c listen_addresses='*' "$@"
