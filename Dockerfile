# syntax=docker/dockerfile:1
# fives: the game server with the web client built into it. Two stages: the build (pnpm, the
# web client with Vite, the server bundled with esbuild into one file) and a small runtime
# (Node on Alpine, the bundle and the client's static files only: no node_modules, no sources).
# Node 24, the active LTS line (Node 20 is end-of-life since 2026-04-30); the code also runs on 22.

FROM node:24-alpine AS build
ENV CI=true
# pnpm exactly as package.json's packageManager says (checked below, once the sources are in).
ARG PNPM_VERSION=10.34.9
RUN npm install -g pnpm@${PNPM_VERSION}
WORKDIR /src
# The lockfile alone first: `pnpm fetch` downloads every dependency from it into this layer,
# which Docker keeps until the lockfile changes (a change to the sources or to a package.json
# script does not download anything again).
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch --frozen-lockfile
# The whole workspace (.dockerignore keeps out node_modules, builds, logs), installed from that store.
COPY . .
RUN node -e "const want = 'pnpm@' + process.env.PNPM_VERSION, got = require('./package.json').packageManager; if (got !== want) { console.error('Dockerfile PNPM_VERSION is ' + want + ' but package.json packageManager is ' + got); process.exit(1); }" \
 && pnpm install --frozen-lockfile --offline
RUN pnpm --filter @fives/web run build \
 && pnpm --filter @fives/server run bundle

FROM node:24-alpine AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
# The same layout as the repository's, so the default WEB_ROOT (apps/web/dist) finds the client.
# The bundle's source map comes along: NODE_OPTIONS=--enable-source-maps turns it on when
# stack traces must name the sources (it is off by default: it costs ~50 MB of memory per node,
# docs/performance.md).
COPY --from=build /src/apps/server/dist/ /app/apps/server/dist/
COPY --from=build /src/apps/web/dist/ /app/apps/web/dist/
USER node
EXPOSE 3000
# Liveness: /healthz answers while the process does (Alpine has no curl: Node's own fetch).
# Checked every second while it starts, so `docker compose up --wait` (the rolling upgrade) goes on at once.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --start-interval=1s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains the node (clients move to another, work under way finishes): give it DRAIN_SECONDS and more.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.mjs"]
