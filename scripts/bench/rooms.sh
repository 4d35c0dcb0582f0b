#!/bin/bash
# The rooms' server under a load of people at a human pace, over loopback alone: a server of
# its own on a fresh data folder, and crates/abakus-server/examples/load.rs making ROOMS rooms of
# four pages, each room's player to move exchanging a tile PACE seconds after the last move, for
# SECONDS; it prints the pages connected, the moves, the time from a move sent to the other
# pages' pictures (median, 95th percentile), and the server's memory and CPU.
# Usage: scripts/bench/rooms.sh [ROOMS=250] [SECONDS=60] [PACE=4]
set -euo pipefail
rooms=${1:-250}
seconds=${2:-60}
pace=${3:-4}
cd "$(dirname "$0")/../.."
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
cargo build --release -p abakus-server --bin abakus-server --example load
target=${CARGO_TARGET_DIR:-target}
# A descriptor per connection, on both sides: as many as the machine lets a process have.
ulimit -n "$(ulimit -Hn)"
tmp=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
"$target/release/abakus-server" --data "$tmp/data" --listen "127.0.0.1:$port" >"$tmp/log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$tmp"' EXIT
until grep -q "serving" "$tmp/log"; do sleep 0.1; done
"$target/release/examples/load" "127.0.0.1:$port" "$server" "$rooms" "$seconds" "$pace"
