# cediramp build. `make` builds everything into build/ (build-asan/ with
# SANITIZE=1); `make run` and `make test` first install missing packages.
.SUFFIXES:
# Keep the objects of test programs (make would delete them as
# intermediates, and two makes in one tree then race on them).
.SECONDARY:

CC        = gcc
VERSION  != cat VERSION
SANITIZE ?= 0
SERVER   ?= apache
PORT     ?= 8080

PKGS      = fcgi libmariadb jansson libcurl openssl gmp libsecp256k1 nettle libargon2 libqrencode p11-kit-1
PKG_CFLAGS != pkg-config --cflags $(PKGS) 2>/dev/null || echo -I/usr/include/mariadb
PKG_LIBS   != pkg-config --libs $(PKGS) 2>/dev/null || echo -lfcgi -lmariadb -ljansson -lcurl -lssl -lcrypto -lgmp -lsecp256k1 -lnettle -largon2 -lqrencode

CFLAGS    = -std=c11 -Wall -Wextra -Werror -O2 -g -D_POSIX_C_SOURCE=200809L \
            -D_DEFAULT_SOURCE -DCEDIRAMP_VERSION='"$(VERSION)"' -Ilib $(PKG_CFLAGS)
LDLIBS    = $(PKG_LIBS) -lpthread

ifeq ($(SANITIZE),1)
BUILD     = build-asan
CFLAGS   += -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LDFLAGS  += -fsanitize=address,undefined
else
BUILD     = build
endif

LIB_SRC   = $(wildcard lib/*/*.c lib/*/*/*.c)
LIB_OBJ   = $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
LIB_A     = $(BUILD)/libcediramp.a
# One program per route group: fcgi/wallet/x.c is wallet-x.fcgi,
# fcgi/partner/x.c partner-x.fcgi, fcgi/x.c x.fcgi.
FCGI      = $(patsubst fcgi/%.c,$(BUILD)/fcgi/%.fcgi,$(wildcard fcgi/*.c)) \
            $(patsubst fcgi/wallet/%.c,$(BUILD)/fcgi/wallet-%.fcgi,$(wildcard fcgi/wallet/*.c)) \
            $(patsubst fcgi/partner/%.c,$(BUILD)/fcgi/partner-%.fcgi,$(wildcard fcgi/partner/*.c)) \
            $(BUILD)/fcgi/console.fcgi
CRON      = $(patsubst cron/%.c,$(BUILD)/cron/%,$(wildcard cron/*.c))
TOOLS     = $(BUILD)/tools/cediramp-admin $(BUILD)/tools/cediramp-mailsink \
            $(BUILD)/tools/cediramp-signer
UNIT      = $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(wildcard tests/unit/test_*.c))
TESTUTIL  = $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/common/*.c))
ITEST_SRC = $(wildcard tests/integration/*.c)
ITEST     = $(BUILD)/tests/integration/itest
BENCH_WH  = $(BUILD)/tests/bench/webhooks
BENCH_SIGNER = $(BUILD)/tests/bench/signer
# The gateway contract and the sandbox token, compiled offline by npm's
# solc (solcjs, installed by `make deps`); the same for every build.
CONTRACTS = build/contracts/CediGateway.json build/contracts/SandboxToken.json
# Not in $(BUILD)/fcgi/: tools/stack.sh stages that folder as the product.
BENCH_HELLO = $(BUILD)/fcgi-bench/hello.fcgi

.PHONY: all deps run test unit check clean bench
DOCS_HTML = $(BUILD)/docs/index.html $(BUILD)/docs/wallet.html $(BUILD)/docs/partner.html
CONSOLE_WEB = $(BUILD)/console/index.html $(BUILD)/console/app.css $(BUILD)/console/app.js

all: $(FCGI) $(CRON) $(TOOLS) $(UNIT) $(ITEST) $(BENCH_WH) $(BENCH_SIGNER) $(BENCH_HELLO) $(CONTRACTS) $(DOCS_HTML) \
     $(CONSOLE_WEB)

$(CONTRACTS) &: $(wildcard contracts/*.sol) tools/chain/compile.mjs
	@test -d node_modules/solc || { echo "no node_modules/solc: run make deps" >&2; exit 1; }
	node tools/chain/compile.mjs build/contracts

deps:
	@tools/deps.sh

$(BUILD)/obj/%.o: %.c $(wildcard lib/*/*.h lib/*/*/*.h tests/*/*.h fcgi/*/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@

$(LIB_A): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/fcgi/wallet-%.fcgi: $(BUILD)/obj/fcgi/wallet/%.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/fcgi/partner-%.fcgi: $(BUILD)/obj/fcgi/partner/%.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The console API is one program of every fcgi/console/*.c.
$(BUILD)/fcgi/console.fcgi: $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard fcgi/console/*.c)) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The OpenAPI specs as JSON, built into the programs that serve them
# (GET /api/openapi.json, GET /v1/openapi.json).
$(BUILD)/gen/openapi_%.c: openapi/%.yaml VERSION tools/openapi/embed.mjs
	@mkdir -p $(@D)
	node tools/openapi/embed.mjs $< VERSION openapi_$*_json > $@.tmp && mv $@.tmp $@

# The HTML reference served at /docs/ (self-contained: no network).
$(DOCS_HTML) &: openapi/wallet.yaml openapi/partner.yaml VERSION tools/openapi/docs.mjs
	node tools/openapi/docs.mjs $(BUILD)/docs

# The console's pages served at /console/ (docs/console.md): the page and
# its stylesheet as written, and app.js, Preact + htm and console/src/*.js
# bundled and minified by npm's esbuild (one file: the CSP allows no
# inline script).
$(BUILD)/console/index.html $(BUILD)/console/app.css: $(BUILD)/console/%: console/%
	@mkdir -p $(@D)
	cp $< $@

$(BUILD)/console/app.js: $(wildcard console/src/*.js) package-lock.json
	@test -x node_modules/.bin/esbuild || { echo "no node_modules/.bin/esbuild: run make deps" >&2; exit 1; }
	@mkdir -p $(@D)
	node_modules/.bin/esbuild console/src/main.js --bundle --minify --format=iife --target=es2020 \
		--log-level=warning --outfile=$@

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/fcgi/wallet-service.fcgi: $(BUILD)/gen/openapi_wallet.o
$(BUILD)/fcgi/partner-service.fcgi: $(BUILD)/gen/openapi_partner.o

$(BUILD)/fcgi/%.fcgi: $(BUILD)/obj/fcgi/%.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/cron/%: $(BUILD)/obj/cron/%.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/tools/cediramp-admin: $(BUILD)/obj/tools/cediramp-admin.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The only holder of the operator's key (tools/signer.c; docs/design.md,
# "Custody"): make run and the EVM stacks start it as its own user.
$(BUILD)/tools/cediramp-signer: $(BUILD)/obj/tools/signer.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The sandbox's mail sink (tools/mailsink.c): make run and the test stacks
# start it, and the console shows what it received.
$(BUILD)/tools/cediramp-mailsink: $(BUILD)/obj/tools/mailsink.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# Tests find the shared test helpers (tests/common) by their bare names.
$(BUILD)/obj/tests/%.o: CFLAGS += -Itests/common

$(BUILD)/tests/unit/%: $(BUILD)/obj/tests/unit/%.o $(TESTUTIL) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS) -lcunit

$(ITEST): $(ITEST_SRC:%.c=$(BUILD)/obj/%.o) $(TESTUTIL) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS) -lcunit

# The webhook delivery benchmark (tools/bench.sh), linked as the itest is.
$(BENCH_WH): $(BUILD)/obj/tests/bench/webhooks.o $(TESTUTIL) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS) -lcunit

# The signer's benchmark (tools/bench/signer.sh): signatures in-process and
# through cediramp-signer.
$(BENCH_SIGNER): $(BUILD)/obj/tests/bench/signer.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The hello-world FastCGI program `make bench` compares every endpoint
# with (tests/bench/hello.c): libfcgi only, none of our code.
$(BENCH_HELLO): $(BUILD)/obj/tests/bench/hello.o
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) $^ -o $@ -lfcgi

# The two commands. Each re-enters make after deps so that pkg-config runs
# once the packages exist.
# CHAIN=evm: the sandbox on a local Anvil node (at ANVIL_PORT) instead of
# the chain simulator.
CHAIN ?= sim
ANVIL_PORT ?= 8545
# SIGNER=pkcs11 (with CHAIN=evm): cediramp-signer keeps the operator's key
# in a SoftHSM2 token instead of a 0400 file (docs/operations.md)
SIGNER ?= file
# GALERA=1: a three-node MariaDB Galera cluster behind HAProxy instead of
# one server (tools/stack-cluster.sh); `make test GALERA=1` runs the suite
# and the cluster's fault tests on it.
GALERA ?= 0
# the web servers the integration suite runs under (each its own stack);
# .ci/run's sanitizer pass takes Apache alone (lighttpd's runs in the plain
# pass and on the cluster's node 2)
TEST_SERVERS ?= apache lighttpd
# the passes side by side (tools/test.sh --jobs): three, since the EVM
# passes mostly wait on blocks; .ci/run's sanitizer pass, beside the
# cluster's, takes two
TEST_JOBS ?= 3
GALERA_NODES = $(if $(filter 1,$(GALERA)),3,0)
GALERA_DEPS  = $(if $(filter 1,$(GALERA)),--galera)

run:
	@tools/deps.sh $(GALERA_DEPS)
	@$(MAKE) --no-print-directory all
	@tools/stack.sh run --server $(SERVER) --port $(PORT) --build $(BUILD) \
		--chain $(CHAIN) --anvil-port $(ANVIL_PORT) --signer $(SIGNER) --galera $(GALERA_NODES)

test:
	@tools/deps.sh --test $(GALERA_DEPS)
	@$(MAKE) --no-print-directory all
	@tools/test.sh --build $(BUILD) --galera $(GALERA_NODES) --servers "$(TEST_SERVERS)" \
		--jobs $(TEST_JOBS)

unit: all
	@tools/test.sh --build $(BUILD) --unit-only

# The OpenAPI lint needs the npm tools, the alert rules' check promtool
# (Debian's prometheus): deps first (quick when present).
check:
	@tools/deps.sh
	@tools/check.sh
	@tests/docs/check.sh
	@tests/check/run.sh
	@tools/openapi/lint.sh
	@tests/prometheus/check.sh
	@node --test --test-reporter=dot tests/chaos/

bench:
	@tools/deps.sh --bench
	@$(MAKE) --no-print-directory all
	@tools/bench.sh --build $(BUILD)

clean:
	rm -rf build build-asan

# `make fuzz`: the libFuzzer targets of tests/fuzz/ (fuzz_<thing>.c), each
# run FUZZ_SECONDS against a copy of its seed corpus (tools/fuzz.sh; a
# crash fails the run, and every run is a line of var/fuzz/runs.tsv).
# FUZZ_TARGETS names some (`make fuzz FUZZ_TARGETS="money jwt"`). clang
# builds everything into build/fuzz/, with its own objects of lib/: the
# normal build (build/obj) is never read or written.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
FUZZ_CC      = clang
FUZZ_DIR     = build/fuzz
FUZZ_CFLAGS  = -std=c11 -Wall -Wextra -Werror -g -O1 -fno-omit-frame-pointer \
               -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
               -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
               -DCEDIRAMP_VERSION='"$(VERSION)"' -Ilib -Itests/fuzz $(PKG_CFLAGS)
# Every target runs offline: provider calls are answered from the input
# (tests/fuzz/fake_http.c), names resolve only when numeric and a curl
# transfer aborts (tests/fuzz/offline.c).
FUZZ_WRAP    = -Wl,--wrap=prov_http_call -Wl,--wrap=getaddrinfo \
               -Wl,--wrap=curl_easy_perform
FUZZ_LIB_A   = $(FUZZ_DIR)/libcediramp.a
FUZZ_UTIL    = $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,\
               $(filter-out tests/fuzz/fuzz_%.c,$(wildcard tests/fuzz/*.c)))
FUZZ_BIN     = $(patsubst tests/fuzz/%.c,$(FUZZ_DIR)/bin/%,$(wildcard tests/fuzz/fuzz_*.c))

# `make fuzz-api`: the spec-driven fuzz of both APIs (tools/api_fuzz.sh)
# against a private stack, FUZZ_API_SECONDS each (both at once), a new
# seed each run; reports in var/fuzz-api/.
FUZZ_API_SECONDS ?= 600

.PHONY: fuzz fuzz-build fuzz-api
fuzz-api:
	@tools/deps.sh --test
	@$(MAKE) --no-print-directory all
	@tools/api_fuzz.sh --build $(BUILD) --seed $$(date +%s) --seconds $(FUZZ_API_SECONDS)

fuzz:
	@tools/deps.sh --fuzz
	@$(MAKE) --no-print-directory fuzz-build
	@tools/fuzz.sh --seconds $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-build: $(FUZZ_BIN)

$(FUZZ_DIR)/obj/%.o: %.c $(wildcard lib/*/*.h lib/*/*/*.h tests/fuzz/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_LIB_A): $(LIB_SRC:%.c=$(FUZZ_DIR)/obj/%.o)
	@rm -f $@
	ar rcs $@ $^

$(FUZZ_DIR)/bin/%: $(FUZZ_DIR)/obj/tests/fuzz/%.o $(FUZZ_UTIL) $(FUZZ_LIB_A)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_WRAP) $^ -o $@ $(LDLIBS)
