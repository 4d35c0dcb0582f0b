#!/bin/bash
# Game windows at seats of a room on the rooms' server, over loopback alone.
# Usage: scripts/bench/online.sh latency [ROUNDS=60]
#        scripts/bench/online.sh latency-hex [ROUNDS=60]
#        scripts/bench/online.sh idle BINARY SERVER-BINARY [SECONDS=30] [GAME=tiles|hex]
# latency: two headless windows (the app's plugins, frames back to back) in a room of the
# rooms' server; a laying submitted in one until the other's game has it, against a laying at
# a window whose game is its own (tests/app/online_tiles.rs, measure_a_move_from_one_window_to
# _another; a person's half-second between turns). idle: the real game under Xvfb on the
# title, then two real windows joined to a two-person room by their links, nobody moving:
# prints each one's CPU over SECONDS, in cores (the window whose turn it is waits for its
# person, the other for a player elsewhere). latency-hex: the same for the hex game's moves,
# from the click that makes one (tests/app/online_hex.rs, measure_a_hex_move_from_one_window_
# to_another).
# Needs what `scripts/setup.sh --tests` installs.
set -euo pipefail
mode=${1:-}
cd "$(dirname "$0")/../.."
if [ "$mode" = latency ]; then
  ABAKUS_ROUNDS=${2:-60} cargo test --test app measure_a_move_from_one_window_to_another \
    -- --ignored --nocapture 2>&1 | grep -E '^(window to window|at one window)'
  exit
fi
if [ "$mode" = latency-hex ]; then
  ABAKUS_ROUNDS=${2:-60} cargo test --test app measure_a_hex_move_from_one_window_to_another \
    -- --ignored --nocapture 2>&1 | grep -E '^(window to window|at one window)'
  exit
fi
[ "$mode" = idle ] && [ $# -ge 3 ] || {
  echo "usage: $0 latency [ROUNDS] | latency-hex [ROUNDS] | idle BINARY SERVER-BINARY [SECONDS] [GAME]" >&2
  exit 2
}
bin=$(realpath "$2")
server_bin=$(realpath "$3")
seconds=${4:-30}
game=${5:-tiles}
tmp=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$tmp"' EXIT
display() {
  Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$tmp/display-$1" >/dev/null 2>&1 &
  pids+=($!)
  until [ -s "$tmp/display-$1" ]; do sleep 0.1; done
  echo ":$(cat "$tmp/display-$1")"
}
hz=$(getconf CLK_TCK)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# The CPU of each process given over SECONDS, in cores, on one line.
cores() {
  local before=() after=() pid
  for pid in "$@"; do before+=("$(ticks "$pid")"); done
  sleep "$seconds"
  for pid in "$@"; do after+=("$(ticks "$pid")"); done
  for i in "${!before[@]}"; do
    awk -v a="${before[$i]}" -v b="${after[$i]}" -v hz="$hz" -v s="$seconds" \
      'BEGIN {printf "%.3f ", (b - a) / hz / s}'
  done
  echo
}
window() { # DISPLAY DATA [ARGS...]
  local on=$1 data=$2
  shift 2
  DISPLAY=$on WGPU_BACKEND=vulkan ABAKUS_DATA_DIR=$data "$bin" "$@" >"$data.log" 2>&1 &
  pids+=($!)
}
# The title screen first, alone, as the bar to stay under.
on=$(display title)
window "$on" "$tmp/title"
title=${pids[-1]}
sleep 15
echo "the title screen: $(cores "$title") cores"
kill "$title"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$server_bin" --data "$tmp/store" --listen "127.0.0.1:$port" >"$tmp/server.log" 2>&1 &
pids+=($!)
until curl -s "http://127.0.0.1:$port/healthz" >/dev/null; do sleep 0.1; done
curl -s -X POST -H "Origin: http://127.0.0.1:$port" -H 'Content-Type: application/json' \
  --data '{"game": "'"$game"'", "language": "en", "seats": [{"name": "Ann", "player": "person"}, {"name": "Bo", "player": "person"}]}' \
  "http://127.0.0.1:$port/rooms" >"$tmp/room.json"
mapfile -t links < <(python3 -c 'import json, sys; [print(s["link"]) for s in json.load(open(sys.argv[1]))["seats"]]' "$tmp/room.json")
window "$(display a)" "$tmp/a" --join "http://127.0.0.1:$port${links[0]}"
a=${pids[-1]}
window "$(display b)" "$tmp/b" --join "http://127.0.0.1:$port${links[1]}"
b=${pids[-1]}
for data in a b; do
  until [ -s "$tmp/$data/online.json" ]; do
    kill -0 "$a" "$b" 2>/dev/null || { echo "a window stopped:" >&2; cat "$tmp/$data.log" >&2; exit 1; }
    sleep 0.2
  done
done
# The first views and frames settle.
sleep 15
read -r ann bo < <(cores "$a" "$b")
echo "two windows in a room, nobody moving: Ann's window $ann cores, Bo's $bo cores"
