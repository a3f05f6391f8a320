#!/usr/bin/env bash
# The figures of docs/performance.md: for each number of nodes and of tables, a fresh Redis and
# fresh nodes (deploy/run-local.sh, set up for a load test), one `fives loadtest` run, its JSON
# line appended to docs/performance/results.jsonl with the nodes and the engine bench beside it;
# "pace" is "fast" (as fast as the rules allow) or "human" (a person's pause before each move).
# Then `node docs/performance/chart.mjs` draws docs/performance/load.svg from that file.
#   deploy/benchmark.sh [DURATION_SECONDS]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-20}"
OUT=docs/performance/results.jsonl
mkdir -p docs/performance
: >"$OUT"
export BOT_DELAY_MS=0 HAND_PAUSE_MS=0 RATE_GUESTS=0 RATE_TABLES=0 RATE_ADDRESS_CONNECTIONS=0 \
  RATE_ADDRESS_MESSAGES=0 RATE_CONNECTION_MESSAGES=0 SOCKETS_PER_ADDRESS=0 WEB_ROOT=/nonexistent
# What the container image runs (the bundle), unless SERVER=source: tsx's transform adds work of its
# own (esbuild's keepNames wraps every closure made in a hot path in a naming call).
export SERVER="${SERVER:-bundle}"

engine=$(pnpm --silent fives bench --engine 2>/dev/null | tail -1)
echo "{\"engine\":$engine}" >>"$OUT"
# One run: NODES fresh nodes (and Redis), TABLES tables, the load test's other options after.
run() {
  local nodes=$1 tables=$2 label=$3
  shift 3
  rm -rf deploy/.data
  NODES=$nodes deploy/run-local.sh 2>/dev/null &
  local cluster=$!
  local urls=http://127.0.0.1:3001
  [ "$nodes" = 2 ] && urls=$urls,http://127.0.0.1:3002
  for port in 3001 3002; do
    [ "$port" = 3002 ] && [ "$nodes" = 1 ] && continue
    until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.2; done
  done
  local line
  line=$(pnpm --silent fives loadtest --url "$urls" --tables "$tables" --duration "$DURATION" "$@" 2>/dev/null)
  echo "{\"nodes\":$nodes,\"pace\":\"$label\",${line#\{}" | tee -a "$OUT"
  kill -TERM "$cluster" 2>/dev/null || true
  wait "$cluster" 2>/dev/null || true
  # Each node drains (up to DRAIN_SECONDS) before the ports are free again.
  while curl -s -o /dev/null http://127.0.0.1:3001/healthz || curl -s -o /dev/null http://127.0.0.1:3002/healthz; do sleep 0.5; done
  sleep 1
}

for nodes in 1 2; do
  for tables in 10 100 300 1000; do run "$nodes" "$tables" fast; done
done
# A human pace: a person thinks 1.5 s before each move, the computer players keep their default pause.
BOT_DELAY_MS=900 HAND_PAUSE_MS=2500 run 1 1000 human --think 1500
