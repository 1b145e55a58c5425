#!/usr/bin/env bash
# The retrieval benchmark of issue 12: BENCH_POINTS (100000) points in one knowledge base, each
# with its vector (server/examples/retrieval_bench.rs seeds them, as the embeddings worker
# would have); `vector/search` timed over HTTP on a release server, BM25 alone (no endpoint)
# and hybrid (a local fake embeddings endpoint embeds each query), on SQLite and PostgreSQL.
#   BENCH_BACKENDS ("sqlite postgres")  BENCH_QUERIES (200)
#   BENCH_BIN: the `brokerdesk` to measure, BENCH_TOOL the example (default: release builds)
set -euo pipefail
cd "$(dirname "$0")/../.."
points=${BENCH_POINTS:-100000}
queries=${BENCH_QUERIES:-200}
backends=${BENCH_BACKENDS:-sqlite postgres}
bin=${BENCH_BIN:-./target/release/brokerdesk}
[ -n "${BENCH_BIN:-}" ] || nice cargo build -q --release -p brokerdesk-server
tool=${BENCH_TOOL:-./target/release/examples/retrieval_bench}
[ -n "${BENCH_TOOL:-}" ] || nice cargo build -q --release -p brokerdesk-server --example retrieval_bench

work=$(mktemp -d)
server_pid=
fake_pid=
pg_db=
cleanup() {
  if [ -n "$server_pid" ]; then kill -- -"$server_pid" 2>/dev/null || true; fi
  if [ -n "$fake_pid" ]; then kill "$fake_pid" 2>/dev/null || true; fi
  if [ -n "$pg_db" ]; then dropdb -h 127.0.0.1 -U postgres --if-exists --force "$pg_db" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

fake=127.0.0.1:$(free_port)
"$tool" fake "$fake" &
fake_pid=$!

start_server() { # database-url, extra environment (NAME=value …)
  local url=$1; shift
  port=$(free_port)
  env "$@" BROKERDESK_ADDR=127.0.0.1:$port DATABASE_URL="$url" BROKERDESK_DEMO=1 \
    BROKERDESK_WEB_DIR="$work/no-web" RUST_LOG=warn setsid "$bin" >>"$work/server.log" 2>&1 &
  server_pid=$!
  base=http://127.0.0.1:$port
}
stop_server() {
  kill -- -"$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
for backend in $backends; do
  if [ "$backend" = sqlite ]; then
    url="sqlite://$work/retrieval.db?mode=rwc"
  else
    pg_db=brokerdesk_bench_retrieval_$$
    createdb -h 127.0.0.1 -U postgres "$pg_db"
    url="postgres://postgres@127.0.0.1:5432/$pg_db"
  fi
  knowledge=$("$tool" seed "$url" "$points")
  echo "== $backend, $points points: BM25 alone"
  start_server "$url"
  "$tool" search "$base" "$knowledge" "$queries"
  stop_server
  echo "== $backend, $points points: hybrid (BM25 + vectors, 256 dimensions, RRF k=60)"
  start_server "$url" BROKERDESK_AI_EMBEDDING_BASE_URL="http://$fake/v1" BROKERDESK_AI_EMBEDDING_MODEL=fake-bag
  "$tool" search "$base" "$knowledge" "$queries"
  stop_server
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
