#!/usr/bin/env bash
# Installs what building and testing the game needs on Debian 12: the system libraries Bevy
# links against, the virtual display, software Vulkan driver and X tools the window tests use
# (input with xdotool, the window's icon with xprop), the desktop entry's validator, and a Rust
# toolchain if there is none. Safe to run again: it only installs what is missing.
set -euo pipefail

packages=(
  build-essential pkg-config curl ca-certificates
  libasound2-dev libudev-dev
  libx11-dev libxcursor-dev libxrandr-dev libxi-dev libxkbcommon-dev libxkbcommon-x11-0
  libwayland-dev
  libvulkan1 mesa-vulkan-drivers xvfb xauth xdotool x11-utils desktop-file-utils
)

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
