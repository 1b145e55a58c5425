#!/usr/bin/env bash
# Runs every suite (checks, core, server, web, browser), keeps going past a failing one, and ends
# with one line counting what passed and failed. Exit code is non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR=never
OUT="$PWD/target/test-output"
mkdir -p "$OUT"

passed=0 failed=0
declare -a lines=()
record() { # name passed failed
  passed=$((passed + $2)); failed=$((failed + $3))
  lines+=("$(printf '%-28s %4d passed, %d failed' "$1" "$2" "$3")")
}
step() { # name command...: a check counts as one test
  local name=$1; shift
  echo "=== $name"
  local t0=$SECONDS
  if "$@" >"$OUT/$name.log" 2>&1; then record "$name" 1 0; else
    tail -40 "$OUT/$name.log"; record "$name" 0 1; fi
  echo "    ($((SECONDS - t0)) s)"
}
npm_ci_if_needed() { # dir
  if [ ! -f "$1/node_modules/.package-lock.json" ] || [ "$1/package-lock.json" -nt "$1/node_modules/.package-lock.json" ]; then
    (cd "$1" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

step rustfmt cargo fmt --all --check
step wasm-build wasm-pack --quiet build core --target bundler --out-dir ../pkg --profile wasm -- --features wasm
step web-install npm_ci_if_needed web
step web-typecheck bash -c 'cd web && npm run --silent typecheck'
step web-build bash -c 'cd web && npm run --silent build'
step clippy cargo clippy --workspace --all-targets -- -D warnings
step clippy-wasm cargo clippy -p brokerdesk-core --target wasm32-unknown-unknown --features wasm -- -D warnings

echo "=== cargo test (core, server on SQLite and PostgreSQL)"
t0=$SECONDS
cargo test --workspace 2>&1 | tee "$OUT/cargo-test.log" | grep -E '^(test result|     Running|error|test .* FAILED|failures:)' 
read -r p f < <(grep -E '^test result:' "$OUT/cargo-test.log" |
  sed -E 's/.* ([0-9]+) passed; ([0-9]+) failed.*/\1 \2/' | awk '{p+=$1; f+=$2} END {print p+0, f+0}')
grep -q '^error' "$OUT/cargo-test.log" && f=$((f + 1))
record cargo-test "$p" "$f"; echo "    ($((SECONDS - t0)) s)"

echo "=== vitest (web, real wasm)"
t0=$SECONDS
(cd web && npx vitest run --reporter=default --reporter=json --outputFile="$OUT/vitest.json") >"$OUT/vitest.log" 2>&1
tail -15 "$OUT/vitest.log"
if [ -f "$OUT/vitest.json" ]; then
  read -r p f < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests,r.numFailedTests+(r.numRuntimeErrorTestSuites||0))' "$OUT/vitest.json")
else p=0 f=1; fi
record vitest "$p" "$f"; echo "    ($((SECONDS - t0)) s)"

echo "=== browser (Playwright on Chromium against the real server)"
t0=$SECONDS
rm -f "$OUT/e2e.tap"
if npm_ci_if_needed tests >"$OUT/e2e-install.log" 2>&1 && cargo build -q -p brokerdesk-server; then
  (cd tests && node --test --test-concurrency=1 \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$OUT/e2e.tap" e2e/) 2>&1 | tee "$OUT/e2e.log" | grep -vE '^\s*$'
fi
if [ -f "$OUT/e2e.tap" ]; then
  p=$(sed -nE 's/^# pass ([0-9]+)/\1/p' "$OUT/e2e.tap"); f=$(sed -nE 's/^# fail ([0-9]+)/\1/p' "$OUT/e2e.tap")
  record playwright "${p:-0}" "${f:-1}"
else record playwright 0 1; fi
echo "    ($((SECONDS - t0)) s)"

echo
echo "=== summary ($SECONDS s)"
printf '%s\n' "${lines[@]}"
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
