#!/usr/bin/env bash
# A long practice session played through the whole game, as a player would, under a
# virtual display: soft strokes in turning directions until N strokes are judged. The
# game logs a census after every judged stroke (entities, meshes, materials, images,
# resident memory; `src/view/census.rs`); this prints the census at stroke 1, 50 and
# every 100th, and at the end the growth since stroke 50.
#   tools/soak.sh [STROKES] [QUALITY]     (defaults: 1000 low; the game's log kept
#   where SOAK_LOG says)
# Needs Xvfb, xdotool and Mesa's software Vulkan driver (Debian: xvfb xdotool
# mesa-vulkan-drivers) and a release build (cargo build --release).
set -eu
strokes=${1:-1000}
quality=${2:-low}
bin=${CAROM_BIN:-${CARGO_TARGET_DIR:-target}/release/carom}
[ -x "$bin" ] || { echo "build the game first (cargo build --release)"; exit 1; }
work=$(mktemp -d)
log=${SOAK_LOG:-$work/game.log}
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $game $xvfb 2>/dev/null; rm -rf "$work"' EXIT
export DISPLAY=$display
# A fresh player: the player's own settings and records are not touched.
export XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config
sleep 1
"$bin" --start practice --quality "$quality" >"$log" 2>&1 &
game=$!
window=
for _ in $(seq 120); do
  window=$(xdotool search --name Carom 2>/dev/null | head -1) && [ -n "$window" ] && break
  sleep 1
done
[ -n "$window" ] || { echo "the game's window did not open"; cat "$log"; exit 1; }
sleep 10
xdotool windowfocus "$window"
# A new player is shown the guide first; Enter closes it.
xdotool key Return; sleep 1
# Soft strokes end sooner: hold the power-down key.
xdotool keydown s; sleep 4; xdotool keyup s
judged() { grep -c "census after stroke" "$log" || true; }
started=$(date +%s)
while [ "$(judged)" -lt "$strokes" ]; do
  kill -0 $game 2>/dev/null || { echo "the game stopped"; tail -20 "$log"; exit 1; }
  # The strike key does nothing while the balls roll; the aim turns a little each time.
  xdotool key --delay 60 space
  sleep 1
  for _ in $(seq $((RANDOM % 3 + 1))); do xdotool key --delay 30 a; done
done
echo "$strokes strokes in $(( $(date +%s) - started )) s ($quality preset)"
grep -o "census after stroke.*" "$log" |
  awk -v n="$strokes" '
    { split($0, w, " "); s = w[4] + 0; match($0, /resident [0-9]+/); kb = substr($0, RSTART + 9, RLENGTH - 9) + 0 }
    s == 1 || s == 50 || s % 100 == 0 || s == n { print }
    s == 50 { base = kb }
    END { if (base) printf "resident memory since stroke 50: %+.1f %%\n", 100 * (kb - base) / base }'
