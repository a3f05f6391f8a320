#!/usr/bin/env bash
# docs/performance.md, "Redis Cluster": moves/s and CPU per move of two nodes on one Redis and on
# a 3-master cluster (six redis-server --cluster-enabled yes on loopback ports 7700-7705, a
# replica each), the same load on each, one after the other. Prints one JSON line per run.
#   deploy/bench-cluster.sh [TABLES] [DURATION_SECONDS]   (defaults 100 and 20)
set -euo pipefail
cd "$(dirname "$0")/.."
TABLES="${1:-100}"
DURATION="${2:-20}"
export BOT_DELAY_MS=0 HAND_PAUSE_MS=0 RATE_GUESTS=0 RATE_TABLES=0 RATE_ADDRESS_CONNECTIONS=0 \
  RATE_ADDRESS_MESSAGES=0 RATE_CONNECTION_MESSAGES=0 SOCKETS_PER_ADDRESS=0 WEB_ROOT=/nonexistent
DATA="$(mktemp -d)"
PORTS=(7700 7701 7702 7703 7704 7705)
redis=()
stop() {
  trap - EXIT INT TERM
  for pid in "${redis[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${redis[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$DATA"
}
trap stop EXIT INT TERM

# One run: two fresh nodes (deploy/run-local.sh) on the Redis the environment names, one load test.
run() {
  local label=$1
  NODES=2 deploy/run-local.sh >/dev/null 2>&1 &
  local nodes=$!
  for port in 3001 3002; do
    until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.2; done
  done
  local line
  line=$(pnpm --silent fives loadtest --url http://127.0.0.1:3001,http://127.0.0.1:3002 --tables "$TABLES" --duration "$DURATION" --players 2 --humans 1 2>/dev/null)
  echo "{\"redis\":\"$label\",${line#\{}"
  kill -TERM "$nodes" 2>/dev/null || true
  wait "$nodes" 2>/dev/null || true
  while curl -s -o /dev/null http://127.0.0.1:3001/healthz || curl -s -o /dev/null http://127.0.0.1:3002/healthz; do sleep 0.5; done
}

# One Redis (run-local.sh starts it, in deploy/.data).
rm -rf deploy/.data
REDIS_URL='' run single
rm -rf deploy/.data

# The cluster.
for port in "${PORTS[@]}"; do
  redis-server --port "$port" --cluster-enabled yes --cluster-config-file "$DATA/nodes-$port.conf" \
    --dir "$DATA" --save '' --appendonly no --daemonize no >"$DATA/redis-$port.log" 2>&1 &
  redis+=($!)
done
for port in "${PORTS[@]}"; do until redis-cli -p "$port" ping >/dev/null 2>&1; do sleep 0.1; done; done
redis-cli --cluster create $(printf '127.0.0.1:%s ' "${PORTS[@]}") --cluster-replicas 1 --cluster-yes >/dev/null
for port in "${PORTS[@]}"; do
  until redis-cli -p "$port" cluster info | grep -q cluster_state:ok; do sleep 0.2; done
done
REDIS_URL='' REDIS_CLUSTER_NODES="$(printf 'redis://127.0.0.1:%s,' "${PORTS[@]}" | sed 's/,$//')" run cluster
