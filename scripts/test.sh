#!/usr/bin/env bash
# Sets everything up (first run only) and runs every test: the rules without the engine, the
# whole crate with it, and the real window under a virtual display (tests/window.rs, which
# refreshes the screenshots in screenshots/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi

echo "== rules build without the engine (proves src/rules needs no Bevy)"
cargo check --no-default-features --all-targets
echo "== every test (rules, command line, headless app, and the real window under Xvfb)"
cargo test --all-targets
