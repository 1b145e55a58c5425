#!/usr/bin/env bash
# The chat benchmarks of issue 12, release build, on loopback, SQLite demo database
# (server/examples/chat_bench.rs does the measuring):
#  1. BENCH_SOCKETS (10000) idle chat sockets of one agent: the server's RSS with them open;
#  2. BENCH_CHATS (200) questions at once, answered by a local fake OpenAI-compatible model
#     (first chunk after FAKE_FIRST_MS, 50, then 20 chunks 20 ms apart): the p99 of what the
#     server adds to the model's own time to first token.
#   BENCH_BIN: the `brokerdesk` to measure, BENCH_TOOL the example (default: release builds)
set -euo pipefail
cd "$(dirname "$0")/../.."
sockets=${BENCH_SOCKETS:-10000}
chats=${BENCH_CHATS:-200}
bin=${BENCH_BIN:-./target/release/brokerdesk}
[ -n "${BENCH_BIN:-}" ] || nice cargo build -q --release -p brokerdesk-server
client=${BENCH_TOOL:-./target/release/examples/chat_bench}
[ -n "${BENCH_TOOL:-}" ] || nice cargo build -q --release -p brokerdesk-server --example chat_bench
# Each socket is a descriptor on both sides.
ulimit -n "$(ulimit -Hn)"

work=$(mktemp -d)
server_pid=
fake_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill -- -"$server_pid" 2>/dev/null || true; fi
  if [ -n "$fake_pid" ]; then kill "$fake_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start_server() { # extra environment (NAME=value …)
  port=$(free_port)
  rm -f "$work/bench.db"
  env "$@" BROKERDESK_ADDR=127.0.0.1:$port DATABASE_URL="sqlite://$work/bench.db?mode=rwc" BROKERDESK_DEMO=1 \
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
echo "== $sockets idle chat sockets"
start_server
"$client" sockets "$base" "$server_pid" "$sockets"
stop_server

echo "== $chats chats at once, streaming from a local fake model"
fake=127.0.0.1:$(free_port)
start_server BROKERDESK_AI_BASE_URL="http://$fake/v1" BROKERDESK_AI_MODEL=fake
"$client" chats "$base" "$fake" "$chats"
stop_server
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
