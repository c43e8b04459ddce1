# syntax=docker/dockerfile:1
# The portal in one image: the API (apps/api, run from TypeScript by tsx) serving the built SPA
# (apps/web/dist) on port 3000. See README.md "Docker"; no Docker engine ran where this was written,
# so it was checked by reading, not by building.

ARG NODE_IMAGE=node:24-slim
ARG PNPM_VERSION=10.34.9

# ---- base: Node 24 + the pinned pnpm (from the npm registry, no download at run time) ----
FROM ${NODE_IMAGE} AS base
ARG PNPM_VERSION
ENV CI=true
RUN npm install -g "pnpm@${PNPM_VERSION}" && pnpm --version
WORKDIR /app
# Manifests only, so the dependency layers are cached until a manifest or the lockfile changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/i18n/package.json packages/i18n/

# ---- build: every dependency, then the SPA bundle ----
FROM base AS build
# Toolchain only for a native addon without a prebuilt binary for this platform (bcrypt has them).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm run build

# ---- prod-deps: runtime dependencies only (tsx is one of the API's) ----
FROM build AS prod-deps
RUN pnpm install --frozen-lockfile --prod

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
# NODE_ENV trusts no proxy: set TRUST_PROXY (its address, or 1 for one hop) only when a reverse proxy
# is the only way to this container; otherwise a client's X-Forwarded-For picks its rate-limit address.
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/package.json /app/pnpm-workspace.yaml ./
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=prod-deps --chown=node:node /app/packages ./packages
COPY --from=prod-deps --chown=node:node /app/apps/api ./apps/api
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Same program as `pnpm --filter @lab/api start` (tsx src/server.ts), loaded in-process by
# `node --import tsx` so that the server itself is PID 1 and receives SIGTERM for its graceful
# shutdown (no pnpm or tsx wrapper process in between). JWT_SECRET is required in production.
WORKDIR /app/apps/api
CMD ["node", "--import", "tsx", "src/server.ts"]
