#!/usr/bin/env bash
# Refreshes the screenshots the README shows (screenshots/) and their frame-time figures: the
# scripted tour of tests/scripts/tour.txt in a real window under a virtual display, and both
# games on the 3D table (tests/scripts/table-3d.txt and table-3d-tiles.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
ABAKUS_DATA_DIR="$data" WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
  cargo run -- --script tests/scripts/tour.txt --screenshots screenshots
# The same screens in German, French and Russian, in screenshots/languages/.
rm -rf "$data" && mkdir -p "$data"
ABAKUS_DATA_DIR="$data" WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
  cargo run -- --script tests/scripts/languages.txt --screenshots screenshots/languages
rm -f screenshots/languages/frame-times.txt
# Both games on the 3D table, in screenshots/ beside the flat ones; the frame times kept
# there stay the tour's.
for script in table-3d table-3d-tiles; do
  rm -rf "$data" && mkdir -p "$data"
  ABAKUS_DATA_DIR="$data" WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
    cargo run -- --script "tests/scripts/$script.txt" --screenshots "screenshots/$script"
  mv "screenshots/$script"/*.png screenshots/
  rm -rf "screenshots/$script"
done
