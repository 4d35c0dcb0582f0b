#!/usr/bin/env bash
# Sets everything up (first run only) and starts the game window. Extra arguments go to the game.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
exec cargo run --release -- "$@"
