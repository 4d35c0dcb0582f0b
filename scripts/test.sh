#!/usr/bin/env bash
# Sets everything up (first run only) and runs every test: the rules crate on its own, the
# game and its command line, and the real window under a virtual display, driven by scripts
# and by a real mouse and keyboard. Screenshots and figures go under the build folder, so the
# checkout is left as it was; scripts/screenshots.sh refreshes the ones in screenshots/.
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

echo "== the rules crate alone: its tests, benchmarks run once as tests, docs, and no engine in its dependency tree"
cargo test -p abakus-rules --lib --tests --benches
cargo test -p abakus-rules --doc
RUSTDOCFLAGS="-D warnings" cargo doc -p abakus-rules --no-deps --quiet
engine=$(cargo tree -p abakus-rules --edges normal,build --prefix none | grep -E '^(bevy|egui|kira|winit|wgpu)' || true)
if [ -n "$engine" ]; then
  echo "the rules crate depends on the engine: $engine"
  exit 1
fi
phase_done "rules"

# The game and its tests are built once, the rules crate under them with the game's features;
# the rules' own tests ran above and are not built again.
echo "== building the game and every test"
cargo test -p abakus --all-targets --no-run
phase_done "build"

echo "== command line and headless app tests; the frame benchmark run once as a test"
cargo test -p abakus --lib --bins --tests -- --skip real_window
cargo test -p abakus --benches
phase_done "tests"

echo "== the real window under Xvfb: the scripted tour, then a real mouse and keyboard"
cargo test -p abakus --test app -- real_window
phase_done "window tests"
echo "== all tests passed in $(($(date +%s) - started)) s"
