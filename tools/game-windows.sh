# Game windows under a virtual display, played with xdotool: sourced by
# the tools/*-play.sh scripts, which set `out` (screenshots and logs),
# `work` (each player's folders), `bin` (the game) and `quality` (play_setup), and start
# Xvfb (virtual_display).
pids=()

# What every play-through script takes: OUT (screenshots and logs; a new folder when not
# given) and QUALITY (low by default), the game's debug build (or CAROM_BIN), and a work
# folder for the players' files.
play_setup() { # [OUT] [QUALITY]
  out=${1:-$(mktemp -d)}
  quality=${2:-low}
  bin=${CAROM_BIN:-${CARGO_TARGET_DIR:-target}/debug/carom}
  [ -x "$bin" ] || { echo "build the game first (cargo build)"; exit 1; }
  mkdir -p "$out"
  work=$(mktemp -d)
}

# Starts a virtual display of SIZE (1280x720 when not given) for the script's windows;
# it goes, with every game started and the work folder, when the script ends.
virtual_display() { # [SIZE]
  local display=:$((80 + RANDOM % 9))
  Xvfb "$display" -screen 0 "${1:-1280x720}x24" >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill "${pids[@]}" $xvfb 2>/dev/null; rm -rf "$work"' EXIT
  export DISPLAY=$display
  sleep 1
}
# Closes every game started.
stop() { kill "${pids[@]}" 2>/dev/null || true; pids=(); sleep 2; }

player() { # NAME: its folders and its menu (three-cushion, 1 point, 2 innings)
  mkdir -p "$work/$1/config/carom" "$work/$1/data"
  cat >"$work/$1/config/carom/menu.ron" <<RON
(mode: Match, game: "three_cushion", table: "match", target: 1, innings_limit: Some(2), players: ["$1", "Other"], ball_style: Dotted)
RON
}
# Starts NAME's game with the given arguments; prints its window once it is open.
start() { # NAME ARGS...
  local name=$1 before window
  shift
  before=$(xdotool search --name Carom 2>/dev/null || true)
  XDG_DATA_HOME=$work/$name/data XDG_CONFIG_HOME=$work/$name/config \
    "$bin" --quality "$quality" "$@" >>"$out/$name.log" 2>&1 &
  pids+=($!)
  echo $! >"$work/$name.pid"
  for _ in $(seq 120); do
    window=$(xdotool search --name Carom 2>/dev/null | grep -vxF "$before" | head -1 || true)
    [ -n "$window" ] && break
    sleep 1
  done
  [ -n "$window" ] || { echo "$name's window did not open" >&2; tail "$out/$name.log" >&2; exit 1; }
  sleep 8
  echo "$window"
}
keys() { # WINDOW KEY...: the window focused (no window manager), then each key
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
shot() { # WINDOW NAME
  import -window "$1" "$out/$2.png"
}
# Fails where a game panicked (its log says so).
none_panicked() { # NAME...
  for name in "$@"; do
    if grep -qa "panicked" "$out/$name.log"; then echo "$name's game panicked"; exit 1; fi
  done
}
