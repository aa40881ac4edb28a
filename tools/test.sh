#!/usr/bin/env bash
# `make test`: the unit tests, then the integration suite against a private
# stack (MariaDB + Apache, then MariaDB + lighttpd) started on a free port
# in its own directory under var/, torn down afterwards; then the chain
# suites against such a stack on a local Anvil node (--chain evm), under
# each server, and beside them the API fuzz and (one test each)
# tests/stack/private_dir.sh: a stack started from a copy of the checkout
# in a 0700 directory the web user cannot enter, tests/stack/fcgid_warm.sh
# and tests/stack/keeper.sh: a stack whose MariaDB and cron loops are
# killed keeps delivering webhooks. With --galera N: the unit
# tests, then the suite and tests/integration/t_cluster.c on an N-node
# Galera cluster behind HAProxy instead, then such a cluster started from a
# 0700 directory (tests/stack/private_dir.sh --galera). Exits non-zero on any
# failure. With a sanitizer build (build-asan), any AddressSanitizer or
# UndefinedBehaviorSanitizer report from any process is a failure too.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=build UNIT_ONLY=0 SERVERS="apache lighttpd" CHAIN_SERVERS="apache lighttpd" GALERA=0
JOBS=2
while [ $# -gt 0 ]; do
	case "$1" in
	--galera) GALERA=$2; shift 2 ;;
	--jobs) JOBS=$2; shift 2 ;;
	--build) BUILD=$2; shift 2 ;;
	--unit-only) UNIT_ONLY=1; shift ;;
	--servers) SERVERS=$2; shift 2 ;;
	--chain-servers) CHAIN_SERVERS=$2; shift 2 ;;
	*) echo "test: unknown option $1" >&2; exit 2 ;;
	esac
done
cd "$ROOT"
# the cluster's logs apart: .ci/run runs it beside the sanitizer pass
LOGS="$ROOT/var/test-logs"
[ "$GALERA" = 0 ] || LOGS="$ROOT/var/test-logs-cluster"
rm -rf "$LOGS" && mkdir -p "$LOGS"
passed=0 failed=0
# every port handed out once, whichever pass asks (tools/ports.sh); a
# list given by the caller is shared with passes outside this run
export PORTS_TAKEN="${PORTS_TAKEN:-$LOGS/ports-taken}"
# Outer bounds, should a program hang where its own watchdog cannot see
# (the integration suite bounds each test itself, tests/README): past them
# it is killed and counted as failed, and the run goes on.
UNIT_SECONDS=300 PASS_SECONDS=2700 STACK_TEST_SECONDS=1200
bounded() { timeout --kill-after=30 "$@"; }
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0" UBSAN_OPTIONS="print_stacktrace=1"

# Adds the CUnit "tests" summary line of a log to the totals; a run that
# printed no summary (it crashed) counts as one failure.
count() {
	local line
	line=$(grep -E '^ +tests +[0-9]+' "$1" | tail -1)
	if [ -z "$line" ]; then
		failed=$((failed + 1))
		return
	fi
	passed=$((passed + $(echo "$line" | awk '{print $4}')))
	failed=$((failed + $(echo "$line" | awk '{print $5}')))
}

for t in "$BUILD"/tests/unit/test_*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	if bounded "$UNIT_SECONDS" "$t" >"$LOGS/$name.log" 2>&1; then
		echo "unit  $name: ok"
	else
		echo "unit  $name: FAILED (see $LOGS/$name.log)"
		grep -E 'FAILED|ERROR|runtime error' "$LOGS/$name.log" | head -20
		failed=$((failed + 1)) # a non-zero exit fails even if CUnit counted none
	fi
	count "$LOGS/$name.log"
done

# shellcheck source=tools/ports.sh
. "$ROOT/tools/ports.sh"
# shellcheck source=tools/sanitizer.sh
. "$ROOT/tools/sanitizer.sh"

sanitizer_reports() {
	local f found=0
	for f in "$1"/log/asan.* "$1"/log/ubsan.* "$1"/node*/log/asan.* "$1"/node*/log/ubsan.*; do
		sanitizer_check "$f" "sanitizer report:" && found=1
	done
	return $found
}

# Every answer the pass received (its recording, IT_RECORD) against the
# OpenAPI specs (one test): an undocumented status, type, header or field
# fails it.
openapi_responses() {
	local rec="$LOGS/responses-$1.jsonl" out="$LOGS/openapi-responses-$1.log"
	if [ ! -s "$rec" ]; then
		echo "integ $1: no responses recorded in $rec (TU_ONLY matched no integration suite?)"
		failed=$((failed + 1))
	elif node tools/openapi/validate.mjs "$rec" >"$out" 2>&1; then
		echo "integ $1: $(tail -1 "$out")"
		passed=$((passed + 1))
	else
		echo "integ $1: responses the specs do not describe (see $out):"
		head -40 "$out"
		failed=$((failed + 1))
	fi
	# once: the same recording fails against a spec with a field renamed
	# (a whole run's: TU_ONLY's part may not hold the operations it edits)
	[ "$1" = apache ] && [ -z "${TU_ONLY:-}" ] || return 0
	if tests/openapi/validate_fails.sh "$rec" >"$LOGS/openapi-validate-fails.log" 2>&1; then
		echo "integ $1: the recording fails against specs with a field renamed, a status dropped, a header required"
		passed=$((passed + 1))
	else
		echo "integ $1: the validator did not fail as it should (see $LOGS/openapi-validate-fails.log):"
		grep -A8 '^not ok' "$LOGS/openapi-validate-fails.log" | head -40
		failed=$((failed + 1))
	fi
}

# One test that is a command with its own stack: ok (and its summary
# lines), or FAILED with the head of its log.
stack_test() {
	local name=$1 log=$2
	shift 2
	if bounded "$STACK_TEST_SECONDS" "$@" >"$log" 2>&1; then
		grep -E '^api fuzz: (wallet|partner):' "$log" | sed 's/^/stack /'
		echo "stack $name: ok"
		passed=$((passed + 1))
	else
		echo "stack $name: FAILED (see $log)"
		head -40 "$log"
		failed=$((failed + 1))
	fi
}

# One integration pass: a private stack of server with chain (sim or evm)
# on free ports, the suite against it, the stack down and checked.
integration() {
	local server=$1 chain=$2 name var port ctl left p confs="" conf jwks_port signer=file
	name=$server
	[ "$chain" = evm ] && name="$server-evm"
	var="$ROOT/var/test-$name"
	port=$(free_port)
	conf="$var/cediramp.conf"
	# no background cron loop: the tests run each worker when they mean to
	ctl="$ROOT/tools/stack.sh --var $var --build $BUILD --server $server --port $port --no-workers"
	if [ "$server" = cluster ]; then
		# HAProxy on port, Apache and lighttpd on two more, Galera's
		# ports from a base with 10 * (nodes + 1) free ports above it
		ctl="$ROOT/tools/stack.sh --var $var --build $BUILD --port $port --no-workers"
		ctl="$ctl --galera $GALERA --web-ports $(free_port),$(free_port)"
		ctl="$ctl --galera-port-base $(galera_port_base "$GALERA")"
		conf="$var/node1/cediramp.conf"
		for p in $(seq 1 "$GALERA"); do confs="$confs${confs:+ }$var/node$p/cediramp.conf"; done
	fi
	# the wallet-login provider t_jwks.c plays, on a port of its own
	jwks_port=$(free_port)
	export CEDIRAMP_EXTRA_CONF="jwt.jwks_url = http://127.0.0.1:$jwks_port/jwks.json
jwt.jwks_refetch_seconds = 1"
	if [ "$chain" = evm ]; then
		# both key stores: Apache's pass signs with the key file,
		# lighttpd's with a key in a SoftHSM2 token
		[ "$server" = lighttpd ] && signer=pkcs11
		ctl="$ctl --chain evm --anvil-port $(free_port) --signer $signer"
		CEDIRAMP_EXTRA_CONF="$CEDIRAMP_EXTRA_CONF
providers.evm.replace_after_seconds = 3"
	fi
	# (purge: a cluster node's data outside var/, tools/stack.sh's DBHOME)
	$ctl purge >/dev/null 2>&1
	rm -rf "$var"
	trap '$ctl down >/dev/null 2>&1; $ctl purge >/dev/null 2>&1' EXIT
	if ! $ctl up >"$LOGS/stack-$name.log" 2>&1; then
		echo "integ $name: stack did not start:"
		cat "$LOGS/stack-$name.log"
		failed=$((failed + 1))
		$ctl down >/dev/null 2>&1
		$ctl purge >/dev/null 2>&1
		trap - EXIT
		unset CEDIRAMP_EXTRA_CONF
		return
	fi
	unset CEDIRAMP_EXTRA_CONF
	if (
		set -a
		# shellcheck disable=SC1090,SC1091
		. "$var/sandbox.env"
		# the signer's suite looks for the operator's key (the file store's)
		# in the web programs' memory and copies it to a file of the wrong
		# mode; the chain suites check its address (OPERATOR_ADDRESS, from
		# var/chain.env); SIGNER_STORE says which store signs
		if [ "$chain" = evm ]; then
			SIGNER_STORE=$signer
			EVM_OPERATOR_KEY=$(sed -n 's/^EVM_OPERATOR_KEY=//p' "$var/secrets.env")
			# shellcheck disable=SC1091
			. "$var/chain.env"
		fi
		set +a
		CEDIRAMP_CONF="$conf" CEDIRAMP_CONFS="$confs" STACK_CTL="$ctl" CLUSTER_VAR="$var" \
			JWKS_PORT="$jwks_port" \
			STACK_LOG="$LOGS/stack-calls-$name.log" \
			DOCS_SCREENSHOTS="$LOGS/screenshots-$name" \
			CONSOLE_SCREENSHOTS="$LOGS/console/$name" \
			IT_RECORD="$LOGS/responses-$name.jsonl" \
			CEDIRAMP_BUILD="$ROOT/$BUILD" \
			ADMIN="env CEDIRAMP_CONF=$conf $ROOT/$BUILD/tools/cediramp-admin" \
			bounded "$PASS_SECONDS" "$BUILD/tests/integration/itest" \
			>"$LOGS/integration-$name.log" 2>&1
	); then
		echo "integ $name: ok"
	else
		echo "integ $name: FAILED (see $LOGS/integration-$name.log)"
		grep -E 'FAILED|^ +[0-9]+\. |want' "$LOGS/integration-$name.log" | head -40
		failed=$((failed + 1))
	fi
	count "$LOGS/integration-$name.log"
	openapi_responses "$name"
	last_scrapes "$var" "$name"
	$ctl down >"$LOGS/stack-down-$name.log" 2>&1
	$ctl purge >>"$LOGS/stack-down-$name.log" 2>&1
	trap - EXIT
	if ! sanitizer_reports "$var"; then
		failed=$((failed + 1))
	fi
	# no secret in a log line or a metric, after the whole pass
	# shellcheck disable=SC2046
	if tests/secrets/leak_check.sh "$var/secrets.env" "$var/sandbox.env" -- \
		$(ls "$var"/log/cediramp.log "$var"/node*/log/cediramp.log 2>/dev/null) \
		"$LOGS"/metrics-"$name"-*.txt >"$LOGS/leaks-$name.log" 2>&1; then
		echo "integ $name: no secret in the log or the metrics: ok"
		passed=$((passed + 1))
	else
		echo "integ $name: FAILED: a secret in the log or the metrics:"
		cat "$LOGS/leaks-$name.log"
		failed=$((failed + 1))
	fi
	# the processes of the stack must all be gone (servers, MariaDB, Anvil,
	# FastCGI programs, workers)
	sleep 0.5
	left=$($ctl pids)
	if [ -n "$left" ]; then
		echo "integ $name: processes left running after teardown:"
		for p in $left; do ps -o pid=,args= -p "$p"; done
		failed=$((failed + 1))
	fi
}

# The last scrape of each web server's /metrics of the stack in var,
# kept as LOGS/metrics-NAME-I.txt (for leak_check.sh, and to read).
last_scrapes() {
	local var=$1 name=$2 urls i=0 u
	urls=$(sed -n 's/^CLUSTER_METRICS_URLS=//p' "$var/sandbox.env" | tr -d '"')
	[ -n "$urls" ] || urls=$(sed -n 's/^METRICS_URL=//p' "$var/sandbox.env")
	for u in $urls; do
		i=$((i + 1))
		curl -s --max-time 30 -o "$LOGS/metrics-$name-$i.txt" "$u" || true
	done
}

# Passes side by side: `job NAME CMD...` runs CMD (a function of this
# script) in a subshell of its own, in the background while fewer than
# JOBS run (--jobs N; 1: one after another); its lines go to a file and
# its counts to another. `jobs_done` waits for them all, prints each one's
# lines in the order they were started and adds their counts. The two
# servers' passes share nothing but the machine: each has its own stack,
# ports and database.
JOB_NAMES=""
job() {
	local name=$1
	shift
	(
		trap 'exit 1' INT TERM # so that its stack's EXIT trap takes it down
		passed=0 failed=0 started=$SECONDS
		"$@"
		echo "$passed $failed" > "$LOGS/count-$name"
		# which pass holds `make test` up (its 12-minute budget)
		echo "$name: took $((SECONDS - started)) s, from $started s"
	) > "$LOGS/out-$name" 2>&1 &
	JOB_NAMES="$JOB_NAMES $name"
	[ "$(jobs -rp | wc -l)" -lt "$JOBS" ] || wait -n
}
jobs_done() {
	local name p f
	wait
	for name in $JOB_NAMES; do
		cat "$LOGS/out-$name"
		if read -r p f < "$LOGS/count-$name" 2>/dev/null; then
			passed=$((passed + p)) failed=$((failed + f))
		else
			echo "$name: ended without its counts (killed?)"
			failed=$((failed + 1))
		fi
	done
	JOB_NAMES=""
}
trap 'kill $(jobs -p) 2>/dev/null; wait; exit 130' INT TERM

if [ "$UNIT_ONLY" = 0 ]; then
	# the webhook tests verify signatures with the npm reference libraries
	# (package-lock.json pins them; tools/deps.sh installed them)
	wh="$ROOT/tests/webhooks"
	export WEBHOOK_VERIFIER="node $wh/verify.mjs"
	# npm's mtn-momo client against the simulator (t_momo)
	export MTN_MOMO_CLIENT="node $ROOT/tests/providers/mtn_momo_client.mjs"
	export PAYSTACK_SDK_CLIENT="node $ROOT/tests/providers/paystack_sdk_client.mjs"
	# /docs/ in Debian's headless Chromium, driven by npm's puppeteer-core
	# (t_openapi); its screenshots go to screenshots-<name>/ beside the logs
	export DOCS_BROWSER="node $ROOT/tests/docs_browser/render.mjs"
	# /console/, the console's pages, driven the same way (t_console_pages);
	# a screenshot of each page in console/<name>/
	export CONSOLE_BROWSER="node $ROOT/tests/console_browser/console.mjs"
	# npm's otplib (RFC 6238) computes the console's two-factor codes (t_console)
	export TOTP_CLIENT="node $ROOT/tests/console/totp.mjs"
	# npm's jose plays a wallet-login provider publishing its JWKS (t_jwks)
	export JWKS_CLIENT="node $ROOT/tests/jwks/jwks.mjs"
	if [ "$GALERA" != 0 ]; then
		# the whole suite through HAProxy on a Galera cluster, its
		# workers on every node, then the cluster's own fault tests
		SERVERS="" CHAIN_SERVERS=""
		export CEDIRAMP_CLUSTER=$GALERA
		integration cluster sim
	fi
	# The first server's simulator pass, then every EVM pass (the EVM
	# suites on a stack whose chain is a local Anvil node: --chain evm,
	# replacements after 3 s, deposits scanned from the first block),
	# then the other simulator passes. The EVM suites spend most of their
	# time waiting for blocks while a simulator's keep the CPU busy, so
	# with three slots (make test's TEST_JOBS) one simulator pass runs
	# beside both EVM passes and the next starts when one of those ends
	# (ci35: the passes 549 s, make test 608 s; two slots, each server's
	# pair in turn, mt35: 650 s and 727 s; both simulator passes side by
	# side, ci33: 757 s of make test). No wait for a group: the first
	# slot that frees takes the next job.
	first=${SERVERS%% *}
	[ -z "$first" ] || job "$first" integration "$first" sim
	for server in $CHAIN_SERVERS; do
		job "$server-evm" integration "$server" evm
	done
	for server in $SERVERS; do
		[ "$server" = "$first" ] || job "$server" integration "$server" sim
	done
	# single-server matters (the cluster pass has its own node kills):
	# the spec-driven fuzz of both APIs, a fixed seed; the stack from a
	# directory the web user cannot enter; Apache's programs spawned
	# before traffic (decision 68); the keeper (MariaDB and the cron loops
	# killed, started again, webhooks delivered after each). Each has its
	# own stack: they take the job slots with the EVM passes.
	if [ "$GALERA" = 0 ]; then
		job api-fuzz stack_test "api fuzz" "$LOGS/api-fuzz.log" \
			tools/api_fuzz.sh --build "$BUILD" --logs "$LOGS/api-fuzz"
		job private-dir stack_test private-dir "$LOGS/private-dir.log" \
			tests/stack/private_dir.sh --build "$BUILD" --servers "$SERVERS"
		case " $SERVERS " in *" apache "*)
			job fcgid-warm stack_test fcgid-warm "$LOGS/fcgid-warm.log" \
				tests/stack/fcgid_warm.sh --build "$BUILD" ;;
		esac
		job keeper stack_test keeper "$LOGS/keeper.log" tests/stack/keeper.sh --build "$BUILD"
	fi
	jobs_done

	if [ "$GALERA" != 0 ]; then
		# the cluster from a checkout its nodes' user cannot enter (a 0700
		# directory: root's home, a mktemp -d)
		stack_test cluster-private-dir "$LOGS/cluster-private-dir.log" \
			tests/stack/private_dir.sh --build "$BUILD" --galera "$GALERA"
	fi
fi

echo
echo "tests: $passed passed, $failed failed"
[ "$failed" = 0 ]
