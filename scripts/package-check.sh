#!/usr/bin/env bash
# Installs the Debian package on a clean Debian 12 and starts the installed game there: a
# minimal Debian 12 is made with debootstrap in a folder, the .deb is installed in it with apt
# (which brings its dependencies from the Debian archive), the menu entry is validated, and
# the installed `abakus` plays a few moves under Xvfb with Mesa's software Vulkan and saves a
# screenshot. Needs root and the Debian archive; takes about five minutes the first time.
#   scripts/package-check.sh DEB [ROOT=/tmp/abakus-debian-12] [SCREENSHOTS=ROOT's /tmp/shots]
# A ROOT that already holds a Debian made by this script is used again (the package is
# reinstalled in it); `rm -rf ROOT` for a clean one. See docs/packaging.md.
set -euo pipefail
deb=$(realpath "$1")
root=${2:-/tmp/abakus-debian-12}
shots=${3:-$root/tmp/shots}
if [ "$(id -u)" != 0 ]; then
  echo "package-check: needs root (debootstrap and chroot)" >&2
  exit 2
fi
if ! command -v debootstrap >/dev/null; then
  apt-get install -y debootstrap
fi
if [ ! -x "$root/usr/bin/apt-get" ]; then
  echo "package-check: making a minimal Debian 12 in $root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$root.log" 2>&1 ||
    { tail -20 "$root.log" >&2; exit 1; }
fi
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
# Lazily: a process the game started may still hold a device for a moment.
trap 'umount -l "$root/dev" "$root/proc"' EXIT
in_root() { chroot "$root" env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:/usr/games \
  HOME=/root DEBIAN_FRONTEND=noninteractive "$@"; }

cp "$deb" "$root/tmp/abakus.deb"
in_root apt-get update -qq
# What the check itself uses, and nothing the package should bring by itself.
in_root apt-get install -y -qq xvfb xauth desktop-file-utils >/dev/null
in_root apt-get install -y -qq /tmp/abakus.deb
echo "package-check: installed files"
in_root dpkg -L abakus | grep -v '^/usr/share/doc/abakus/docs/' | sed 's/^/  /'
in_root desktop-file-validate /usr/share/applications/abakus.desktop
echo "package-check: the menu entry is valid"
in_root sh -c 'command -v abakus' | grep -qx /usr/games/abakus
in_root abakus --version

cat >"$root/tmp/check.txt" <<'EOF'
wait 20
screenshot installed-title
screen setup abakus
new-game 5
play E5 A1
wait 20
expect-record E5 A1
screenshot installed-game
exit
EOF
mkdir -p "$root/tmp/shots" "$root/tmp/runtime"
chmod 700 "$root/tmp/runtime"
in_root env XDG_RUNTIME_DIR=/tmp/runtime ABAKUS_DATA_DIR=/tmp/data ABAKUS_CONFIG_DIR=/tmp/config WGPU_BACKEND=vulkan \
  xvfb-run -a -s "-screen 0 1280x720x24" abakus --script /tmp/check.txt --screenshots /tmp/shots
for shot in installed-title installed-game; do
  test -s "$root/tmp/shots/$shot.png" || { echo "package-check: no $shot.png" >&2; exit 1; }
done
if [ "$shots" != "$root/tmp/shots" ]; then
  mkdir -p "$shots" && cp "$root"/tmp/shots/*.png "$shots"/
fi
echo "package-check: the installed game started and played; screenshots in $shots"
