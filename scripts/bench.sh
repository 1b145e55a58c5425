#!/usr/bin/env bash
# Benchmarks, in release mode; prints figures to record in docs/benchmarks.md. Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== core: validators, formatters, query decryption"
cargo run -q --release -p brokerdesk-core --example bench_core
if [ -f pkg/brokerdesk_core_bg.wasm ]; then
  raw=$(wc -c < pkg/brokerdesk_core_bg.wasm); gz=$(gzip -9c pkg/brokerdesk_core_bg.wasm | wc -c)
  echo "== wasm module: $raw bytes raw, $gz bytes gzipped"
fi

# Browser: the login page and the first screens as a user meets them (tests/bench/web.mjs).
echo "== web: login page, login → workspace, list reload in Chromium (release server, median of 7)"
cargo build -q --release -p brokerdesk-server
make -s web
(cd tests && if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error; fi && node bench/web.mjs)

echo "== server load: release binary on loopback, SQLite and PostgreSQL (scripts/bench/load.sh)"
bash scripts/bench/load.sh

echo "== houses: 1,000,000 listings over 5,000 communities, filtered list and suggest (scripts/bench/houses.sh)"
bash scripts/bench/houses.sh

echo "== customers: 200,000 customers and 1,000,000 follow-ups, filtered list (scripts/bench/customers.sh)"
bash scripts/bench/customers.sh
echo "== leads: a 10,000-row CSV import, then the same file again (scripts/bench/leads.sh)"
bash scripts/bench/leads.sh
