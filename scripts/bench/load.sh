#!/usr/bin/env bash
# Load bench of the release server: for SQLite and PostgreSQL, starts `brokerdesk` on a fresh
# demo database, logs `manager` in (STORE scope) and drives each authenticated call with wrk at
# fixed concurrency on loopback. Prints one line per call and run; the median of the runs last.
#   BENCH_CONNECTIONS (16)  BENCH_SECONDS (10)  BENCH_RUNS (3)  BENCH_BACKENDS ("sqlite postgres")
#   BENCH_BIN: another build of `brokerdesk` to measure (e.g. the one before a change)
set -euo pipefail
cd "$(dirname "$0")/../.."
connections=${BENCH_CONNECTIONS:-16}
seconds=${BENCH_SECONDS:-10}
runs=${BENCH_RUNS:-3}
backends=${BENCH_BACKENDS:-sqlite postgres}
if ! command -v wrk >/dev/null; then # Debian's wrk: the load client, needed only here
  sudo_if_needed() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  sudo_if_needed apt-get install -y -qq wrk >/dev/null
fi
bin=${BENCH_BIN:-./target/release/brokerdesk}
[ -n "${BENCH_BIN:-}" ] || cargo build -q --release -p brokerdesk-server

# name|path|body: the two calls every page load makes, and a scoped list.
calls=(
  "getLoginUserInfo|/api/v1/fm/login/getLoginUserInfo|{}"
  "getMenuListByUser|/api/v1/fm/login/getMenuListByUser|{}"
  "staff/list|/api/v1/fm/staff/list|{\"pageNum\":1,\"pageSize\":10}"
)

work=$(mktemp -d)
server_pid=
pg_db=
cleanup() {
  if [ -n "$server_pid" ]; then kill -- -"$server_pid" 2>/dev/null || true; fi
  if [ -n "$pg_db" ]; then dropdb -h 127.0.0.1 -U postgres --if-exists --force "$pg_db" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

start_server() { # database-url
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  BROKERDESK_ADDR=127.0.0.1:$port DATABASE_URL=$1 BROKERDESK_DEMO=1 BROKERDESK_WEB_DIR="$work/no-web" \
    RUST_LOG=warn setsid "$bin" >"$work/server.log" 2>&1 &
  server_pid=$!
  base=http://127.0.0.1:$port
  for _ in $(seq 1 300); do
    curl -s -o /dev/null "$base/api/openapi.json" && return 0
    sleep 0.1
  done
  echo "server did not start:" >&2; cat "$work/server.log" >&2; exit 1
}

stop_server() {
  kill -- -"$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# wrk's latency distribution in ms ("1.23ms", "456.00us", "1.02s").
to_ms() { awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; printf "%.2f\n", v}'; }

for backend in $backends; do
  case $backend in
    sqlite) url="sqlite://$work/bench.db?mode=rwc" ;;
    postgres)
      if ! pg_isready -q -h 127.0.0.1 -p 5432; then echo "== postgres: skipped (not reachable at 127.0.0.1:5432)"; continue; fi
      pg_db=bd_bench_$$
      createdb -h 127.0.0.1 -U postgres "$pg_db"
      url="postgres://postgres@127.0.0.1:5432/$pg_db" ;;
    *) echo "unknown backend $backend" >&2; exit 1 ;;
  esac
  start_server "$url"
  token=$(curl -s -X POST "$base/api/v2/fm/login/public/login/web" -H 'content-type: application/json' \
    -d '{"username":"manager","password":"Demo@2026"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
  echo "== $backend: $connections connections, ${seconds} s per run, $runs runs (user manager, STORE scope)"
  for call in "${calls[@]}"; do
    IFS='|' read -r name path body <<<"$call"
    code=$(curl -s -X POST "$base$path" -H 'content-type: application/json' -H "token: $token" -d "$body" |
      python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')
    [ "$code" = 0 ] || { echo "$name answers code $code, not 0" >&2; exit 1; }
    : >"$work/runs"
    for run in $(seq 1 "$runs"); do
      out=$(BENCH_TOKEN=$token BENCH_BODY=$body wrk -t2 -c"$connections" -d"${seconds}s" --latency \
        -s scripts/bench/post.lua "$base$path")
      rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
      p50=$(awk '$1 == "50%" {print $2}' <<<"$out" | to_ms)
      p99=$(awk '$1 == "99%" {print $2}' <<<"$out" | to_ms)
      errors=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out")
      printf '   %-18s run %d: %8.0f req/s  p50 %7.2f ms  p99 %7.2f ms %s\n' "$name" "$run" "$rps" "$p50" "$p99" "$errors"
      echo "$rps $p50 $p99" >>"$work/runs"
    done
    printf '%-8s %-18s median: %8.0f req/s  p50 %7.2f ms  p99 %7.2f ms\n' "$backend" "$name" \
      "$(cut -d' ' -f1 "$work/runs" | median)" "$(cut -d' ' -f2 "$work/runs" | median)" "$(cut -d' ' -f3 "$work/runs" | median)"
  done
  stop_server
  if [ -n "$pg_db" ]; then dropdb -h 127.0.0.1 -U postgres --if-exists --force "$pg_db"; pg_db=; fi
done
