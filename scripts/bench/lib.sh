# What the benchmarks share, sourced by each from the repository's root: the settings below, the
# release build, a throwaway work folder and the server started and stopped on loopback (all that
# leads.sh uses); and for the data-at-scale ones (houses.sh, deals.sh, customers.sh), for every
# backend of BENCH_BACKENDS, a demo database filled once by the script's generator SQL, then the
# release server on loopback driven by wrk over the script's calls. A script defines, then calls `bench NAME` (NAME names a throwaway PostgreSQL
# database):
#   generator_sql BACKEND   its fill, as SQL for that engine (`stamps` gives the timestamps)
#   counts                  what the database holds, one line (with `sql`)
#   calls                   sets `calls` (name|user|path|body, `user` being boss or manager)
#                           and `note` (said in the heading of the runs)
# Settings: BENCH_CONNECTIONS (4)  BENCH_SECONDS (10)  BENCH_RUNS (3)
#   BENCH_BACKENDS ("sqlite postgres")  BENCH_BIN (another build of `brokerdesk` to measure)
#   BENCH_SQLITE_DB (a file), BENCH_PG_DB (a database name): filled there if new and kept.
connections=${BENCH_CONNECTIONS:-4}
seconds=${BENCH_SECONDS:-10}
runs=${BENCH_RUNS:-3}
backends=${BENCH_BACKENDS:-sqlite postgres}
bin=${BENCH_BIN:-./target/release/brokerdesk}
[ -n "${BENCH_BIN:-}" ] || cargo build -q --release -p brokerdesk-server

work=$(mktemp -d)
server_pid=
pg_db=
cleanup() {
  if [ -n "$server_pid" ]; then kill -- -"$server_pid" 2>/dev/null || true; fi
  if [ -n "$pg_db" ] && [ -z "${BENCH_PG_DB:-}" ]; then dropdb -h 127.0.0.1 -U postgres --if-exists --force "$pg_db" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

start_server() { # database-url
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  BROKERDESK_ADDR=127.0.0.1:$port DATABASE_URL=$1 BROKERDESK_DEMO=1 BROKERDESK_WEB_DIR="$work/no-web" \
    RUST_LOG=warn setsid "$bin" >>"$work/server.log" 2>&1 &
  server_pid=$!
  base=http://127.0.0.1:$port
  # A new build may first add its indexes to a filled database: minutes, not seconds.
  for _ in $(seq 1 6000); do
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

# The generator's timestamps for one engine, as the server writes them: `now`, `ago` (the
# seconds before now in \1) and `day` (the date \1 days from China's today).
stamps() { # sqlite|postgres
  if [ "$1" = sqlite ]; then
    now="strftime('%Y-%m-%dT%H:%M:%S', 'now') || '.000000000+00:00'"
    ago="strftime('%Y-%m-%dT%H:%M:%S', 'now', '-' || \\1 || ' seconds') || '.000000000+00:00'"
    day="date('now', '+8 hours', \\1 || ' days')"
  else
    now="now()"
    ago="now() - \\1 * interval '1 second'"
    day="CAST(now() AT TIME ZONE 'UTC' + interval '8 hours' AS date) + CAST(\\1 AS integer)"
  fi
}

sql() { # one statement, the answer unadorned
  if [ "$backend" = sqlite ]; then sqlite3 "$db_file" "$1"; else psql -qAt -h 127.0.0.1 -U postgres -d "$pg_db" -c "$1"; fi
}

login() { # username → token
  curl -s -X POST "$base/api/v2/fm/login/public/login/web" -H 'content-type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"Demo@2026\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])'
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# wrk's latency figures in ms ("1.23ms", "456.00us", "1.02s").
to_ms() { awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; printf "%.2f\n", v}'; }

# What one call answers, in a few words: a page's total and rows, a summary's, or a list's length.
found() { # body of the answer on stdin
  python3 -c '
import json, sys
answer = json.load(sys.stdin)
assert answer["code"] == 0, answer
data = answer["data"]
if isinstance(data, list):
    print(f"{len(data)} found")
elif "list" in data:
    print(f"total {data['"'"'total'"'"']}, {len(data['"'"'list'"'"'])} rows")
else:
    print(f"{len(data['"'"'rows'"'"'])} rows, total {data['"'"'total'"'"']}, settled {data['"'"'settledOrders'"'"']}")'
}

# Fills the backend's database when it is new: the schema and the demo brokerage, written by the
# server itself, then the generator.
fill() {
  start_server "$url"
  stop_server
  generator_sql "$backend" >"$work/generate.sql"
  local started
  started=$(date +%s)
  if [ "$backend" = sqlite ]; then
    # A cache that holds the indexes being written: the default 2 MB makes the load crawl.
    (echo "PRAGMA foreign_keys = ON; PRAGMA cache_size = -1000000; BEGIN;"; cat "$work/generate.sql"; echo "COMMIT;") |
      nice -n 10 sqlite3 -bail "$db_file"
  else
    nice -n 10 psql -q -v ON_ERROR_STOP=1 -1 -h 127.0.0.1 -U postgres -d "$pg_db" -f "$work/generate.sql"
    # What autovacuum does soon after such a load (statistics, and the visibility map that lets
    # an index answer alone); SQLite keeps no statistics unless asked, and the server never asks.
    psql -q -h 127.0.0.1 -U postgres -d "$pg_db" -c 'VACUUM ANALYZE'
  fi
  echo "== $backend: generated in $(($(date +%s) - started)) s"
}

# Each call of `calls`, BENCH_RUNS runs of wrk: a line a run, then the medians.
measure() {
  local call name user path body token answer run out rps p50 p95 p99 errors
  for call in "${calls[@]}"; do
    IFS='|' read -r name user path body <<<"$call"
    token=${!user}
    answer=$(curl -s -X POST "$base$path" -H 'content-type: application/json' -H "token: $token" -d "$body" | found)
    : >"$work/runs"
    for run in $(seq 1 "$runs"); do
      out=$(BENCH_TOKEN=$token BENCH_BODY=$body wrk -t2 -c"$connections" -d"${seconds}s" --timeout 30s --latency \
        -s scripts/bench/post.lua "$base$path")
      rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
      p50=$(awk '$1 == "50%" {print $2}' <<<"$out" | to_ms)
      p95=$(awk '$1 == "p95" {print $2}' <<<"$out" | to_ms)
      p99=$(awk '$1 == "99%" {print $2}' <<<"$out" | to_ms)
      errors=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out")
      printf '   %-26s run %d: %7.0f req/s  p50 %7.2f ms  p95 %7.2f ms  p99 %7.2f ms %s\n' \
        "$name" "$run" "$rps" "$p50" "$p95" "$p99" "$errors"
      echo "$rps $p50 $p95 $p99" >>"$work/runs"
    done
    printf '%-8s %-26s median: %7.0f req/s  p50 %7.2f ms  p95 %7.2f ms  p99 %7.2f ms  (%s)\n' "$backend" "$name" \
      "$(cut -d' ' -f1 "$work/runs" | median)" "$(cut -d' ' -f2 "$work/runs" | median)" \
      "$(cut -d' ' -f3 "$work/runs" | median)" "$(cut -d' ' -f4 "$work/runs" | median)" "$answer"
  done
}

# Debian's wrk, the load client: installed by the first benchmark that drives one.
need_wrk() {
  command -v wrk >/dev/null && return 0
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq wrk >/dev/null; else sudo apt-get install -y -qq wrk >/dev/null; fi
}

bench() { # name of the throwaway PostgreSQL database
  local fresh
  need_wrk
  for backend in $backends; do
    case $backend in
      sqlite)
        db_file=${BENCH_SQLITE_DB:-$work/bench.db}
        fresh=; [ -e "$db_file" ] || fresh=1
        url="sqlite://$db_file?mode=rwc" ;;
      postgres)
        if ! pg_isready -q -h 127.0.0.1 -p 5432; then echo "== postgres: skipped (not reachable at 127.0.0.1:5432)"; continue; fi
        pg_db=${BENCH_PG_DB:-bd_$1_$$}
        fresh=
        if ! psql -h 127.0.0.1 -U postgres -d "$pg_db" -c '' 2>/dev/null; then createdb -h 127.0.0.1 -U postgres "$pg_db"; fresh=1; fi
        url="postgres://postgres@127.0.0.1:5432/$pg_db" ;;
      *) echo "unknown backend $backend" >&2; exit 1 ;;
    esac
    [ -z "$fresh" ] || fill
    echo "== $backend: $url: $(counts)"
    start_server "$url"
    boss=$(login boss)
    manager=$(login manager)
    calls
    echo "== $backend: $connections connections, ${seconds} s per run, $runs runs${note:+; $note}"
    measure
    stop_server
    if [ -n "$pg_db" ] && [ -z "${BENCH_PG_DB:-}" ]; then dropdb -h 127.0.0.1 -U postgres --if-exists --force "$pg_db"; pg_db=; fi
  done
}
