#!/usr/bin/env bash
# The memory figures of docs/performance.md ("Memory of one node at start"): the bundled server
# (as the image runs it) against the Redis at REDIS_URL (default redis://127.0.0.1:6379, its own
# key prefix, removed after), one whole game played on it (a person with `fives client` and an
# easy computer player), then SIGTERM; prints the peak resident memory (/usr/bin/time -v) of
# RUNS runs without and with --enable-source-maps.
#   deploy/memory.sh [RUNS]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-3}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
PORT="${PORT:-3950}"
pnpm --silent --filter @fives/server run bundle >/dev/null

# One run: NODE_FLAGS (may be empty); prints the max RSS in MB.
run() {
  local flags=$1 prefix="fives-memory:$$-$RANDOM:" out
  out=$(mktemp)
  env -i PATH="$PATH" PORT="$PORT" HOST=127.0.0.1 REDIS_URL="$REDIS_URL" REDIS_PREFIX="$prefix" \
    FIVES_SECRET=memory-secret-0123456789abcdef NODE_ENV=production LOG_LEVEL=warn \
    BOT_DELAY_MS=0 HAND_PAUSE_MS=0 WEB_ROOT=/nonexistent \
    /usr/bin/time -v -o "$out" node $flags apps/server/dist/main.mjs &
  local timer=$!
  until curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null; do sleep 0.1; done
  pnpm --silent fives client --url "http://127.0.0.1:$PORT" --create '{"preset":"allFives"}' \
    --seats 2 --bots 1 --level easy --name Ada --seed memory >/dev/null
  kill -TERM "$(pgrep -P "$timer")"
  wait "$timer" || true
  awk '/Maximum resident/ { printf "%.1f MB\n", $NF / 1024 }' "$out"
  rm -f "$out"
  redis-cli -u "$REDIS_URL" --scan --pattern "$prefix*" | xargs -r redis-cli -u "$REDIS_URL" del >/dev/null
}

for flags in "" "--enable-source-maps"; do
  for _ in $(seq 1 "$RUNS"); do echo "node ${flags:+$flags }apps/server/dist/main.mjs: $(run "$flags")"; done
done
