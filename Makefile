# brokerdesk: `make run` starts the product, `make test` runs every suite.
SHELL := /bin/bash
export PATH := $(CURDIR)/.tools/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

WASM_PACK_BUILD := wasm-pack --quiet build core --target bundler --out-dir ../pkg --profile wasm -- --features wasm

.PHONY: run test install install-run pkg web server server-debug bench fuzz clean-data

# Demo data and demo SMS (codes in the log); a production start leaves BROKERDESK_DEMO unset.
run: install-run pkg web server
	BROKERDESK_DEMO=1 BROKERDESK_WEB_DIR=web/dist ./target/release/brokerdesk

test: install
	bash scripts/test-all.sh

# Everything, tests included (Chromium, CJK fonts); `make run` needs only install-run.
install:
	@bash scripts/install.sh test

install-run:
	@bash scripts/install.sh run

pkg:
	$(WASM_PACK_BUILD)

# pkg/ must exist before npm links it; npm ci runs only when the lockfile changed.
web: pkg
	cd web && if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
	  npm ci --no-audit --no-fund --loglevel=error; fi
	cd web && npm run build
	node scripts/precompress.mjs web/dist

server:
	cargo build --release -p brokerdesk-server

server-debug:
	cargo build -p brokerdesk-server

bench: install
	bash scripts/bench.sh

fuzz:
	bash scripts/fuzz.sh

clean-data:
	rm -rf data
