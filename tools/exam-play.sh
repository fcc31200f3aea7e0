#!/usr/bin/env bash
# Issue 56's graded exam taken under a virtual display as a player would, screenshots
# to OUT: Ann (three straight-rail exams already in her record) takes the straight-rail
# exam (J), each attempt with the position's stroke (Y, Space); the panel's grade when
# it ends; then the player records screen with her exams' history and chart.
#   tools/exam-play.sh [OUT] [QUALITY]        (QUALITY: low, the default, or high)
# Needs Xvfb, xdotool and ImageMagick's import, and the game built (cargo build).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tools/game-windows.sh"
play_setup "$@"
virtual_display

mkdir -p "$work/Ann/config/carom" "$work/Ann/data/carom/players"
cat >"$work/Ann/config/carom/menu.ron" <<'RON'
(mode: Practice, game: "straight_rail", table: "match", target: 50, innings_limit: None, players: ["Ann"], ball_style: Dotted)
RON
exam() { # ENDED MADE REACHED SHORT_OF
  echo "(ended_s: $1, exam: \"Straight-rail exam\", made: $2, attempts: 40, reached: $3, short_of: $4),"
}
cat >"$work/Ann/data/carom/players/Ann.ron" <<RON
(name: "Ann", matches: [], exams: [
$(exam 1764000000 9 None 'Some("beginner")')
$(exam 1764300000 17 'Some("beginner")' 'Some("amateur")')
$(exam 1764600000 24 'Some("amateur")' 'Some("club")')
])
RON

win=$(start Ann --start practice)
# Enter closes the practice guide shown the first time; J starts the game's first drill,
# the exam.
keys "$win" Return j
sleep 2
shot "$win" exam-start
# Each attempt: the position's stroke, the balls left to stop, Enter past the verdict;
# until the exam is in the drill history (a stroke still rolling takes no keys, so the
# attempts are counted there, not here).
history=$work/Ann/data/carom/drill-history.ron
for attempt in $(seq 80); do
  keys "$win" y space
  sleep 9
  [ "$attempt" = 20 ] && shot "$win" exam-halfway
  grep -qs "Straight-rail exam" "$history" && break
  keys "$win" Return
done
grep -qs "Straight-rail exam" "$history" || { echo "the exam did not end"; exit 1; }
sleep 2
shot "$win" exam-graded
stop
win=$(start Ann --start records)
shot "$win" exam-records
stop
none_panicked Ann
echo "screenshots in $out"
