#!/usr/bin/env bash
# An online match played through the game's windows under a virtual display, as players
# would: Ann hosts a table on her computer (Online screen), Bob types the relay's address
# and the code and joins, both lag and strike with the keyboard (xdotool), Eve watches
# from the third stroke, Bob's game is killed and started again and comes back to the
# table, and the match plays to its end (one point, two innings) and a rematch.
# Screenshots of each window at each step go to OUT (default: a fresh folder, printed).
#   tools/online-play.sh [OUT] [QUALITY]       (QUALITY: low, the default, or high)
# Needs Xvfb, xdotool, ImageMagick's `import` and Mesa's software Vulkan driver (Debian:
# xvfb xdotool imagemagick mesa-vulkan-drivers) and a build (cargo build): the binary is
# CAROM_BIN, else $CARGO_TARGET_DIR/debug/carom. Port 8090 must be free.
set -eu
. "$(dirname "$0")/game-windows.sh"
play_setup "$@"
virtual_display 2560x1440

# The balls roll for a while at a software renderer's frame rate.
roll() { sleep 16; }

for name in Ann Bob Eve; do player $name; done
ann=$(start Ann --start online)
keys "$ann" Down Return # the code's row is chosen first; below it, hosting here
sleep 3
code=$(sed 's/\x1b\[[0-9;]*m//g' "$out/Ann.log" | sed -n 's/.*online table \([^ ]*\) at.*/\1/p' | head -1)
[ -n "$code" ] || { echo "no join code"; tail "$out/Ann.log"; exit 1; }
shot "$ann" 01-ann-hosts

bob=$(start Bob --start online)
xdotool windowmove "$bob" 1280 0
keys "$bob" Up
typed "$bob" "http://127.0.0.1:8090"
keys "$bob" Down
typed "$bob" "$code"
keys "$bob" Down Down Down Return # join
sleep 12
keys "$ann" Return # each closes the match's guide
keys "$bob" Return
sleep 2
shot "$bob" 02-bob-lag

# The lag: Bob a little harder than Ann (the same stroke from both halves is a tie).
keys "$bob" w w space
keys "$ann" space
sleep 24
shot "$ann" 03-lag-result
keys "$ann" Return
keys "$bob" Return
sleep 2
# The winner breaks with the white (whoever it is: the other's key does nothing).
keys "$bob" 1
keys "$ann" 1
sleep 2
shot "$ann" 04-ann-break
shot "$bob" 04-bob-break
# Strokes: each window strikes in turn; only the one whose turn it is plays.
stroke() { # N
  keys "$ann" space
  keys "$bob" space
  roll
  shot "$ann" "$(printf '%02d' $((4 + $1)))-ann-stroke-$1"
  shot "$bob" "$(printf '%02d' $((4 + $1)))-bob-stroke-$1"
  keys "$ann" Return
  keys "$bob" Return
  sleep 3
}
stroke 1
stroke 2
eve=$(start Eve --start online)
xdotool windowmove "$eve" 0 720
keys "$eve" Up
typed "$eve" "http://127.0.0.1:8090"
keys "$eve" Down
typed "$eve" "$code"
keys "$eve" Down Down Down Down Return # watch
sleep 12
keys "$eve" Return # the match's guide
shot "$eve" 07-eve-watches

# Bob's game is killed mid-match; Ann's line says he is reconnecting.
kill -9 "$(cat "$work/Bob.pid")"
sleep 12
shot "$ann" 08-ann-bob-reconnecting
bob=$(start Bob)
xdotool windowmove "$bob" 1280 0
shot "$bob" 09-bob-offered-the-table
keys "$bob" Down Down Down Down Return # Start, Resume, Settings, Records, Online
sleep 2
shot "$bob" 10-bob-come-back
keys "$bob" Return
sleep 8
keys "$bob" Return
shot "$bob" 11-bob-back
stroke 3
stroke 4
shot "$eve" 12-eve-end
keys "$ann" Return Return # the game over; a rematch
keys "$bob" Return
sleep 6
shot "$ann" 13-ann-rematch
shot "$eve" 13-eve-rematch
none_panicked Ann Bob Eve
echo "screenshots and logs in $out"
