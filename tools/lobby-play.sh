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
. "$here/tools/game-windows.sh"
play_setup "$@"
relay=http://127.0.0.1:8096
"$here/server/relay.sh" start 127.0.0.1:8096 "$work/relay" >/dev/null
display=:$((80 + RANDOM % 9))
Xvfb "$display" -screen 0 2560x1440x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill "${pids[@]}" $xvfb 2>/dev/null; "$here/server/relay.sh" stop "$work/relay" >/dev/null; rm -rf "$work"' EXIT
export DISPLAY=$display
sleep 1

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
none_panicked Ann Bob Eve
echo "screenshots and logs in $out"
