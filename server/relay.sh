#!/usr/bin/env bash
# Starts or stops Carom's relay (nginx with nchan, server/nginx.conf) in its own folder.
#   server/relay.sh start [LISTEN] [DIR] [REDIS]
#                                          LISTEN: 127.0.0.1:8090 by default (a port, or
#                                          address:port; several separated by commas, as
#                                          0.0.0.0:8090,[::]:8090); DIR: /tmp/carom-relay; REDIS: a
#                                          Redis URL (redis://127.0.0.1:6379) to keep the
#                                          channels in, shared by every relay given it
#   server/relay.sh stop [DIR]
# Needs nginx and its nchan module (Debian: nginx libnginx-mod-nchan).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command="${1:-}"
case "$command" in
  start)
    listen="${2:-127.0.0.1:8090}"
    dir="${3:-/tmp/carom-relay}"
    redis="${4:-}"
    module="${NCHAN_MODULE:-/usr/lib/nginx/modules/ngx_nchan_module.so}"
    [ -f "$module" ] || { echo "relay.sh: no nchan module at $module (apt-get install libnginx-mod-nchan)" >&2; exit 1; }
    command -v nginx >/dev/null || { echo "relay.sh: nginx is not installed" >&2; exit 1; }
    mkdir -p "$dir"
    with_redis=()
    [ -z "$redis" ] || with_redis=(-e "s|#redis ||" -e "s|@REDIS@|$redis|")
    # One listen directive per address.
    listens="${listen//,/; listen }"
    sed -e "s|@NCHAN_MODULE@|$module|" -e "s|@PREFIX@|$dir|g" -e "s|@LISTEN@|$listens|" \
      "${with_redis[@]}" "$here/nginx.conf" > "$dir/nginx.conf"
    nginx -p "$dir" -c "$dir/nginx.conf"
    echo "relay on http://$listen (pid $(cat "$dir/nginx.pid"), folder $dir${redis:+, channels in $redis})"
    ;;
  stop)
    dir="${2:-/tmp/carom-relay}"
    if [ -f "$dir/nginx.pid" ]; then
      nginx -p "$dir" -c "$dir/nginx.conf" -s quit
      echo "relay stopped ($dir)"
    fi
    ;;
  *)
    echo "usage: $0 start [LISTEN] [DIR] [REDIS] | stop [DIR]" >&2
    exit 2
    ;;
esac
