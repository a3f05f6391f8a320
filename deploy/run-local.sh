#!/usr/bin/env bash
# The docker-compose topology without Docker: Redis (append-only, in deploy/.data) and two
# server nodes on ports 3001 and 3002 sharing it, run from source. No balancer: point clients
# at either node (the load test takes both: --url http://127.0.0.1:3001,http://127.0.0.1:3002).
# Every other setting passes through from the environment, e.g. for a load test
# (docs/performance.md):
#   BOT_DELAY_MS=0 HAND_PAUSE_MS=0 RATE_GUESTS=0 RATE_TABLES=0 RATE_ADDRESS_CONNECTIONS=0 \
#   RATE_ADDRESS_MESSAGES=0 RATE_CONNECTION_MESSAGES=0 SOCKETS_PER_ADDRESS=0 deploy/run-local.sh
# NODES=1 runs one node. SERVER=bundle runs what the container image runs (the server bundled by
# esbuild, apps/server/dist/main.mjs, built first) instead of the sources through tsx. Ctrl-C (or SIGTERM to this script) stops the nodes, each draining, then Redis.
set -euo pipefail
cd "$(dirname "$0")/.."

REDIS_PORT="${REDIS_PORT:-6390}"
NODES="${NODES:-2}"
mkdir -p deploy/.data
nodes=()
redis=""
stop() {
  trap - EXIT INT TERM
  # The nodes first (each drains, then lets go of Redis), Redis last.
  for pid in "${nodes[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${nodes[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$redis" ]; then kill -TERM "$redis" 2>/dev/null || true; wait "$redis" 2>/dev/null || true; fi
}
trap stop EXIT INT TERM

# A Redis of its own unless one is given: REDIS_URL, or a cluster's or Sentinels' addresses.
if [ -z "${REDIS_URL:-}" ] && [ -z "${REDIS_CLUSTER_NODES:-}" ] && [ -z "${REDIS_SENTINELS:-}" ]; then
  redis-server --port "$REDIS_PORT" --appendonly yes --dir "$PWD/deploy/.data" --save '' --daemonize no >deploy/.data/redis.log 2>&1 &
  redis=$!
  export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
  until redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; do sleep 0.1; done
fi
export FIVES_SECRET="${FIVES_SECRET:-local-secret-0123456789abcdef}"
export LOG_LEVEL="${LOG_LEVEL:-warn}"

server=(--import tsx apps/server/src/main.ts)
if [ "${SERVER:-source}" = bundle ]; then
  node apps/server/scripts/bundle.mjs
  server=(apps/server/dist/main.mjs)
fi
for i in $(seq 1 "$NODES"); do
  PORT=$((3000 + i)) node "${server[@]}" &
  nodes+=($!)
  echo "node $i: http://127.0.0.1:$((3000 + i))" >&2
done
wait
