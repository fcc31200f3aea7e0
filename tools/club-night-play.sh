#!/usr/bin/env bash
# Issue 55 played through under a virtual display, as players would, screenshots to OUT:
#  1. a club night of four (Ann and Bob, persons with records of 0.9 and 0.45; the
#     computer at the club and master levels), handicapped from their averages, round
#     robin to short targets (3 points, 2 innings), played to its end: the set-up, the
#     next match, each game over, the standings; its results sheet copied to OUT;
#  2. a UMB World Cup match (Ann and Bob): the shot clock's warning at 20 s left, a
#     time-out called (F4), the clock running out;
#  3. a PBA set match between two computers to one point a set: the sets line across a
#     set change, its lag, the saved match's set breakers.
#   tools/club-night-play.sh [OUT] [QUALITY]        (QUALITY: low, the default, or high)
#   PARTS="2 3" tools/club-night-play.sh ...        (some of the three only)
# Needs Xvfb, xdotool and ImageMagick's import, and the game built (cargo build).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tools/game-windows.sh"
play_setup "$@"
virtual_display

menu() { # NAME RON: NAME's folders with that menu
  mkdir -p "$work/$1/config/carom" "$work/$1/data/carom/players"
  echo "$2" >"$work/$1/config/carom/menu.ron"
}
record() { # NAME PLAYER POINTS: a record of PLAYER's of POINTS in 20 innings
  cat >"$work/$1/data/carom/players/$2.ron" <<RON
(name: "$2", matches: [(ended_s: 1765000000, game: "three_cushion", opponents: ["Club"], points: $3, target: 40, innings: 20, high_run: 3, result: Won)])
RON
}
phase() { # where NAME's saved match stands
  python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['at']['phase'])" \
    "$work/$1/data/carom/match.json" 2>/dev/null || echo none
}
played() { # the club night's matches played so far
  python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['tournament']['played']))" \
    "$work/Club/data/carom/club-night.json" 2>/dev/null || echo 0
}

parts=" ${PARTS:-1 2 3} "
wanted() { [[ $parts == *" $1 "* ]]; }

# 1. The club night.
if wanted 1; then
menu Club '(mode: Match, game: "three_cushion", table: "match", target: 3, innings_limit: Some(2), players: ["Ann", "Bob", "Club"], computers: [None, None, Some("club")], ball_style: Dotted, format: Some("club_handicap"))'
record Club Ann 18
record Club Bob 9
win=$(start Club --start club-night)
# Ann, Bob, Club: a fourth player, the computer at the next levels to master.
keys "$win" Down Down Down Return
keys "$win" Right Right Right Right Right Right
keys "$win" Down Down Down Right
shot "$win" 1-01-setup
keys "$win" Down Return
sleep 2
shot "$win" 1-02-night
for match in 1 2 3 4 5 6; do
  before=$(played)
  keys "$win" Return
  sleep 8
  [ "$match" = 1 ] && shot "$win" 1-03-first-match
  # The persons' strokes (the computers play their own), the break choice, each verdict
  # read; until the match has gone into the night.
  for _ in $(seq 300); do
    # A turn or two of the aim and a little more or less power: two persons' lags (and
    # strokes) differ.
    for key in "$(shuf -n1 -e a d w s)" space 1 Return; do
      [ "$(played)" != "$before" ] && break 2
      keys "$win" "$key"
    done
    sleep 0.5
  done
  sleep 3
  shot "$win" "1-1$match-game-over"
  keys "$win" Return # back to the club night
  sleep 4
  shot "$win" "1-2$match-standings"
done
cp "$work/Club/data/carom/club-night-results.txt" "$work/Club/data/carom/club-night-results.html" "$out/"
stop
none_panicked Club
fi

# 2. The shot clock of a UMB World Cup match.
if wanted 2; then
menu Umb '(mode: Match, game: "three_cushion", table: "match", target: 3, innings_limit: None, players: ["Ann", "Bob"], ball_style: Dotted, format: Some("umb_world_cup"))'
win=$(start Umb --start match)
keys "$win" Return # the match's guide
# The lag (each lags a little differently), its result, the winner breaks.
for _ in $(seq 120); do
  [ "$(phase Umb)" = break_setup ] && break
  keys "$win" "$(shuf -n1 -e a d w s)" space Return 1
  sleep 1
done
sleep 11
shot "$win" 2-01-clock-warning
keys "$win" F4
sleep 2
shot "$win" 2-02-time-out
sleep 50
shot "$win" 2-03-clock-ran-out
stop
none_panicked Umb
fi

# 3. A PBA set match between two computers, to one point a set.
if wanted 3; then
menu Pba '(mode: Match, game: "three_cushion", table: "match", target: 1, innings_limit: None, players: ["Master", "World"], computers: [Some("master"), Some("world")], ball_style: Dotted, format: Some("pba_sets"))'
win=$(start Pba --start match)
keys "$win" Return
for n in $(seq 1 24); do
  sleep 10
  shot "$win" "3-$(printf %02d "$n")-pba"
  python3 -c "import json,sys; m=json.load(open(sys.argv[1])); print(sys.argv[2], 'strokes', len(m['strokes']), 'set breakers', m.get('set_breakers', []), 'at', m.get('at'))" \
    "$work/Pba/data/carom/match.json" "$n" 2>/dev/null || true
done
stop
none_panicked Pba
fi
echo "screenshots in $out"
