#!/usr/bin/env bash
# Benchmarks, in release mode; prints figures to record in closing notes. Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== core: validators, formatters, query decryption"
cargo run -q --release -p brokerdesk-core --example bench_core
if [ -f pkg/brokerdesk_core_bg.wasm ]; then
  raw=$(wc -c < pkg/brokerdesk_core_bg.wasm); gz=$(gzip -9c pkg/brokerdesk_core_bg.wasm | wc -c)
  echo "== wasm module: $raw bytes raw, $gz bytes gzipped"
fi
