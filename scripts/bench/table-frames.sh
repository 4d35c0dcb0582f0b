#!/usr/bin/env bash
# Each game's frame times on the 3D table and flat, one run after the other, under Xvfb with
# lavapipe at 1280×720: scripts/bench/table-frames.sh [BINARY] (default: the dev build).
# The hex game plays scripts/bench/table-frames.txt, the tile game table-frames-tiles.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-${CARGO_TARGET_DIR:-target}/debug/abakus}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for game in abakus abaku; do
  script=scripts/bench/table-frames.txt
  [ "$game" = abaku ] && script=scripts/bench/table-frames-tiles.txt
  # The flat twin: the same script without the V that puts the board on the table.
  sed 's/^key V$/wait 1/' "$script" > "$work/flat-$game.txt"
  for view in table flat; do
    run=$script
    [ "$view" = flat ] && run="$work/flat-$game.txt"
    ABAKUS_DATA_DIR="$work/data-$game-$view" WGPU_BACKEND=vulkan \
      xvfb-run -a -s "-screen 0 1280x720x24" \
      "$binary" --script "$run" --screenshots "$work/$game-$view" > /dev/null 2>&1
    echo "$game $view: $(grep "on the $game game screen" "$work/$game-$view/frame-times.txt")"
  done
done
