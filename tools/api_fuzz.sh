#!/usr/bin/env bash
# The spec-driven fuzz of both APIs (tests/api_fuzz, issue 23) against a
# private stack: Apache on a free port, the simulators, no cron loop, and
# the partner plan raised so the fuzzer is never rate-limited (each wallet
# case is a new user already), and the rates seeded at start held fresh
# for the run (no cron loop refreshes them). Both APIs are fuzzed at once, one node
# process each. make test runs a fixed seed and count; `make fuzz-api`
# runs each API for --seconds (a new seed each time, printed) and keeps
# the reports in var/fuzz-api/. Exit 1 on any finding.
#
# usage: tools/api_fuzz.sh [--build DIR] [--seed N] [--runs N] [--seconds N] [--logs DIR]
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=build SEED=20261125 RUNS=3000 SECONDS_EACH=0 LOGS="$ROOT/var/fuzz-api"
while [ $# -gt 0 ]; do
	case "$1" in
	--build) BUILD=$2; shift 2 ;;
	--seed) SEED=$2; shift 2 ;;
	--runs) RUNS=$2; shift 2 ;;
	--seconds) SECONDS_EACH=$2; shift 2 ;;
	--logs) LOGS=$2; shift 2 ;;
	*) echo "api_fuzz: unknown option $1" >&2; exit 2 ;;
	esac
done
cd "$ROOT" || exit 2
# shellcheck source=tools/ports.sh
. "$ROOT/tools/ports.sh"
# shellcheck source=tools/sanitizer.sh
. "$ROOT/tools/sanitizer.sh"
mkdir -p "$LOGS"
var="$ROOT/var/test-api-fuzz"
ctl="$ROOT/tools/stack.sh --var $var --build $BUILD --server apache --port $(free_port) --no-workers"
rm -rf "$var"
trap '$ctl down >/dev/null 2>&1' EXIT
if ! CEDIRAMP_EXTRA_CONF="ratelimit.partner_minute = 100000000/60
ratelimit.partner_day = 100000000/86400
rates.max_age_seconds = 86400" $ctl up >"$LOGS/stack.log" 2>&1; then
	echo "api fuzz: the stack did not start:"
	cat "$LOGS/stack.log"
	exit 1
fi
echo "api fuzz: seed $SEED, $([ "$SECONDS_EACH" -gt 0 ] && echo "$SECONDS_EACH s" || echo "$RUNS cases") per API"
(
	set -a
	# shellcheck disable=SC1091
	. "$var/sandbox.env"
	set +a
	FUZZ_SEED=$SEED FUZZ_RUNS=$RUNS FUZZ_SECONDS=$SECONDS_EACH FUZZ_REPORT="$LOGS/report" \
		node --test --test-concurrency=2 --test-reporter=spec tests/api_fuzz/
) >"$LOGS/fuzz.log" 2>&1
rc=$?
$ctl down >>"$LOGS/stack.log" 2>&1
trap - EXIT
# under the sanitizer build, a report from any program fails the run
for f in "$var"/log/asan.* "$var"/log/ubsan.*; do
	sanitizer_check "$f" "api fuzz: sanitizer report" && rc=1
done
grep -hE '^ *(wallet|partner): [0-9]+ cases' "$LOGS/fuzz.log" | sed 's/^ */api fuzz: /'
if [ $rc -ne 0 ]; then
	echo "api fuzz: FAILED (see $LOGS/fuzz.log and $LOGS/report-*.json):"
	grep -h 'FINDING' "$LOGS/fuzz.log" | head -20
fi
exit $rc
