#!/usr/bin/env bash
# Builds the Debian packages with cargo-deb: the game's (the release build, about 20 minutes on
# two cores the first time: the binary, the icons, the desktop entry and the docs) and the
# rooms' server's (its binary, its systemd service and its options' file).
#   scripts/package.sh         the release builds and their packages
#   scripts/package.sh --dev   the packages of the dev builds instead, for a quick look at their
#                              contents and an install test (never for handing out)
# The .debs land in target/debian/ (or $CARGO_TARGET_DIR/debian/); see docs/packaging.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
if ! cargo deb --version >/dev/null 2>&1; then
  echo "package: installing cargo-deb"
  cargo install cargo-deb --locked
fi
desktop-file-validate packaging/abakus.desktop

case "${1:-}" in
  "")
    cargo deb --locked
    cargo deb --locked -p abakus-server
    ;;
  --dev)
    # cargo-deb builds only release-like profiles itself; the dev build is made here and
    # packaged as it is (cargo-deb warns that it is not meant for releases), stripped of its
    # line tables.
    cargo build --locked --bin abakus
    cargo build --locked -p abakus-server
    cargo deb --locked --profile dev --no-build --strip
    cargo deb --locked -p abakus-server --profile dev --no-build --strip
    ;;
  *)
    echo "usage: scripts/package.sh [--dev]" >&2
    exit 2
    ;;
esac
