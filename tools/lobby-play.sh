#!/usr/bin/env bash
# The lobby played through three game windows under a virtual display, as players would:
# Ann, Bob and Eve type the relay's address and enter its lobby; Ann says hello in the
# chat and challenges Bob, who accepts; their table opens on the relay, they chat at it
# and play a short match (one point, two innings); Eve sees the table in the lobby,
# watches it and sees the result. Screenshots of each window at each step go to OUT.
#   tools/lobby-play.sh [OUT] [QUALITY]        (QUALITY: low, the default, or high)
# Needs what tools/online-play.sh needs, and nginx with nchan (server/relay.sh), which
# this starts on 127.0.0.1:8096 and stops.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$(mktemp -d)}
quality=${2:-low}
bin=${CAROM_BIN:-${CARGO_TARGET_DIR:-target}/debug/carom}
[ -x "$bin" ] || { echo "build the game first (cargo build)"; exit 1; }
mkdir -p "$out"
work=$(mktemp -d)
relay=http://127.0.0.1:8096
"$here/server/relay.sh" start 127.0.0.1:8096 "$work/relay" >/dev/null
display=:$((80 + RANDOM % 9))
Xvfb "$display" -screen 0 2560x1440x24 >/dev/null 2>&1 &
xvfb=$!
pids=()
trap 'kill "${pids[@]}" $xvfb 2>/dev/null; "$here/server/relay.sh" stop "$work/relay" >/dev/null; rm -rf "$work"' EXIT
export DISPLAY=$display
sleep 1

player() { # NAME: its folders and its menu (three-cushion, 1 point, 2 innings)
  mkdir -p "$work/$1/config/carom" "$work/$1/data"
  cat >"$work/$1/config/carom/menu.ron" <<RON
(mode: Match, game: "three_cushion", table: "match", target: 1, innings_limit: Some(2), players: ["$1", "Other"], ball_style: Dotted)
RON
}
start() { # NAME ARGS...: prints its window once it is open
  local name=$1 before window
  shift
  before=$(xdotool search --name Carom 2>/dev/null || true)
  XDG_DATA_HOME=$work/$name/data XDG_CONFIG_HOME=$work/$name/config \
    "$bin" --quality "$quality" "$@" >>"$out/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 120); do
    window=$(xdotool search --name Carom 2>/dev/null | grep -vxF "$before" | head -1 || true)
    [ -n "$window" ] && break
    sleep 1
  done
  [ -n "$window" ] || { echo "$name's window did not open"; tail "$out/$name.log"; exit 1; }
  sleep 8
  echo "$window"
}
keys() { # WINDOW KEY...
  local window=$1
  shift
  xdotool windowfocus "$window"
  sleep 0.3
  for key in "$@"; do xdotool key "$key"; sleep 0.3; done
}
typed() { # WINDOW TEXT
  xdotool windowfocus "$1"
  sleep 0.3
  xdotool type --delay 30 "$2"
  sleep 0.5
}
shot() { import -window "$1" "$out/$2.png"; }
# Into the lobby: the relay's row (above the code's, chosen first), then seven rows
# down to "Enter the lobby".
lobby() { # WINDOW
  keys "$1" Up
  typed "$1" "$relay"
  keys "$1" Down Down Down Down Down Down Return
  sleep 4
}

for name in Ann Bob Eve; do player $name; done
ann=$(start Ann --start online)
bob=$(start Bob --start online)
xdotool windowmove "$bob" 1280 0
eve=$(start Eve --start online)
xdotool windowmove "$eve" 0 720
lobby "$ann"
lobby "$bob"
lobby "$eve"
sleep 6
typed "$ann" "hello Bob, a game?"
keys "$ann" Return
sleep 3
shot "$ann" 01-ann-lobby
# Players by name: Ann, Bob, Eve. Ann challenges Bob.
keys "$ann" Down Return
sleep 4
shot "$bob" 02-bob-challenged
typed "$bob" "gladly"
keys "$bob" Return
keys "$bob" Up Up Up Return # the challenge, first in his list: accepted
sleep 14
shot "$ann" 03-ann-table
shot "$eve" 04-eve-lobby-table
keys "$ann" Return # each closes the match's guide
keys "$bob" Return
keys "$ann" Tab
typed "$ann" "good luck"
keys "$ann" Return
sleep 3
shot "$bob" 05-bob-table-chat
# The lag, the break choice (the winner breaks with the white), then strokes in turn.
keys "$bob" w w space
keys "$ann" space
sleep 24
keys "$ann" Return
keys "$bob" Return
sleep 2
keys "$bob" 1
keys "$ann" 1
sleep 2
# Eve watches: the table is the last entry of her list (after the three players).
keys "$eve" Down Down Down Return
sleep 14
keys "$eve" Return
shot "$eve" 06-eve-watches
for n in 1 2 3 4; do
  keys "$ann" space
  keys "$bob" space
  sleep 16
  keys "$ann" Return
  keys "$bob" Return
  sleep 3
done
shot "$ann" 07-ann-end
shot "$eve" 08-eve-result
echo "screenshots in $out"
