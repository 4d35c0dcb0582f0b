#!/bin/bash
# The window's CPU use with nothing moving: 30 s on the title, then 30 s on a side-5 board
# waiting for the first move. Usage: scripts/bench/idle-cpu.sh BINARY [DISPLAY_NUMBER=77]
# Needs Xvfb, Mesa's Vulkan driver and xdotool (scripts/setup.sh installs them). Prints the
# process's CPU time (user and system, from /proc) over each 30 s, in cores.
set -euo pipefail
bin=$1
display=:${2:-77}
tmp=$(mktemp -d)
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config
Xvfb "$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$tmp"' EXIT
sleep 2
DISPLAY=$display WGPU_BACKEND=vulkan "$bin" >"$tmp/log" 2>&1 &
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
click() { DISPLAY=$display xdotool mousemove "$1" "$2" click 1; }
sleep 15
echo "title: $(cores_over_30s) cores"
click 220 265   # Play Abakus
sleep 3
click 770 559   # Start
sleep 2
DISPLAY=$display xdotool mousemove 1270 710
sleep 8
echo "board waiting for a move: $(cores_over_30s) cores"
# A stone on the board's centre: its autosave shows the game screen was reached.
click 640 360
sleep 3
saves=$(find "$tmp/data" -name '*.json' | wc -l)
[ "$saves" -gt 0 ] || { echo "the game screen was not reached (no autosave)" >&2; exit 1; }
