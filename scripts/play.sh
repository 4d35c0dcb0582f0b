#!/usr/bin/env bash
# Sets everything up (first run only) and starts the game window. Extra arguments go to the game.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
# Built as scripts/test.sh builds (see there), so either command reuses the other's build.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
# The dev profile builds the engine fully optimised and the game at opt-level 1, so this is
# the same build the tests use: after either command, the other starts at once.
if [ ! -x "${CARGO_TARGET_DIR:-target}/debug/abakus" ]; then
  echo "play: building the game for the first time, the engine fully optimised: about" \
    "twenty minutes on a 2-core machine; later starts take seconds"
fi
exec cargo run -- "$@"
