#!/usr/bin/env bash
# The look's budgets, two builds measured alternately in the same minutes (issue 57):
# frame rate aiming and rolling (`--frame-rate`), the first frame with Mesa's shader
# cache off (`--screenshot`'s log), and resident memory at the practice table 25 s
# after launch, all at the low preset, and the frame rate at the high preset when
# HIGH=1. Each under its own virtual display and fresh config folder, on an idle
# machine, at 1280x720 with Mesa's software Vulkan (llvmpipe).
#   tools/budgets.sh OLD_BINARY NEW_BINARY [ROUNDS]     (default 3 rounds)
set -eu
old=${1:?usage: budgets.sh OLD_BINARY NEW_BINARY [ROUNDS]}
new=${2:?usage: budgets.sh OLD_BINARY NEW_BINARY [ROUNDS]}
rounds=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { # BINARY ARGS...: the game under a fresh display and player
  rm -rf "$work/config" "$work/data"
  XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data timeout 600 \
    xvfb-run -a -s "-screen 0 1280x720x24" "$@" 2>&1
}
measure() { # NAME BINARY
  local name=$1 bin=$2
  local fps first resident
  fps=$(run "$bin" --frame-rate --quality low | grep -o "[0-9.]* fps (" | awk "{print \$1}" | paste -sd/)
  first=$(MESA_SHADER_CACHE_DISABLE=true run "$bin" --quality low --screenshot "$work/shot.png" --frames 5 \
    | grep -o "every pipeline compiled: frame [0-9]*, [0-9.]* s" | awk "{print \$(NF-1)}")
  rm -rf "$work/config" "$work/data"
  XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data xvfb-run -a -s "-screen 0 1280x720x24" \
    "$bin" --start practice --quality low >/dev/null 2>&1 &
  sleep 25
  resident=$(pgrep -f "^$bin --start practice" | head -1 | xargs -I{} grep VmRSS /proc/{}/status | awk '{print $2}')
  pkill -f "^$bin --start practice" || true
  sleep 2
  local high=""
  if [ "${HIGH:-0}" = 1 ]; then
    high=" high "$(run "$bin" --frame-rate --quality high | grep -o "[0-9.]* fps (" | awk "{print \$1}" | paste -sd/)" fps"
  fi
  echo "$name: low $fps fps (aiming/rolling), first frame cold ${first} s, resident ${resident} KiB$high"
}
for round in $(seq "$rounds"); do
  echo "round $round"
  measure old "$old"
  measure new "$new"
done
