# Sourced by the idle-CPU benches with PREP set to their preparing script: leaves its saved game
# in a data folder of its own, starts Xvfb and the game (BINARY, the first argument) on it,
# measures 30 s on the title, continues the saved game with a real click and moves the pointer
# to a corner. Gives `cores_over_30s` (the process's CPU time, user and system, from /proc,
# over 30 s, in cores), `the_game_answers` and `$tmp`, `$display` to the bench.
set -euo pipefail
bin=$1
display=:${2:-77}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d)
ABAKUS_DATA_DIR=$tmp/data WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
    "$bin" --script "$here/$PREP" --screenshots "$tmp/shots" >/dev/null 2>&1
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
# Fails the bench unless the xdotool arguments given (a real click or key) change the game's
# autosave: the proof that the Continue click reached the game screen.
the_game_answers() {
    local before
    before=$(saved)
    DISPLAY=$display xdotool "$@"
    sleep 3
    [ "$(saved)" != "$before" ] || {
        echo "the game screen was not reached (the autosave did not change)" >&2
        exit 1
    }
}
saved() { find "$tmp/data" -name '*.json' -exec cat {} + | md5sum; }
sleep 15
echo "title: $(cores_over_30s) cores"
DISPLAY=$display xdotool mousemove 276 234 click 1   # Continue
sleep 3
DISPLAY=$display xdotool mousemove 1270 710
# Without a window manager nothing gives the window the keyboard: keys would go nowhere.
DISPLAY=$display xdotool search --name '^Abakus$' windowfocus
sleep 10
