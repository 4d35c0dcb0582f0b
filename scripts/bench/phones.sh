#!/bin/bash
# Phone seats measured in the real window and Debian's Chromium, over loopback alone.
# Usage: scripts/bench/phones.sh BINARY latency [ROUNDS=100]
#        scripts/bench/phones.sh BINARY soak [SECONDS=3600] > figures.tsv
#        scripts/bench/phones.sh BINARY idle [SECONDS=30]
# latency: a two-phone tile game; the mover's page lays a tile and takes it back ROUNDS times
# and prints the median, 95th percentile and worst time from an intent sent to the view that
# shows it. soak: a four-phone game played a turn every 3 s (a tile laid and taken back, then
# an exchange; a page reloaded every 25 turns) while the game's resident memory and CPU-seconds
# are sampled every minute, one line each. idle: a two-phone game with a 60 s turn clock, both
# phones joined and nobody moving; prints the game's CPU over SECONDS, in cores.
# Needs what `scripts/setup.sh --tests` installs.
set -euo pipefail
bin=$(realpath "$1")
mode=$2
cd "$(dirname "$0")/../.."
case "$mode" in
  latency) amount=${3:-100}; seats=phone,phone ;;
  soak) amount=${3:-3600}; seats=phone,phone,phone,phone ;;
  idle) amount=${3:-30}; seats=phone,phone ;;
  *) echo "usage: $0 BINARY latency [ROUNDS] | soak [SECONDS] | idle [SECONDS]" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config ABAKUS_DATA_DIR=$tmp/data
Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$tmp/display" >/dev/null 2>&1 &
xvfb=$!
app=""
bench=""
trap 'kill $bench $app $xvfb 2>/dev/null || true; rm -rf "$tmp"' EXIT
until [ -s "$tmp/display" ]; do sleep 0.1; done
if [ "$mode" = idle ]; then
  # The setup's last choices, which --play takes: a turn clock of 60 s.
  mkdir -p "$tmp/data"
  echo '{"turn_limit": {"Seconds": 60}}' >"$tmp/data/tiles-setup.json"
fi
DISPLAY=:$(cat "$tmp/display") WGPU_BACKEND=vulkan "$bin" --play abaku --seats "$seats" \
  --phone-address 127.0.0.1 >"$tmp/log" 2>&1 &
app=$!
count=$(tr ',' '\n' <<<"$seats" | wc -l)
for _ in $(seq 600); do
  [ "$(grep -c '^seat ' "$tmp/log" || true)" -ge "$count" ] && break
  kill -0 "$app" 2>/dev/null || { echo "the game stopped:" >&2; cat "$tmp/log" >&2; exit 1; }
  sleep 0.1
done
mapfile -t addresses < <(grep '^seat ' "$tmp/log" | awk '{print $NF}')
[ "${#addresses[@]}" -eq "$count" ] || { echo "the game printed no addresses" >&2; exit 1; }
if [ "$mode" = latency ]; then
  node tests/phone/bench.mjs latency "$amount" "${addresses[@]}"
  exit
fi
hz=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$app/stat"; }
if [ "$mode" = idle ]; then
  node tests/phone/bench.mjs idle "$((amount + 10))" "${addresses[@]}" >"$tmp/bench" 2>&1 &
  bench=$!
  until grep -q '^waiting' "$tmp/bench"; do
    kill -0 "$bench" 2>/dev/null || { echo "the phones' run failed:" >&2; cat "$tmp/bench" >&2; exit 1; }
    sleep 0.2
  done
  # The page's first views and the window's first frames settle.
  sleep 5
  before=$(cpu_ticks)
  sleep "$amount"
  after=$(cpu_ticks)
  awk -v ticks=$((after - before)) -v hz="$hz" -v s="$amount" \
    'BEGIN { printf "a phone'"'"'s timed turn waiting: %.3f cores over %d s\n", ticks / hz / s, s }'
  exit
fi
# The phones' exit status goes to a file, read once the loop ends (an hour's run once had
# `wait` report a failure after the phones' last line, which a file cannot).
(
  status=0
  node tests/phone/bench.mjs soak "$amount" "${addresses[@]}" >"$tmp/bench" 2>&1 || status=$?
  echo "$status" >"$tmp/bench-status"
) &
bench=$!
echo -e "seconds\tresident_mib\tcpu_seconds"
start=$(date +%s)
while kill -0 "$bench" 2>/dev/null; do
  now=$(($(date +%s) - start))
  kill -0 "$app" 2>/dev/null || { echo "the game stopped after $now s:" >&2; tail -5 "$tmp/log" >&2; exit 1; }
  rss_kib=$(awk '/^VmRSS/ {print $2}' "/proc/$app/status")
  cpu=$(awk -v hz="$hz" '{printf "%.1f", ($14 + $15) / hz}' "/proc/$app/stat")
  echo -e "$now\t$((rss_kib / 1024))\t$cpu"
  for _ in $(seq 60); do kill -0 "$bench" 2>/dev/null && sleep 1; done
done
[ "$(cat "$tmp/bench-status" 2>/dev/null)" = 0 ] ||
  { echo "the phones' run failed:" >&2; cat "$tmp/bench" >&2; exit 1; }
tail -1 "$tmp/bench" >&2
