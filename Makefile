# brokerdesk: `make run` starts the product, `make test` runs every suite.
SHELL := /bin/bash
export PATH := $(CURDIR)/.tools/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

WASM_PACK_BUILD := wasm-pack --quiet build core --target bundler --out-dir ../pkg --profile wasm -- --features wasm

.PHONY: run test install pkg web server server-debug bench fuzz clean-data

run: install pkg web server
	BROKERDESK_WEB_DIR=web/dist ./target/release/brokerdesk

test: install
	bash scripts/test-all.sh

install:
	@bash scripts/install.sh

pkg:
	$(WASM_PACK_BUILD)

# pkg/ must exist before npm links it; npm ci runs only when the lockfile changed.
web: pkg
	cd web && if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
	  npm ci --no-audit --no-fund --loglevel=error; fi
	cd web && npm run build

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
