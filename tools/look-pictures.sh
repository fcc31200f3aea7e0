#!/usr/bin/env bash
# Retakes the staged pictures of the table in docs/look (or $LOOK_OUT; the README's
# "Look" part), at both presets, with the arguments recorded here: run from the repository root after
# `cargo build --release`, with Xvfb and Mesa's Vulkan driver (see ../shared/tools/look.sh
# or the README). Table frame: m, x toward the foot, y left, z up from the cloth.
#   tools/look-pictures.sh [NAME...]    (default: every picture)
set -eu
bin=${CAROM_BIN:-${CARGO_TARGET_DIR:-target}/release/carom}
[ -x "$bin" ] || { echo "build the game first: cargo build --release" >&2; exit 1; }
out=${LOOK_OUT:-docs/look}

# name: the carom arguments that stage it.
declare -A staged=(
  [aiming]="--view behind"
  [top]="--view top"
  [cue-5]="--elevation 5 --camera-at=-0.35,-0.75,0.3 --looking-at=-0.95,-0.1,0.1"
  [cue-30]="--elevation 30 --camera-at=-0.35,-0.75,0.3 --looking-at=-0.95,-0.1,0.2"
  [cue-70]="--elevation 70 --camera-at=-0.2,-0.9,0.45 --looking-at=-0.85,-0.1,0.35"
  [dotted-ball]="--camera-at=-0.5,0.08,0.1 --looking-at=-0.71,0,0.03"
  [cushion]="--position $out/ball-on-the-cushion.ron --camera-at=1.12,-0.3,0.07 --looking-at=1.39,0,0.03"
  [diamonds]="--camera-at=-0.5,-0.4,0.22 --looking-at=0.8,-0.86,0.0"
  [room]="--view orbit"
  [lamp]="--camera-at=0.3,-2.2,-0.55 --looking-at=0,0,1"
  [break]="--camera-at=-1.25,0.02,0.1 --looking-at=0.71,0,0"
  [arena]="--camera-at=-3.9,-3.2,1.5 --looking-at=0,0.3,-0.3"
)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(aiming top cue-5 cue-30 cue-70 dotted-ball cushion diamonds room lamp break arena)
for name in "${names[@]}"; do
  args=${staged[$name]:?"no picture called $name; the pictures: ${!staged[*]}"}
  for quality in high low; do
    # shellcheck disable=SC2086 # the staged arguments are words
    timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" "$bin" \
      --screenshot "$out/$name-$quality.png" --frames 20 --quality "$quality" $args \
      >/dev/null 2>&1 || { echo "$name ($quality) failed" >&2; exit 1; }
    echo "$out/$name-$quality.png"
  done
done
