#!/bin/bash
# The attract mode in the real window for a long run: resident memory sampled every minute.
# Usage: scripts/bench/window-soak.sh BINARY [SECONDS=7200] [DISPLAY_NUMBER=91] [LOG] > figures.tsv
# Needs Xvfb and Mesa's Vulkan driver (scripts/setup.sh installs both). Prints one line per
# sample: seconds since launch, resident memory in MiB, CPU-seconds used so far. With LOG, the
# game's log is kept there, with its own figures each minute (ABAKUS_MEMORY_DIAGNOSTICS): the
# heap in use, free and mapped, the images and the entities.
set -euo pipefail
bin=$1
seconds=${2:-7200}
display=:${3:-91}
tmp=$(mktemp -d)
log=${4:-$tmp/log}
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config
Xvfb "$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$tmp"' EXIT
sleep 2
ABAKUS_MEMORY_DIAGNOSTICS=1 DISPLAY=$display WGPU_BACKEND=vulkan "$bin" --demo=5 >"$log" 2>&1 &
app=$!
hz=$(getconf CLK_TCK)
echo -e "seconds\tresident_mib\tcpu_seconds"
start=$(date +%s)
while :; do
    now=$(( $(date +%s) - start ))
    kill -0 "$app" 2>/dev/null || { echo "the game stopped after $now s:" >&2; tail -5 "$log" >&2; exit 1; }
    rss_kib=$(awk '/^VmRSS/ {print $2}' "/proc/$app/status")
    cpu=$(awk -v hz="$hz" '{printf "%.1f", ($14 + $15) / hz}' "/proc/$app/stat")
    echo -e "$now\t$(( rss_kib / 1024 ))\t$cpu"
    [ "$now" -ge "$seconds" ] && break
    sleep 60
done
