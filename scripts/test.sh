#!/usr/bin/env bash
# Sets everything up (first run only) and runs every test: the rules, the game and its
# command line, and the real window under a virtual display, driven by scripts, by a real
# mouse and keyboard, and by phones in a real browser. Screenshots and figures go under the
# build folder, so the checkout is left as it was; scripts/screenshots.sh refreshes the ones
# in screenshots/.
# With --lint (CI), the same build also runs clippy over every target, warnings as errors.
set -euo pipefail
cd "$(dirname "$0")/.."
lint=false
case "${1:-}" in
  --lint) lint=true ;;
  "") ;;
  *)
    echo "usage: scripts/test.sh [--lint]" >&2
    exit 2
    ;;
esac
started=$(date +%s)
phase_started=$started
# Prints how long the phase that just ended took.
phase_done() {
  local now
  now=$(date +%s)
  echo "== $1 took $((now - phase_started)) s"
  phase_started=$now
}

scripts/setup.sh --tests
# The phone page's test in a real browser must run, not skip: setup installed what it needs.
export ABAKUS_REQUIRE_BROWSER=1
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
# No incremental records unless asked for (CARGO_INCREMENTAL=1): a first build compiles every
# crate anyway, and writing the records cost the workspace's crates a fifth of their build.
# scripts/play.sh builds the same way, so either command reuses the other's build.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
if $lint; then
  # Clippy's driver compiles the workspace's own crates in the tests' build and lints them as
  # it goes, so the engine is built once rather than checked a second time by `cargo clippy`.
  # Cargo caps the lints of every other crate, so -D warnings holds the project's code alone.
  RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)"
  export RUSTC_WORKSPACE_WRAPPER
  export RUSTFLAGS="-D warnings"
fi
phase_done "setup"

# The crates beside the game (the rules, the match, the words, the pages and the rooms' server)
# stand without the engine (the match's own feature, which the game turns on, aside); this asks
# Cargo, it builds nothing.
for crate in abakus-rules abakus-match abakus-words abakus-pages abakus-server; do
  engine=$(cargo tree -p "$crate" --edges normal,build --prefix none | grep -E '^(bevy|egui|kira|winit|wgpu)' || true)
  if [ -n "$engine" ]; then
    echo "$crate depends on the engine: $engine"
    exit 1
  fi
done

# One build of the whole workspace: Cargo unifies the features of the packages it is asked
# for, so every later command that names the same packages (--workspace) reuses it, and the
# rules crate and the dependencies it shares with the game are compiled once.
echo "== building the rules, the game and every test"
cargo test --workspace --lib --bins --tests --benches --no-run
if $lint; then
  # The rules' examples are built for their lints alone; the test command does not run them.
  cargo build --workspace --examples
fi
phase_done "build"

echo "== the rules, the command line and the headless app; benchmarks run once as tests"
cargo test --workspace --lib --bins --tests -- --skip real_window
# Named by pattern: --benches would also run the libraries' unit tests a second time.
cargo test --workspace --bench '*'
cargo test --workspace --doc
RUSTDOCFLAGS="-D warnings" cargo doc -p abakus-rules -p abakus-match -p abakus-words -p abakus-pages --no-deps --quiet
phase_done "tests"

echo "== the real window under Xvfb: the scripted tour, then a real mouse and keyboard"
cargo test --workspace --test app -- real_window
phase_done "window tests"
echo "== all tests passed in $(($(date +%s) - started)) s"
