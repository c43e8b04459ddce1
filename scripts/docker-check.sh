#!/usr/bin/env bash
# The image built and run for real: Dockerfile and docker-compose.yml as a developer uses them.
#   1. a Docker engine (dockerd is started when this runs as root and none answers)
#   2. stand-ins for the base images, where no image registry is reachable (scripts/docker-standins.sh)
#   3. the portal's image built with BuildKit; the host's CA bundle (NODE_EXTRA_CA_CERTS), when set, is
#      a build secret for pnpm's downloads, in no layer; then `docker-compose up --build -d`
#   4. every container healthy, then scripts/docker-smoke.mjs from outside over HTTP: register, the
#      code read in the mail catcher, verify, sign in, submit a sample, see it in the list
#   5. the image holds no tests, TypeScript sources, tsx or secret; `docker-compose down -v`
# Under CI=true every step is required. Elsewhere the check is skipped, with a notice, when there is
# no engine to use.
# What it cannot show here: the official images' own entrypoints and defaults, replaced by stand-ins
# (see scripts/docker-standins.sh), and a build through Docker Compose v2 (`docker compose`): this
# machine has Debian's docker-compose 1.29.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
started_at=$SECONDS
project=labcheck
app_port="${LAB_HTTP_PORT:-13000}"
mail_port="${MAILPIT_WEB_PORT:-18025}"

skip_or_fail() {
  if [ -n "${CI:-}" ]; then
    echo "docker-check: $1; under CI=true the Docker check is required" >&2
    exit 1
  fi
  echo "docker-check: $1: the Docker check is skipped"
  exit 0
}

# Debian's docker CLI has BuildKit built in; a newer CLI without the buildx plugin cannot build with it.
docker_cli="$(command -v /usr/bin/docker docker | head -n 1 || true)"
[ -n "$docker_cli" ] || skip_or_fail "no docker client"
command -v docker-compose > /dev/null || skip_or_fail "no docker-compose"
export DOCKER="$docker_cli" DOCKER_BUILDKIT=1 COMPOSE_DOCKER_CLI_BUILD=1
# docker-compose 1.29 builds by running `docker` from PATH: the same client.
shim="$(mktemp -d)"
ln -s "$docker_cli" "$shim/docker"
export PATH="$shim:$PATH"

dockerd_pid=""
cleanup() {
  local status=$?
  if [ -n "${composed:-}" ]; then
    if [ "$status" -ne 0 ]; then docker-compose -p "$project" logs --no-color --tail=60 app >&2 || true; fi
    docker-compose -p "$project" down -v --remove-orphans > /dev/null 2>&1 || true
  fi
  if [ -n "$dockerd_pid" ]; then
    kill "$dockerd_pid" 2> /dev/null || true
    wait "$dockerd_pid" 2> /dev/null || true
  fi
  rm -rf "$shim"
  exit "$status"
}
trap cleanup EXIT

if ! "$DOCKER" info > /dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && [ -x /usr/sbin/dockerd ]; then
    echo "docker-check: starting dockerd (log: /var/log/lab-dockerd.log)"
    /usr/sbin/dockerd > /var/log/lab-dockerd.log 2>&1 &
    dockerd_pid=$!
    for _ in $(seq 60); do
      if "$DOCKER" info > /dev/null 2>&1; then break; fi
      sleep 0.5
    done
  fi
  "$DOCKER" info > /dev/null 2>&1 || skip_or_fail "no Docker engine answers"
fi

bash scripts/docker-standins.sh

# The CA bundle Node trusts here (NODE_EXTRA_CA_CERTS; under CI the system's bundle when it is unset):
# a build secret for pnpm's downloads when TLS to the registry is intercepted, never in the image.
ca="${NODE_EXTRA_CA_CERTS:-}"
if [ -z "$ca" ] && [ -n "${CI:-}" ]; then ca=/etc/ssl/certs/ca-certificates.crt; fi
secret=()
if [ -n "$ca" ] && [ -s "$ca" ]; then secret=(--secret "id=npm_ca,src=$ca"); fi
image="$(sed -n 's|^ *image: *\(shrimp-lab-portal[^ ]*\).*|\1|p' docker-compose.yml)"
echo "docker-check: building $image"
build_log="$(mktemp)"
if ! "$DOCKER" build --progress=plain "${secret[@]}" -t "$image" . > "$build_log" 2>&1; then
  tail -n 60 "$build_log" >&2
  rm -f "$build_log"
  exit 1
fi
rm -f "$build_log"

# Compose's own build of the same Dockerfile and context: every step is in the cache by now.
export LAB_HTTP_PORT="$app_port" MAILPIT_WEB_PORT="$mail_port" EMAIL_CHECK_DNS=off
composed=1
compose_log="$(mktemp)"
if ! docker-compose -p "$project" up --build -d > "$compose_log" 2>&1; then
  tail -n 60 "$compose_log" >&2
  rm -f "$compose_log"
  exit 1
fi
rm -f "$compose_log"
for service in postgres redis mailpit app; do
  container="$(docker-compose -p "$project" ps -q "$service")"
  [ -n "$container" ] || { echo "docker-check: $service did not start" >&2; exit 1; }
  for _ in $(seq 120); do
    health="$("$DOCKER" inspect -f '{{.State.Health.Status}}' "$container")"
    [ "$health" = healthy ] && break
    sleep 1
  done
  [ "$health" = healthy ] || { echo "docker-check: $service is $health after 120 s" >&2; exit 1; }
done
echo "docker-check: every container is healthy"

node scripts/docker-smoke.mjs "http://127.0.0.1:$app_port" "http://127.0.0.1:$mail_port"

# What the image must not hold: tests, TypeScript sources, tsx (a development tool) or the build secret.
leftovers="$("$DOCKER" run --rm --entrypoint sh "$image" -c \
  'find /app /run -path "*/node_modules" -prune -o \( -name "*.test.*" -o -name "*.ts" -o -name faults -o -name secrets \) -print;
   ls /app/node_modules/.pnpm | grep -E "^(tsx|vitest|typescript)@" || true')"
if [ -n "$leftovers" ]; then
  echo "docker-check: the image holds what it must not:" >&2
  echo "$leftovers" >&2
  exit 1
fi
if "$DOCKER" history --no-trunc "$image" | grep -q "BEGIN CERTIFICATE"; then
  echo "docker-check: a certificate is in the image's history" >&2
  exit 1
fi

echo "docker-check: passed in $((SECONDS - started_at)) s"
