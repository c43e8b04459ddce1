# The portal in one image: the compiled API (apps/api/dist, `node dist/server.js`) serving the built
# SPA (apps/web/dist) on port 3000. Built with BuildKit (Docker's default builder; `RUN --mount`).
# scripts/docker-check.sh builds and runs it in CI (README.md "Docker").
#
# A network whose TLS is intercepted needs its CA for the npm registry: pass it as a build secret,
#   docker build --secret id=npm_ca,src=/path/to/ca-bundle.pem .
# It is mounted only while pnpm runs and is in no layer of any stage.

ARG NODE_IMAGE=node:24-slim

# ---- base: Node 24, the pinned pnpm and the workspace's manifests ----
FROM ${NODE_IMAGE} AS base
ARG PNPM_VERSION=10.34.9
ENV CI=true
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
 && npm install -g --no-audit --no-fund "pnpm@${PNPM_VERSION}" && pnpm --version
WORKDIR /app
# Manifests only, so the dependency layers are cached until a manifest or the lockfile changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY bench/package.json bench/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/i18n/package.json packages/i18n/

# ---- deps: what the API and the SPA need to typecheck and build (not the benches or the root) ----
FROM base AS deps
RUN --mount=type=secret,id=npm_ca --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
 && pnpm install --frozen-lockfile --filter "@lab/api..." --filter "@lab/web..."

# ---- typecheck: the shipped code (the API, the packages it bundles, the SPA). Not a step of the image:
# `npm test` typechecks the same sources, and the image's build stayed three CPU-minutes slower for it.
# Build it on its own where no test run comes first: `docker build --target typecheck .` ----
FROM deps AS typecheck
COPY . .
RUN pnpm --filter "@lab/api..." typecheck && pnpm --filter @lab/web exec tsc -p tsconfig.json \
 && touch /app/.typechecked

# ---- build: the SPA bundle and the compiled API ----
FROM deps AS build
COPY . .
RUN pnpm --filter @lab/web build && pnpm --filter @lab/api build

# ---- prod-deps: the API's runtime dependencies only (the workspace packages are bundled in dist) ----
FROM base AS prod-deps
# After deps, whose install left every package in the store: nothing is downloaded twice.
COPY --from=deps /app/pnpm-lock.yaml /tmp/deps-installed
RUN --mount=type=secret,id=npm_ca --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
 && pnpm install --frozen-lockfile --prefer-offline --prod --filter @lab/api

# ---- runtime: dist, node_modules and the data files dist reads, no sources, tests or tools ----
FROM ${NODE_IMAGE} AS runtime
# NODE_ENV trusts no proxy: set TRUST_PROXY (its address, or 1 for one hop) only when a reverse proxy
# is the only way to this container; otherwise a client's X-Forwarded-For picks its rate-limit address.
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist
COPY --from=prod-deps /app/node_modules /app/node_modules
COPY --from=prod-deps /app/apps/api/node_modules /app/apps/api/node_modules
COPY --from=build /app/apps/api/package.json /app/apps/api/
COPY --from=build /app/apps/api/dist /app/apps/api/dist
# The bundled workspace packages read these beside their sources' places (apps/api/esbuild.config.ts):
# the database migrations, applied at start, and the message catalogues.
COPY --from=build /app/packages/db/migrations /app/packages/db/migrations
COPY --from=build /app/packages/i18n/catalogues /app/packages/i18n/catalogues
COPY --from=build /app/apps/web/dist /app/apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
WORKDIR /app/apps/api
# The server itself is PID 1, so it receives SIGTERM and shuts down gracefully. A crash is logged
# (uncaughtException or unhandledRejection, as JSON with its stack) before it exits.
CMD ["node", "dist/server.js"]
