# syntax=docker/dockerfile:1
# fives: the game server with the web client built into it. Two stages: the build (pnpm, the
# web client with Vite, the server bundled with esbuild into one file) and a small runtime
# (Node on Alpine, the bundle and the client's static files only: no node_modules, no sources).

FROM node:20-slim AS build
ENV CI=true
RUN npm install -g pnpm@10
WORKDIR /src
# The whole workspace (.dockerignore keeps out node_modules, builds, logs): the lockfile is installed as is.
COPY . .
RUN pnpm install --frozen-lockfile
RUN pnpm --filter @fives/web run build \
 && pnpm --filter @fives/server run bundle

FROM node:20-alpine AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
# The same layout as the repository's, so the default WEB_ROOT (apps/web/dist) finds the client.
COPY --from=build /src/apps/server/dist/ /app/apps/server/dist/
COPY --from=build /src/apps/web/dist/ /app/apps/web/dist/
USER node
EXPOSE 3000
# Liveness: /healthz answers while the process does (Alpine has no curl: Node's own fetch).
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains the node (clients move to another, work under way finishes): give it DRAIN_SECONDS and more.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.mjs"]
