#!/usr/bin/env bash
# One node on a Redis of its own, one load test as fast as the rules allow, its JSON line: the
# figure issue 25 names (CPU a move and p99 at 200 tables on one node). For a before/after, run it
# in both trees one after the other, several times (docs/performance.md, "The move path").
#   deploy/bench-node.sh [TABLES] [DURATION_SECONDS]   (default 200 20)
set -euo pipefail
cd "$(dirname "$0")/.."
TABLES="${1:-200}"
DURATION="${2:-20}"
export BOT_DELAY_MS=0 HAND_PAUSE_MS=0 RATE_GUESTS=0 RATE_TABLES=0 RATE_ADDRESS_CONNECTIONS=0 \
  RATE_ADDRESS_MESSAGES=0 RATE_CONNECTION_MESSAGES=0 SOCKETS_PER_ADDRESS=0 WEB_ROOT=/nonexistent
# What the container image runs (the bundle), unless SERVER=source: tsx's transform adds work of its
# own (esbuild's keepNames wraps every closure made in a hot path in a naming call).
export SERVER="${SERVER:-bundle}"
rm -rf deploy/.data
# Its own process group, so that the node and Redis stop together whatever happens.
setsid env NODES=1 deploy/run-local.sh >/dev/null 2>&1 &
group=$!
trap 'kill -TERM -- -$group 2>/dev/null || true; wait $group 2>/dev/null || true; rm -rf deploy/.data' EXIT
until curl -sf http://127.0.0.1:3001/readyz >/dev/null; do sleep 0.2; done
pnpm --silent fives loadtest --url http://127.0.0.1:3001 --tables "$TABLES" --duration "$DURATION" 2>/dev/null
