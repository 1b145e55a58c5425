#!/usr/bin/env bash
# Fuzzes core's validators and query decryption for a short while each (default 30 s).
# Not part of `make test`: coverage-guided fuzzing wants minutes, not a CI slot.
set -euo pipefail
cd "$(dirname "$0")/../core"
seconds=${1:-30}
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked --quiet
# cargo-fuzz passes -Z sanitizer flags; stable rustc accepts them under RUSTC_BOOTSTRAP.
for target in validators query_decrypt; do
  RUSTC_BOOTSTRAP=1 cargo fuzz run "$target" -- -max_total_time="$seconds" -rss_limit_mb=2048
done
