#!/usr/bin/env bash
# The houses benchmark of issue 9: for SQLite and PostgreSQL, a fresh demo database filled by
# scripts/bench/houses.sql with 5,000 more communities (spelt by core) and 1,000,000 second-hand
# listings of the demo company, then the release server on loopback driven by wrk: the filtered
# list (district + price + area + status, newest first, with its total) on page 1 and page 50
# as the boss (company scope) and a store manager, and the community suggest by pinyin
# initials and full pinyin. Prints one line per call and run, the median of the runs last.
#   BENCH_LISTINGS (1000000)  BENCH_COMMUNITIES (5000)  BENCH_BACKENDS ("sqlite postgres")
#   BENCH_CONNECTIONS (4)  BENCH_SECONDS (10)  BENCH_RUNS (3)
#   BENCH_BIN: another build of `brokerdesk` to measure (e.g. the one before a change)
#   BENCH_SQLITE_DB (a file), BENCH_PG_DB (a database name): filled there if new and kept, for
#   EXPLAIN or to measure another build on the same data; measured as they are if they exist
set -euo pipefail
cd "$(dirname "$0")/../.."
listings=${BENCH_LISTINGS:-1000000}
communities=${BENCH_COMMUNITIES:-5000}
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
# One room a floor, 8 stairs (4 buildings × 2 units) a community: enough rooms for every listing.
floors=$(((listings + communities * 8 - 1) / (communities * 8)))
[ "$floors" -ge 1 ] && [ "$floors" -le 100 ] || { echo "BENCH_LISTINGS / BENCH_COMMUNITIES out of range" >&2; exit 1; }

work=$(mktemp -d)
server_pid=
pg_db=
cleanup() {
  if [ -n "$server_pid" ]; then kill -- -"$server_pid" 2>/dev/null || true; fi
  if [ -n "$pg_db" ] && [ -z "${BENCH_PG_DB:-}" ]; then dropdb -h 127.0.0.1 -U postgres --if-exists --force "$pg_db" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Names as the server spells them (core `community::spell`), 20 % spare for the demo's own.
cargo run -q -p brokerdesk-core --features pinyin --example community_names -- $((communities * 6 / 5)) >"$work/names.tsv"

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

# houses.sql for one engine: its timestamps (as the server writes them) and the sizes.
generator_sql() { # sqlite|postgres
  local now ago
  if [ "$1" = sqlite ]; then
    now="strftime('%Y-%m-%dT%H:%M:%S', 'now') || '.000000000+00:00'"
    ago="strftime('%Y-%m-%dT%H:%M:%S', 'now', '-' || \\1 || ' seconds') || '.000000000+00:00'"
  else
    now="now()"
    ago="now() - \\1 * interval '1 second'"
  fi
  echo "CREATE TABLE bench_name (n integer, name varchar(50), pinyin varchar(300), initials varchar(60));"
  awk -F'\t' '{printf "INSERT INTO bench_name VALUES (%d, '\''%s'\'', '\''%s'\'', '\''%s'\'');\n", $1, $2, $3, $4}' "$work/names.tsv"
  sed -e "s/{{now}}/$now/g" -e "s/{{ago:\([a-z_]*\)}}/$ago/g" -e "s/{{communities}}/$communities/g" \
    -e "s/{{floors}}/$floors/g" -e "s/{{listings}}/$listings/g" scripts/bench/houses.sql
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
      pg_db=${BENCH_PG_DB:-bd_houses_$$}
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
    echo "== $backend: generated in $(($(date +%s) - started)) s: $(sql 'SELECT COUNT(*) FROM community') communities," \
      "$(sql 'SELECT COUNT(*) FROM room') rooms, $(sql 'SELECT COUNT(*) FROM listing') listings"
  fi
  echo "== $backend: $url: $(sql 'SELECT COUNT(*) FROM community') communities, $(sql 'SELECT COUNT(*) FROM listing') listings"

  start_server "$url"
  boss=$(login boss)
  manager=$(login manager)
  district=$(sql "SELECT MIN(district_id) FROM listing WHERE organisation_id = (SELECT organisation_id FROM \"user\" WHERE username = 'boss')")
  # 200-300万, 90-110㎡, 有效 (core's §9 range indexes and houseStatus).
  filter="\"districtId\":$district,\"priceRange\":5,\"areaRange\":3,\"status\":1"
  pinyin=$(sed -n 2p "$work/names.tsv" | cut -f3)
  initials=$(sed -n 2p "$work/names.tsv" | cut -f4)
  # name|user|path|body
  calls=(
    "list boss p1|boss|/api/v1/fm/house/old/list|{\"pageNum\":1,\"pageSize\":10,$filter}"
    "list boss p50|boss|/api/v1/fm/house/old/list|{\"pageNum\":50,\"pageSize\":10,$filter}"
    "list manager p1|manager|/api/v1/fm/house/old/list|{\"pageNum\":1,\"pageSize\":10,$filter}"
    "list manager p50|manager|/api/v1/fm/house/old/list|{\"pageNum\":50,\"pageSize\":10,$filter}"
    "suggest $initials|boss|/api/v1/fm/house/community/suggest|{\"keyword\":\"$initials\"}"
    "suggest $pinyin|boss|/api/v1/fm/house/community/suggest|{\"keyword\":\"$pinyin\"}"
  )
  echo "== $backend: $connections connections, ${seconds} s per run, $runs runs; district $district"
  for call in "${calls[@]}"; do
    IFS='|' read -r name user path body <<<"$call"
    token=${!user}
    found=$(curl -s -X POST "$base$path" -H 'content-type: application/json' -H "token: $token" -d "$body" |
      python3 -c '
import json, sys
answer = json.load(sys.stdin)
assert answer["code"] == 0, answer
data = answer["data"]
print(f"total {data['"'"'total'"'"']}, {len(data['"'"'list'"'"'])} rows" if isinstance(data, dict) else f"{len(data)} found")')
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
