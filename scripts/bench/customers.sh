#!/usr/bin/env bash
# The customer benchmark of issue 10: for SQLite and PostgreSQL, a fresh demo database filled by
# scripts/bench/customers.sql with 200,000 more customers of the demo company and 1,000,000
# follow-ups, then the release server on loopback driven by wrk: the customer list filtered by
# demand + level + budget range + 待跟进 (follow-up due), newest first with its total, on page 1
# and a deep page as the boss (company scope) and a store manager, and 待跟进 alone (the list's
# widest common filter) on page 1. Prints one line per call and run, the median of the runs last.
#   BENCH_CUSTOMERS (200000)  BENCH_FOLLOW_UPS (1000000)  BENCH_BACKENDS ("sqlite postgres")
#   BENCH_CONNECTIONS (4)  BENCH_SECONDS (10)  BENCH_RUNS (3)  BENCH_DEEP_PAGE (50)
#   BENCH_BIN: another build of `brokerdesk` to measure (e.g. the one before a change)
#   BENCH_SQLITE_DB (a file), BENCH_PG_DB (a database name): filled there if new and kept, for
#   EXPLAIN or to measure another build on the same data; measured as they are if they exist
set -euo pipefail
cd "$(dirname "$0")/../.."
customers=${BENCH_CUSTOMERS:-200000}
follow_ups=${BENCH_FOLLOW_UPS:-1000000}
deep=${BENCH_DEEP_PAGE:-50}
# Customers are numbered from 100 × 100 × 100; follow-ups are at most 100 a customer.
per_customer=$(((follow_ups + customers - 1) / customers))
[ "$customers" -ge 1 ] && [ "$customers" -le 1000000 ] && [ "$per_customer" -le 100 ] ||
  { echo "BENCH_CUSTOMERS / BENCH_FOLLOW_UPS out of range" >&2; exit 1; }
source scripts/bench/lib.sh

# customers.sql for one engine: its timestamps and dates (as the server writes them; the
# server's today is China's) and the sizes.
generator_sql() { # sqlite|postgres
  stamps "$1"
  sed -e "s/{{now}}/$now/g" -e "s/{{ago:\([a-z_]*\)}}/$ago/g" -e "s/{{day:\([a-z_]*\)}}/$day/g" \
    -e "s/{{customers}}/$customers/g" -e "s/{{follow_ups}}/$follow_ups/g" \
    -e "s/{{per_customer}}/$per_customer/g" scripts/bench/customers.sql
}

counts() {
  echo "$(sql 'SELECT COUNT(*) FROM customer') customers, $(sql 'SELECT COUNT(*) FROM customer_follow_up') follow-ups"
}

calls() {
  # 二手房购买, ★★, 200-300万 (core's §9 price range 5), 待跟进.
  local filter='"demand":1,"level":3,"budgetRange":5,"due":true' list=/api/v1/fm/crm/customer/list
  calls=(
    "list boss p1|boss|$list|{\"pageNum\":1,\"pageSize\":10,$filter}"
    "list boss p$deep|boss|$list|{\"pageNum\":$deep,\"pageSize\":10,$filter}"
    "list manager p1|manager|$list|{\"pageNum\":1,\"pageSize\":10,$filter}"
    "list manager p$deep|manager|$list|{\"pageNum\":$deep,\"pageSize\":10,$filter}"
    "due boss p1|boss|$list|{\"pageNum\":1,\"pageSize\":10,\"due\":true}"
    "due manager p1|manager|$list|{\"pageNum\":1,\"pageSize\":10,\"due\":true}"
  )
  note=
}

bench customers
