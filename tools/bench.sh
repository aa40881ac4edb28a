#!/usr/bin/env bash
# `make bench`: wrk against a private stack on a free port (127.0.0.1
# only), a few seconds per endpoint, results printed and kept in
# var/bench/results.txt. Numbers, not assertions: compare runs by eye.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=build SERVER=apache DURATION=${BENCH_SECONDS:-8} CONNS=${BENCH_CONNECTIONS:-16}
while [ $# -gt 0 ]; do
	case "$1" in
	--build) BUILD=$2; shift 2 ;;
	--server) SERVER=$2; shift 2 ;;
	*) echo "bench: unknown option $1" >&2; exit 2 ;;
	esac
done
var="$ROOT/var/bench"
port=$((20000 + RANDOM % 20000))
ctl="$ROOT/tools/stack.sh --var $var --build $BUILD --server $SERVER --port $port"
rm -rf "$var"
trap '$ctl down >/dev/null 2>&1' EXIT
# Limits high enough that the benchmark measures the work, not 429s.
export CEDIRAMP_EXTRA_CONF=$'ratelimit.quotes = 100000000/3600\nratelimit.general = 100000000/3600\nratelimit.partner_minute = 100000000/60\nratelimit.partner_day = 100000000/86400'
$ctl up >/dev/null
# shellcheck disable=SC1091
. "$var/sandbox.env"
out="$var/results.txt"
run() {
	local name=$1 path=$2; shift 2
	# warm-up: mod_fcgid starts one process per program and spawns the
	# rest under load, making early requests wait a whole second each
	wrk -t2 -c"$CONNS" -d2s "$@" "$BASE_URL$path" >/dev/null
	echo "== $name: GET $path ($SERVER, c=$CONNS, ${DURATION}s)" | tee -a "$out"
	wrk -t2 -c"$CONNS" -d"${DURATION}s" --latency "$@" "$BASE_URL$path" | tee -a "$out"
}
run "limits (API-key lookup + JSON)" /v1/limits -H "Authorization: Bearer $PARTNER_API_KEY"
run "wallet quote (JWT, rate limit, price, INSERT)" "/api/convert/rate?from=USDT&to=GHS&amount=100" -H "Authorization: Bearer $WALLET_JWT"
run "partner quote (key, two limits, price, INSERT)" "/v1/rates?from_currency=USDC&to_currency=GHS&amount=250" -H "Authorization: Bearer $PARTNER_API_KEY"
run "health (db ping + two provider probes)" /v1/health
run "wallet 404 (JWT verify + user lookup)" /api/none -H "Authorization: Bearer $WALLET_JWT"

# Webhook delivery: tests/bench/webhooks writes N events (BENCH_WEBHOOK_EVENTS,
# 10000) for a partner of its own whose endpoint is a receiver on 127.0.0.1,
# then times one run of the real worker ($BUILD/cron/webhooks --until-idle)
# delivering them, and fails when fewer than N arrive. The stack's cron
# loops (kept until now: the quotes above need the rates worker, since the
# rates seeded at `up` are refused once older than rates.max_age_seconds)
# are stopped first, so the timed run does the work alone.
bin=$BUILD
case "$bin" in /*) ;; *) bin="$ROOT/$bin" ;; esac
$ctl workers-stop
echo "== webhooks: ${BENCH_WEBHOOK_EVENTS:-10000} events, one webhooks --until-idle run" | tee -a "$out"
CEDIRAMP_CONF="$var/cediramp.conf" "$bin/tests/bench/webhooks" \
	"${BENCH_WEBHOOK_EVENTS:-10000}" "$bin/cron/webhooks" | tee -a "$out"
echo "results in $out"
