#!/usr/bin/env bash
# The hex game's frame times on the 3D table and flat, one run after the other, under Xvfb with
# lavapipe at 1280×720: scripts/bench/table-frames.sh [BINARY] (default: the dev build).
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-${CARGO_TARGET_DIR:-target}/debug/abakus}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The flat twin: the same script without the V that puts the board on the table.
sed 's/^key V$/wait 1/' scripts/bench/table-frames.txt > "$work/flat.txt"
for view in table flat; do
  script=scripts/bench/table-frames.txt
  [ "$view" = flat ] && script="$work/flat.txt"
  ABAKUS_DATA_DIR="$work/data-$view" WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
    "$binary" --script "$script" --screenshots "$work/$view" > /dev/null 2>&1
  echo "$view: $(grep 'on the abakus game screen' "$work/$view/frame-times.txt")"
done
