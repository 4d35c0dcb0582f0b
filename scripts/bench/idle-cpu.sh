#!/bin/bash
# The window's CPU use with nothing moving: 30 s on the title, then 30 s on a side-5 hex board
# waiting for a move. A game left by scripts/bench/idle-prep.txt is continued from the title
# with a real click; afterwards a real click on the board's centre must change its autosave,
# which shows the game screen was reached.
# Usage: scripts/bench/idle-cpu.sh BINARY [DISPLAY_NUMBER=77]
# Needs Xvfb, Mesa's Vulkan driver and xdotool (scripts/setup.sh installs them). Prints the
# process's CPU time (user and system, from /proc) over each 30 s, in cores.
set -euo pipefail
bin=$1
display=:${2:-77}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
ABAKUS_DATA_DIR=$tmp/data WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
    "$bin" --script "$here/idle-prep.txt" --screenshots "$tmp/shots" >/dev/null 2>&1
Xvfb "$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$tmp"' EXIT
sleep 2
DISPLAY=$display WGPU_BACKEND=vulkan ABAKUS_DATA_DIR=$tmp/data "$bin" >"$tmp/log" 2>&1 &
app=$!
hz=$(getconf CLK_TCK)
ticks() { awk '{print $14 + $15}' "/proc/$app/stat"; }
cores_over_30s() {
    local before after
    before=$(ticks)
    sleep 30
    after=$(ticks)
    awk -v a="$before" -v b="$after" -v hz="$hz" 'BEGIN {printf "%.3f", (b - a) / hz / 30}'
}
saved() { find "$tmp/data" -name '*.json' -exec cat {} + | md5sum; }
sleep 15
echo "title: $(cores_over_30s) cores"
DISPLAY=$display xdotool mousemove 276 234 click 1   # Continue
sleep 3
DISPLAY=$display xdotool mousemove 1270 710
sleep 10
echo "board waiting for a move: $(cores_over_30s) cores"
before=$(saved)
DISPLAY=$display xdotool mousemove 640 360 click 1   # a stone on the board's centre
sleep 3
[ "$(saved)" != "$before" ] || { echo "the game screen was not reached (the autosave did not change)" >&2; exit 1; }
