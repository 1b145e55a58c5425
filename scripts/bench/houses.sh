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
# One room a floor, 8 stairs (4 buildings × 2 units) a community: enough rooms for every listing.
floors=$(((listings + communities * 8 - 1) / (communities * 8)))
[ "$floors" -ge 1 ] && [ "$floors" -le 100 ] || { echo "BENCH_LISTINGS / BENCH_COMMUNITIES out of range" >&2; exit 1; }
source scripts/bench/lib.sh

# Names as the server spells them (core `community::spell`), 20 % spare for the demo's own.
cargo run -q -p brokerdesk-core --features pinyin --example community_names -- $((communities * 6 / 5)) >"$work/names.tsv"

# houses.sql for one engine: its timestamps (as the server writes them) and the sizes.
generator_sql() { # sqlite|postgres
  stamps "$1"
  echo "CREATE TABLE bench_name (n integer, name varchar(50), pinyin varchar(300), initials varchar(60));"
  awk -F'\t' '{printf "INSERT INTO bench_name VALUES (%d, '\''%s'\'', '\''%s'\'', '\''%s'\'');\n", $1, $2, $3, $4}' "$work/names.tsv"
  sed -e "s/{{now}}/$now/g" -e "s/{{ago:\([a-z_]*\)}}/$ago/g" -e "s/{{communities}}/$communities/g" \
    -e "s/{{floors}}/$floors/g" -e "s/{{listings}}/$listings/g" scripts/bench/houses.sql
}

counts() {
  echo "$(sql 'SELECT COUNT(*) FROM community') communities, $(sql 'SELECT COUNT(*) FROM room') rooms," \
    "$(sql 'SELECT COUNT(*) FROM listing') listings"
}

calls() {
  local district filter pinyin initials
  district=$(sql "SELECT MIN(district_id) FROM listing WHERE organisation_id = (SELECT organisation_id FROM \"user\" WHERE username = 'boss')")
  # 200-300万, 90-110㎡, 有效 (core's §9 range indexes and houseStatus).
  filter="\"districtId\":$district,\"priceRange\":5,\"areaRange\":3,\"status\":1"
  pinyin=$(sed -n 2p "$work/names.tsv" | cut -f3)
  initials=$(sed -n 2p "$work/names.tsv" | cut -f4)
  calls=(
    "list boss p1|boss|/api/v1/fm/house/old/list|{\"pageNum\":1,\"pageSize\":10,$filter}"
    "list boss p50|boss|/api/v1/fm/house/old/list|{\"pageNum\":50,\"pageSize\":10,$filter}"
    "list manager p1|manager|/api/v1/fm/house/old/list|{\"pageNum\":1,\"pageSize\":10,$filter}"
    "list manager p50|manager|/api/v1/fm/house/old/list|{\"pageNum\":50,\"pageSize\":10,$filter}"
    "suggest $initials|boss|/api/v1/fm/house/community/suggest|{\"keyword\":\"$initials\"}"
    "suggest $pinyin|boss|/api/v1/fm/house/community/suggest|{\"keyword\":\"$pinyin\"}"
  )
  note="district $district"
}

bench houses
