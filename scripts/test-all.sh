#!/usr/bin/env bash
# Runs every suite (checks, core, server, web, browser), keeps going past a failing one, and ends
# with one line counting what passed, failed and was skipped. Exit code is non-zero when anything
# failed. The server suites run on SQLite and PostgreSQL: without a reachable PostgreSQL the
# second half is skipped and reported as skipped (never as passed), and with CI=true its absence
# fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR=never
OUT="$PWD/target/test-output"
mkdir -p "$OUT"

passed=0 failed=0 skipped=0
declare -a lines=()
record() { # name passed failed [skipped]
  local s=${4:-0}
  passed=$((passed + $2)); failed=$((failed + $3)); skipped=$((skipped + s))
  lines+=("$(printf '%-28s %4d passed, %d failed' "$1" "$2" "$3")$([ "$s" -gt 0 ] && printf ', %d skipped' "$s")")
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
# ESLint lives in web/lint with its own TypeScript 5 (typescript-eslint needs a JavaScript API TS 7 lacks).
step web-lint-install npm_ci_if_needed web/lint
step web-lint bash -c 'cd web && npm run --silent lint'
step web-build bash -c 'cd web && npm run --silent build'
# The web's API types are generated from the server's OpenAPI document: stale ones fail.
step api-types-fresh bash scripts/api-types.sh check
step api-types-stale-fails bash scripts/api-types.sh selftest
step clippy cargo clippy --workspace --all-targets -- -D warnings
step clippy-wasm cargo clippy -p brokerdesk-core --target wasm32-unknown-unknown --features wasm -- -D warnings

echo "=== cargo test (core, server on SQLite and PostgreSQL)"
t0=$SECONDS
# Tests of the PostgreSQL half are named `<case>::postgres` (server/tests/api/common.rs).
declare -a skip=()
pg_skipped=0
if ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  if [ "${CI:-}" = true ]; then
    echo "PostgreSQL is required with CI=true and is not reachable at 127.0.0.1:5432"
    record postgres-required 0 1
  else
    echo "PostgreSQL is not reachable at 127.0.0.1:5432: its half of the server suites is skipped"
    pg_skipped=$(cargo test --workspace -q -- --list 2>/dev/null | grep -c '::postgres: test$')
    skip=(--skip '::postgres')
  fi
fi
cargo test --workspace --no-fail-fast -- "${skip[@]}" 2>&1 | tee "$OUT/cargo-test.log" | grep -E '^(test result|     Running|error|test .* FAILED|failures:)'
read -r p f < <(grep -E '^test result:' "$OUT/cargo-test.log" |
  sed -E 's/.* ([0-9]+) passed; ([0-9]+) failed.*/\1 \2/' | awk '{p+=$1; f+=$2} END {print p+0, f+0}')
grep -q '^error' "$OUT/cargo-test.log" && f=$((f + 1))
record cargo-test "$p" "$f" "$pg_skipped"; echo "    ($((SECONDS - t0)) s)"

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
rm -f "$OUT/playwright.json"
rc=1
if npm_ci_if_needed tests >"$OUT/e2e-install.log" 2>&1 && cargo build -q -p brokerdesk-server; then
  (cd tests && PLAYWRIGHT_JSON_OUTPUT_NAME="$OUT/playwright.json" npx playwright test) \
    2>&1 | tee "$OUT/e2e.log" | grep -vE '^\s*$'
  rc=${PIPESTATUS[0]}
fi
if [ -f "$OUT/playwright.json" ]; then
  # unexpected = failed or timed out; flaky counts as failed (retries are off); errors outside
  # tests (the server did not start, a file did not load) count one each.
  read -r p f < <(node -e 'const r=require(process.argv[1]),s=r.stats;console.log(s.expected,s.unexpected+s.flaky+(r.errors||[]).length)' "$OUT/playwright.json")
else p=0 f=0; fi
[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
record playwright "$p" "$f"
echo "    ($((SECONDS - t0)) s; report: tests/playwright-report, npx playwright show-report)"

echo
echo "=== summary ($SECONDS s)"
printf '%s\n' "${lines[@]}"
echo "total: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
