#!/usr/bin/env bash
# Installs what building and testing the game needs on Debian 12: the system libraries Bevy
# links against, the virtual display, software Vulkan driver and X tools the window tests use
# (input with xdotool, the window's icon with xprop), the desktop entry's validator, and a Rust
# toolchain if there is none, and SQLite's library for the rooms' server; with --tests also what
# the browser tests drive (Chromium, a QR reader, Node.js and Playwright's driver) and the
# reverse proxy the server's test puts TLS in front of it with (Caddy). Safe to run again: it
# only installs what is missing.
set -euo pipefail
tests=false
if [ "${1:-}" = "--tests" ]; then tests=true; fi

packages=(
  build-essential pkg-config curl ca-certificates
  libasound2-dev libudev-dev
  libx11-dev libxcursor-dev libxrandr-dev libxi-dev libxkbcommon-dev libxkbcommon-x11-0
  libwayland-dev
  libvulkan1 mesa-vulkan-drivers xvfb xauth xdotool x11-utils desktop-file-utils
  libsqlite3-dev
)
if $tests; then
  packages+=(chromium zbar-tools caddy)
  # Node.js from Debian where the machine has none (a newer one already installed is kept).
  if ! command -v node >/dev/null 2>&1; then packages+=(nodejs npm); fi
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Debian's own cargo is too old for Bevy 0.19, which needs Rust 1.95.
if [ -f "$HOME/.cargo/env" ]; then . "$HOME/.cargo/env"; fi
if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: installing Rust with rustup"
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --component rustfmt,clippy
  . "$HOME/.cargo/env"
fi
for component in rustfmt clippy; do
  if command -v rustup >/dev/null 2>&1 && ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    rustup component add "$component"
  fi
done

# Playwright's driver for the phone page's test, as its lockfile pins it (no browser download:
# the test drives Debian's Chromium).
phone_tests="$(dirname "$0")/../tests/phone"
if $tests && { [ ! -f "$phone_tests/node_modules/.package-lock.json" ] ||
  [ "$phone_tests/package-lock.json" -nt "$phone_tests/node_modules/.package-lock.json" ]; }; then
  echo "setup: installing the phone test's npm packages"
  (cd "$phone_tests" && npm ci --no-audit --no-fund --loglevel=error)
fi
