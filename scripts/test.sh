#!/usr/bin/env bash
# Sets everything up (first run only) and runs every test: the rules without the engine, the
# whole crate with it, and the real window under a virtual display, driven by scripts and by a
# real mouse and keyboard. Screenshots and figures go under the build folder, so the checkout
# is left as it was; scripts/screenshots.sh refreshes the ones in screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
phase_started=$started
# Prints how long the phase that just ended took.
phase_done() {
  local now
  now=$(date +%s)
  echo "== $1 took $((now - phase_started)) s"
  phase_started=$now
}

scripts/setup.sh
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
phase_done "setup"

echo "== rules build without the engine (proves src/rules needs no Bevy)"
cargo check --no-default-features --all-targets
phase_done "rules build"

echo "== building the game and every test"
cargo test --all-targets --no-run
phase_done "build"

echo "== rules, command line and headless app tests; benchmarks run once as tests"
cargo test --lib --bins --tests -- --skip real_window
cargo test --benches
phase_done "tests"

echo "== the real window under Xvfb: the scripted tour, then a real mouse and keyboard"
cargo test --test window --test real_input -- real_window
phase_done "window tests"
echo "== all tests passed in $(($(date +%s) - started)) s"
