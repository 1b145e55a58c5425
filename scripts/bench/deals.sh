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
source scripts/bench/lib.sh

# deals.sql for one engine: its timestamps (as the server writes them) and the size.
generator_sql() { # sqlite|postgres
  stamps "$1"
  local month
  if [ "$1" = sqlite ]; then
    month="strftime('%Y-%m', substr(\\1, 1, 19), '+8 hours')"
  else
    month="to_char((\\1 AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')"
  fi
  sed -e "s/{{now}}/$now/g" -e "s/{{ago:\([a-z_.]*\)}}/$ago/g" -e "s/{{china_month:\([a-z_.]*\)}}/$month/g" \
    -e "s/{{contracts}}/$contracts/g" scripts/bench/deals.sql
}

counts() {
  echo "$(sql 'SELECT COUNT(*) FROM deal_contract') contracts," \
    "$(sql 'SELECT COUNT(*) FROM commission_order') orders, $(sql 'SELECT COUNT(*) FROM deal_split') split lines," \
    "$(sql 'SELECT COUNT(*) FROM commission_order WHERE status = 20') settled"
}

calls() {
  local month orders=/api/v1/fm/business/commission/list summary=/api/v1/fm/business/achievement/summary
  # Last month in China time: a whole month of settled deals.
  month=$(TZ=Asia/Shanghai date -d "$(TZ=Asia/Shanghai date +%Y-%m-01) -1 month" +%Y-%m)
  calls=(
    "orders boss p1|boss|$orders|{\"pageNum\":1,\"pageSize\":10}"
    "orders boss p50|boss|$orders|{\"pageNum\":50,\"pageSize\":10}"
    "orders boss 待付款|boss|$orders|{\"pageNum\":1,\"pageSize\":10,\"status\":15}"
    "orders manager p1|manager|$orders|{\"pageNum\":1,\"pageSize\":10}"
    "orders manager p50|manager|$orders|{\"pageNum\":50,\"pageSize\":10}"
    "performance boss agent|boss|$summary|{\"month\":\"$month\",\"group\":\"agent\"}"
    "performance boss store|boss|$summary|{\"month\":\"$month\",\"group\":\"store\"}"
    "performance boss company|boss|$summary|{\"month\":\"$month\",\"group\":\"company\"}"
    "performance manager agent|manager|$summary|{\"month\":\"$month\",\"group\":\"agent\"}"
  )
  note="month $month"
}

bench deals
