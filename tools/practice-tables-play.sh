#!/usr/bin/env bash
# Issue 56's table conditions and placing by numbers, played under a virtual display as
# a player would, screenshots to OUT:
#  1. the menu's Table row on the fitted table, a worn (slow) cloth and lively cushions,
#     each with how far a firm stroke runs there;
#  2. practice on a slow cloth and on a fast one: the same firm stroke (4 m/s up the
#     table from beside the head cushion, the position's stroke key Y) and where the
#     ball stops on each;
#  3. a ball placed by typing its place: Tab, "red 3.5 / 1.25", Enter; then a text
#     that cannot be read ("red 9 1"), and what the panel says.
#   tools/practice-tables-play.sh [OUT] [QUALITY]        (QUALITY: low, the default, or high)
# Needs Xvfb, xdotool and ImageMagick's import, and the game built (cargo build).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tools/game-windows.sh"
play_setup "$@"
virtual_display

menu() { # NAME CONDITION: NAME's folders with a practice menu on that table condition
  mkdir -p "$work/$1/config/carom" "$work/$1/data"
  local condition=None
  [ -n "$2" ] && condition="Some(\"$2\")"
  cat >"$work/$1/config/carom/menu.ron" <<RON
(mode: Practice, game: "three_cushion", table: "match", target: 15, innings_limit: None, players: ["$1"], ball_style: Dotted, condition: $condition)
RON
}

# The firm stroke's position: the white beside the head cushion, the others out of its way.
cat >"$work/firm.ron" <<'RON'
(
    name: "A firm stroke up and down the table",
    game: "three_cushion",
    balls: [(ball: White, x: -1.3, y: 0.0), (ball: Red, x: 1.1, y: 0.6), (ball: Dotted, x: 1.1, y: -0.6)],
    cue_ball: White,
    stroke: (ball: White, direction_deg: 0, speed: 4, side: 0, height: 0, elevation_deg: 3),
)
RON

# 1. The menu's Table row under three conditions.
for condition in "" worn_cloth lively_cushions; do
  name=Menu${condition:-fitted}
  menu "$name" "$condition"
  win=$(start "$name")
  shot "$win" "menu-${condition:-fitted}"
  stop
done

# 2. The same firm stroke on a slow cloth and a fast one.
for condition in worn_cloth new_cloth; do
  name=Firm$condition
  menu "$name" "$condition"
  win=$(start "$name" --start practice --position "$work/firm.ron")
  # Enter closes the practice guide shown the first time.
  keys "$win" Return y space
  sleep 25
  # The top view, to see where the ball stopped.
  keys "$win" c
  sleep 2
  shot "$win" "firm-$condition"
  stop
done

# 3. Placing by numbers.
menu Place ""
win=$(start Place --start practice)
keys "$win" Return Tab
typed "$win" "red 3.5 / 1.25"
shot "$win" place-typing
keys "$win" Return
sleep 2
shot "$win" place-placed
keys "$win" Tab
typed "$win" "red 9 1"
keys "$win" Return
sleep 1
shot "$win" place-refused
stop
none_panicked Menufitted Menuworn_cloth Menulively_cushions Firmworn_cloth Firmnew_cloth Place
echo "screenshots in $out"
