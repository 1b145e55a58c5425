#!/usr/bin/env bash
# The web's API types are generated from the server's OpenAPI document, never written by hand.
#   bash scripts/api-types.sh          regenerate web/src/api/schema.d.ts from the current server
#   bash scripts/api-types.sh check    fail when the committed file differs from a fresh generation
#   bash scripts/api-types.sh selftest show that a stale file (one field renamed) fails the check
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
SCHEMA=web/src/api/schema.d.ts
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

generate() { # output file
  cargo run -q -p brokerdesk-server -- openapi >"$TMP/openapi.json"
  (cd web && npx --no-install openapi-typescript "$TMP/openapi.json" -o "$1" --silent)
}

check() { # committed file
  generate "$TMP/fresh.d.ts"
  if ! diff -u "$1" "$TMP/fresh.d.ts" >"$TMP/diff.txt"; then
    head -40 "$TMP/diff.txt"
    echo "$1 is stale: the server's API changed. Run: bash scripts/api-types.sh" >&2
    return 1
  fi
}

case "${1:-write}" in
  write) generate "$PWD/$SCHEMA" ;;
  check) check "$SCHEMA" ;;
  selftest)
    # A field renamed on one side only must fail the check, whichever field it is.
    sed 's/\bentityName\b/entityTitle/' "$SCHEMA" >"$TMP/stale.d.ts"
    cmp -s "$SCHEMA" "$TMP/stale.d.ts" && { echo "selftest: nothing to rename" >&2; exit 1; }
    if (check "$TMP/stale.d.ts") >/dev/null 2>&1; then
      echo "selftest: a stale schema passed the check" >&2; exit 1
    fi
    echo "selftest: a stale schema fails the check"
    ;;
  *) echo "usage: $0 [write|check|selftest]" >&2; exit 2 ;;
esac
