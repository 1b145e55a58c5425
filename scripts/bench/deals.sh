#!/usr/bin/env bash
# The deals benchmark of issue 11: for SQLite and PostgreSQL, a fresh demo database filled by
# scripts/bench/deals.sql with 300,000 contracts of the demo company over the last year, each
# with its commission order (one per contract, as the schema keeps it: 300,000 orders) and its
# seven-line ACN split (2,100,000 lines); a third settled (100,000 deals whose splits count as
# performance). Then the release server on loopback driven by wrk: the commission list (newest
# first, with its total) on page 1 and page 50 and by status, as the boss (company scope) and a
# store manager, and the performance summary of last month (China time) by agent, store and
# company. Prints one line per call and run, the median of the runs last.
#   BENCH_CONTRACTS (300000)  BENCH_BACKENDS ("sqlite postgres")
#   BENCH_CONNECTIONS (4)  BENCH_SECONDS (10)  BENCH_RUNS (3)
#   BENCH_BIN: another build of `brokerdesk` to measure (e.g. the one before a change)
#   BENCH_SQLITE_DB (a file), BENCH_PG_DB (a database name): filled there if new and kept, for
#   EXPLAIN or to measure another build on the same data; measured as they are if they exist
set -euo pipefail
cd "$(dirname "$0")/../.."
contracts=${BENCH_CONTRACTS:-300000}
connections=${BENCH_CONNECTIONS:-4}
seconds=${BENCH_SECONDS:-10}
runs=${BENCH_RUNS:-3}
backends=${BENCH_BACKENDS:-sqlite postgres}
if ! command -v wrk >/dev/null; then # Debian's wrk: the load client, needed only here
  sudo_if_needed() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  sudo_if_needed apt-get install -y -qq wrk >/dev/null
fi
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

# deals.sql for one engine: its timestamps (as the server writes them) and the size.
generator_sql() { # sqlite|postgres
  local now ago month
  if [ "$1" = sqlite ]; then
    now="strftime('%Y-%m-%dT%H:%M:%S', 'now') || '.000000000+00:00'"
    ago="strftime('%Y-%m-%dT%H:%M:%S', 'now', '-' || \\1 || ' seconds') || '.000000000+00:00'"
    month="strftime('%Y-%m', substr(\\1, 1, 19), '+8 hours')"
  else
    now="now()"
    ago="now() - \\1 * interval '1 second'"
    month="to_char((\\1 AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')"
  fi
  sed -e "s/{{now}}/$now/g" -e "s/{{ago:\([a-z_.]*\)}}/$ago/g" -e "s/{{china_month:\([a-z_.]*\)}}/$month/g" \
    -e "s/{{contracts}}/$contracts/g" scripts/bench/deals.sql
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

for backend in $backends; do
  case $backend in
    sqlite)
      db_file=${BENCH_SQLITE_DB:-$work/bench.db}
      fresh=; [ -e "$db_file" ] || fresh=1
      url="sqlite://$db_file?mode=rwc" ;;
    postgres)
      if ! pg_isready -q -h 127.0.0.1 -p 5432; then echo "== postgres: skipped (not reachable at 127.0.0.1:5432)"; continue; fi
      pg_db=${BENCH_PG_DB:-bd_deals_$$}
      fresh=
      if ! psql -h 127.0.0.1 -U postgres -d "$pg_db" -c '' 2>/dev/null; then createdb -h 127.0.0.1 -U postgres "$pg_db"; fresh=1; fi
      url="postgres://postgres@127.0.0.1:5432/$pg_db" ;;
    *) echo "unknown backend $backend" >&2; exit 1 ;;
  esac
  if [ -n "$fresh" ]; then
    # The schema and the demo brokerage, written by the server itself; then the generator.
    start_server "$url"
    stop_server
    generator_sql "$backend" >"$work/generate.sql"
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
  fi
  echo "== $backend: $url: $(sql 'SELECT COUNT(*) FROM deal_contract') contracts," \
    "$(sql 'SELECT COUNT(*) FROM commission_order') orders, $(sql 'SELECT COUNT(*) FROM deal_split') split lines," \
    "$(sql 'SELECT COUNT(*) FROM commission_order WHERE status = 20') settled"

  start_server "$url"
  boss=$(login boss)
  manager=$(login manager)
  # Last month in China time: a whole month of settled deals.
  month=$(TZ=Asia/Shanghai date -d "$(TZ=Asia/Shanghai date +%Y-%m-01) -1 month" +%Y-%m)
  # name|user|path|body
  calls=(
    "orders boss p1|boss|/api/v1/fm/business/commission/list|{\"pageNum\":1,\"pageSize\":10}"
    "orders boss p50|boss|/api/v1/fm/business/commission/list|{\"pageNum\":50,\"pageSize\":10}"
    "orders boss 待付款|boss|/api/v1/fm/business/commission/list|{\"pageNum\":1,\"pageSize\":10,\"status\":15}"
    "orders manager p1|manager|/api/v1/fm/business/commission/list|{\"pageNum\":1,\"pageSize\":10}"
    "orders manager p50|manager|/api/v1/fm/business/commission/list|{\"pageNum\":50,\"pageSize\":10}"
    "performance boss agent|boss|/api/v1/fm/business/achievement/summary|{\"month\":\"$month\",\"group\":\"agent\"}"
    "performance boss store|boss|/api/v1/fm/business/achievement/summary|{\"month\":\"$month\",\"group\":\"store\"}"
    "performance boss company|boss|/api/v1/fm/business/achievement/summary|{\"month\":\"$month\",\"group\":\"company\"}"
    "performance manager agent|manager|/api/v1/fm/business/achievement/summary|{\"month\":\"$month\",\"group\":\"agent\"}"
  )
  echo "== $backend: $connections connections, ${seconds} s per run, $runs runs; month $month"
  for call in "${calls[@]}"; do
    IFS='|' read -r name user path body <<<"$call"
    token=${!user}
    found=$(curl -s -X POST "$base$path" -H 'content-type: application/json' -H "token: $token" -d "$body" |
      python3 -c '
import json, sys
answer = json.load(sys.stdin)
assert answer["code"] == 0, answer
data = answer["data"]
if "list" in data:
    print(f"total {data['"'"'total'"'"']}, {len(data['"'"'list'"'"'])} rows")
else:
    print(f"{len(data['"'"'rows'"'"'])} rows, total {data['"'"'total'"'"']}, settled {data['"'"'settledOrders'"'"']}")')
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
      "$(cut -d' ' -f3 "$work/runs" | median)" "$(cut -d' ' -f4 "$work/runs" | median)" "$found"
  done
  stop_server
  if [ -n "$pg_db" ] && [ -z "${BENCH_PG_DB:-}" ]; then dropdb -h 127.0.0.1 -U postgres --if-exists --force "$pg_db"; pg_db=; fi
done
