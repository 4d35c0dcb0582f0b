#!/bin/bash
# The rooms' server under a load of people at a human pace, over loopback alone: a server of
# its own on a fresh data folder, and crates/abakus-server/examples/load.rs making ROOMS rooms of
# four pages, each room's player to move exchanging a tile PACE seconds after the last move, for
# SECONDS; it prints the pages connected, the moves, the time from a move sent to the other
# pages' pictures (median, 95th percentile), and the server's memory and CPU.
# Usage: scripts/bench/rooms.sh [ROOMS=250] [SECONDS=60] [PACE=4] [KILL_AT]
#   KILL_AT   seconds into the run at which the server is killed with SIGKILL and started again
#             on the same folder; the pages come back by their secrets, and the load prints
#             how long they took and the moves lost (those a page had been shown, never any)
#   ABAKUS_BENCH_CADDY=1   the pages reach the server through Debian's Caddy on loopback, as
#             behind a reverse proxy (plain HTTP, so that the figures are the proxy's alone)
set -euo pipefail
rooms=${1:-250}
seconds=${2:-60}
pace=${3:-4}
kill_at=${4:-}
cd "$(dirname "$0")/../.."
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
cargo build --release -p abakus-server --bin abakus-server --example load
target=${CARGO_TARGET_DIR:-target}
# A descriptor per connection, on both sides: as many as the machine lets a process have.
ulimit -n "$(ulimit -Hn)"
tmp=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
address="127.0.0.1:$port"
options=()
caddy=""
if [ "${ABAKUS_BENCH_CADDY:-}" = 1 ]; then
  front=$((port + 1))
  options=(--host "127.0.0.1:$front" --trusted-proxy 127.0.0.1)
  printf '{\n\tadmin off\n\tauto_https off\n\tstorage file_system %s\n}\nhttp://127.0.0.1:%s {\n\tbind 127.0.0.1\n\treverse_proxy %s\n}\n' \
    "$tmp/caddy" "$front" "$address" >"$tmp/Caddyfile"
  HOME=$tmp XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config \
    caddy run --adapter caddyfile --config "$tmp/Caddyfile" >"$tmp/caddy.log" 2>&1 &
  caddy=$!
  until (exec 3<>"/dev/tcp/127.0.0.1/$front") 2>/dev/null; do sleep 0.1; done
fi
start_server() {
  "$target/release/abakus-server" --data "$tmp/data" --listen "$address" ${options[@]+"${options[@]}"} >>"$tmp/log" 2>&1 &
  server=$!
}
wait_serving() {
  until [ "$(grep -c serving "$tmp/log")" -ge "$1" ]; do sleep 0.05; done
}
start_server
trap 'kill $server ${caddy:+$caddy} 2>/dev/null || true; rm -rf "$tmp"' EXIT
wait_serving 1
pages="$address"
if [ -n "$caddy" ]; then pages="127.0.0.1:$front"; fi
"$target/release/examples/load" "$pages" "$server" "$rooms" "$seconds" "$pace" &
load=$!
if [ -n "$kill_at" ]; then
  sleep "$kill_at"
  kill -9 "$server"
  wait "$server" 2>/dev/null || true
  killed=$(date +%s%N)
  start_server
  wait_serving 2
  echo "the server killed at ${kill_at} s and serving again after $((($(date +%s%N) - killed) / 1000000)) ms"
fi
wait "$load"
