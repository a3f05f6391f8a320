#!/usr/bin/env bash
# The computer players' figures of docs/bots.md and docs/performance.md ("Computer players off
# the event loop"): expert tables at a human pace on a fresh Redis of its own, with
#   one node (BOT_WORKERS at its default: the cores less one), at 20, 60 and 300 tables;
#   two socket nodes that think nowhere (BOT_WORKERS=0) and one worker process, then two.
# For each run: the load test's JSON line, plus the moves and CPU of the worker processes (the
# load test reads the socket nodes' /metrics only). The load test's own line has the socket
# nodes' event-loop lag p99 over the measured seconds (loopLagP99Ms: prom-client's histogram
# starts afresh at each scrape, and the load test reads /metrics as they start and as they
# end, before its clients leave). Lines go to stdout and to docs/performance/bots.jsonl.
#   deploy/bench-bots.sh [DURATION_SECONDS]   (default 30; BASE_PORT, default 3450)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-30}"
BASE="${BASE_PORT:-3450}"
REDIS_PORT=$((BASE + 50))
OUT=docs/performance/bots.jsonl
mkdir -p docs/performance deploy/.bench  # scratch (.gitignore)
export FIVES_SECRET=bench-secret-0123456789abcdef LOG_LEVEL=warn WEB_ROOT=/nonexistent \
  RATE_GUESTS=0 RATE_TABLES=0 RATE_ADDRESS_CONNECTIONS=0 RATE_ADDRESS_MESSAGES=0 \
  RATE_CONNECTION_MESSAGES=0 SOCKETS_PER_ADDRESS=0 DRAIN_SECONDS=0 REDIS_URL="redis://127.0.0.1:$REDIS_PORT"

scrape() { curl -sf "$1/metrics" || true; }
value() { awk -v n="$1" '$1 == n { print $2 }'; }

# run NODES WORKERS TABLES: a fresh Redis, NODES socket nodes and WORKERS worker processes.
run() {
  local nodes=$1 workers=$2 tables=$3 pids=() urls="" wurls=()
  redis-server --port "$REDIS_PORT" --save '' --appendonly no --daemonize no >/dev/null 2>&1 &
  local redis=$!
  until redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; do sleep 0.1; done
  local think=""
  [ "$workers" -gt 0 ] && think="BOT_WORKERS=0"
  for i in $(seq 1 "$nodes"); do
    env $think PORT=$((BASE + i)) node --import tsx apps/server/src/main.ts &
    pids+=($!)
    urls="$urls${urls:+,}http://127.0.0.1:$((BASE + i))"
  done
  for i in $(seq 1 "$workers"); do
    PORT=$((BASE + 10 + i)) node --import tsx apps/server/src/main.ts worker &
    pids+=($!)
    wurls+=("http://127.0.0.1:$((BASE + 10 + i))")
  done
  for u in ${urls//,/ } "${wurls[@]}"; do until curl -sf "$u/readyz" >/dev/null; do sleep 0.2; done; done
  local before=()
  for u in "${wurls[@]}"; do before+=("$(scrape "$u" | value fives_moves_total) $(scrape "$u" | value process_cpu_seconds_total)"); done
  local line
  line=$(pnpm --silent fives loadtest --url "$urls" --tables "$tables" --duration "$DURATION" --players 4 --humans 1 --level expert --think 1500 2>deploy/.bench/stderr)
  local wmoves=0 wcpu=0 i=0
  for u in "${wurls[@]}"; do
    read -r m0 c0 <<<"${before[$i]}"
    m1=$(scrape "$u" | value fives_moves_total)
    c1=$(scrape "$u" | value process_cpu_seconds_total)
    wmoves=$(node -e "console.log($wmoves + $m1 - $m0)")
    wcpu=$(node -e "console.log(($wcpu + $c1 - $c0).toFixed(2))")
    i=$((i + 1))
  done
  echo "{\"nodes\":$nodes,\"workers\":$workers,${line#\{}" | sed "s/}\$/,\"workerMoves\":$wmoves,\"workerCpuSeconds\":$wcpu}/" | tee -a "$OUT"
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  kill -TERM "$redis"
  wait "$redis" 2>/dev/null || true
}

if [ "${ONLY:-}" != "" ]; then run $ONLY; exit; fi
for tables in 20 60 300; do run 1 0 "$tables"; done
run 2 1 300
run 2 2 300
