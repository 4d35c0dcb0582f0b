#!/usr/bin/env bash
# Sets everything up (first run only) and runs every test: the rules without the engine, the
# whole crate with it, and the real window under a virtual display.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi

echo "== rules build without the engine (proves src/rules needs no Bevy)"
cargo check --no-default-features --all-targets
echo "== every test"
cargo test --all-targets
if [ -x scripts/window-test.sh ]; then
  echo "== the real window under Xvfb"
  scripts/window-test.sh
fi
