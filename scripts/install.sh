#!/usr/bin/env bash
# Installs what brokerdesk needs, skipping what is already there. Idempotent: on a machine that
# has everything it returns in about a second.
#   scripts/install.sh run    building and running (`make run`): wasm toolchain, the CJK fonts
#                             the server draws photo watermarks with
#   scripts/install.sh test   also the browser suites' Chromium, and cargo-nextest (default)
set -euo pipefail
cd "$(dirname "$0")/.."

PURPOSE=${1:-test}
case "$PURPOSE" in
  run | test) ;;
  *) echo "usage: $0 [run|test]" >&2; exit 2 ;;
esac

WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen pin in Cargo.toml (workspace.dependencies)
BINARYEN_VERSION=132.0.0       # Debian's wasm-opt 108 produces modules Chromium rejects
TOOLS_DIR="$PWD/.tools"
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '[install] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# The server draws photo watermarks in Noto Sans CJK; the browser suites drive Debian's
# Chromium (tests only) and need the same glyphs.
need_apt=()
[ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto | grep -qi cjk || need_apt+=(fonts-noto-cjk)
if [ "$PURPOSE" = test ]; then
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
fi
if ((${#need_apt[@]})); then
  log "apt: ${need_apt[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
  log "rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if ! command -v wasm-pack >/dev/null 2>&1; then
  log "cargo install wasm-pack"
  cargo install wasm-pack --locked --quiet
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  log "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # not --locked: its lockfile pins a crate version the registry lacks
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force --quiet
fi

if [ ! -x "$TOOLS_DIR/node_modules/.bin/wasm-opt" ]; then
  log "npm binaryen@$BINARYEN_VERSION (wasm-opt)"
  mkdir -p "$TOOLS_DIR"
  npm install --prefix "$TOOLS_DIR" --no-audit --no-fund --loglevel=error "binaryen@$BINARYEN_VERSION" >/dev/null
fi

if [ "$PURPOSE" = test ] && ! command -v cargo-nextest >/dev/null 2>&1; then
  log "cargo install cargo-nextest"
  cargo install cargo-nextest --locked --quiet
fi
log "toolchain ready ($PURPOSE)"
