#!/usr/bin/env bash
# The stack keeps itself running: on a private stack with its cron loops
# (as `make run` starts it) and a webhook endpoint on a local receiver,
# kill -9 of MariaDB, then of the webhooks loop and the workers' loop, then
# of a webhooks worker itself; after each, the stack's keeper starts what
# died again, and a new withdrawal's webhook is delivered. Then `down`
# leaves no process behind.
#
#   tests/stack/keeper.sh [--build DIR] [--server apache|lighttpd]
#
# Exit status 0 when every check passed; run by tools/test.sh as one test.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=build SERVER=apache
while [ $# -gt 0 ]; do
	case "$1" in
	--build) BUILD=$2; shift 2 ;;
	--server) SERVER=$2; shift 2 ;;
	*) echo "keeper: unknown option $1" >&2; exit 2 ;;
	esac
done
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac

# shellcheck source=tools/ports.sh
. "$ROOT/tools/ports.sh"
var="$ROOT/var/test-keeper"
port=$(free_port) rport=$(free_port)
ctl="$ROOT/tools/stack.sh --var $var --build $BUILD --server $SERVER --port $port"
got="$var/received.log"
recv=""
failed=0
fail() { echo "keeper: $*"; failed=1; }
# shellcheck disable=SC2317 # (run by the trap)
cleanup() {
	[ -n "$recv" ] && kill "$recv" 2>/dev/null
	$ctl down >/dev/null 2>&1
}
trap cleanup EXIT

rm -rf "$var"
mkdir -p "$var"
$ctl up >"$var.up.log" 2>&1 || { echo "keeper: the stack did not start:"; cat "$var.up.log"; exit 1; }
# shellcheck disable=SC1091
. "$var/sandbox.env"

# the receiver: answers 200, writes each body's "type" and withdrawal id
: > "$got"
node -e '
const http = require("http"), fs = require("fs");
http.createServer((q, s) => {
	let b = "";
	q.on("data", (c) => (b += c));
	q.on("end", () => {
		try { const e = JSON.parse(b); fs.appendFileSync(process.argv[2],
			e.type + " " + JSON.stringify(e.data) + "\n"); } catch (x) {}
		s.end("ok");
	});
}).listen(Number(process.argv[1]), "127.0.0.1");
' "$rport" "$got" &
recv=$!

api() { # METHOD PATH [BODY]: the answer's status, its body in $var/answer
	curl -sS -o "$var/answer" -w '%{http_code}' -X "$1" -H "Authorization: Bearer $PARTNER_API_KEY" \
		-H 'Content-Type: application/json' ${3:+--data "$3"} "$BASE_URL$2" 2>/dev/null
}

st=$(api POST /v1/webhooks "{\"url\":\"http://127.0.0.1:$rport/hook\",\"events\":[\"withdrawal.pending\"],\"secret\":\"whsec_keeper_test_secret_0123456789\"}")
[ "$st" = 201 ] || { echo "keeper: webhook registration: $st $(cat "$var/answer")"; exit 1; }

n=0
# A withdrawal (retried while the stack comes back), then its event at the
# receiver within 60 s.
delivered_after() {
	local what=$1 st id=""
	n=$((n + 1))
	for _ in $(seq 1 120); do
		st=$(api POST /v1/withdrawals "{\"amount\":\"1\",\"currency\":\"USDT\",\"recipient_phone\":\"+233541234555\",\"mobile_network\":\"MTN\",\"reference_id\":\"keeper-$n\"}")
		case "$st" in 200|201) id=$(sed -n 's/.*"withdrawal_id":"\([^"]*\)".*/\1/p' "$var/answer"); break ;; esac
		sleep 0.5
	done
	[ -n "$id" ] || { fail "$what: no withdrawal was made (last answer $st)"; return; }
	for _ in $(seq 1 120); do
		grep -q "$id" "$got" && { echo "keeper: $what: delivered"; return; }
		sleep 0.5
	done
	fail "$what: withdrawal $id's webhook was not delivered within 60 s"
}

pid_of() { cat "$var/run/$1.pid" 2>/dev/null; }

delivered_after "before anything died"

old=$(pid_of mysqld)
kill -KILL "$old"
delivered_after "after kill -9 of mariadbd"
[ "$(pid_of mysqld)" != "$old" ] || fail "mariadbd was not started again"
grep -q "mariadbd is gone" "$var/log/keeper.log" 2>/dev/null || fail "the keeper did not log the restart"

old="$(pid_of webhooks) $(pid_of workers)"
# shellcheck disable=SC2086
kill -KILL $old
for _ in $(seq 1 100); do
	new="$(pid_of webhooks) $(pid_of workers)"
	# shellcheck disable=SC2086
	[ "$new" != "$old" ] && kill -0 $new 2>/dev/null && break
	sleep 0.1
done
[ "$new" != "$old" ] || fail "the cron loops were not started again"
delivered_after "after kill -9 of both cron loops"

# a webhooks worker dying (as it exits 1 when the database is away) ends
# one run, never its loop
for p in $(pgrep -f "^$BUILD/cron/webhooks"); do
	tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qxF "CEDIRAMP_CONF=$var/cediramp.conf" &&
		kill -KILL "$p"
done
delivered_after "after kill -9 of a webhooks worker"

trap - EXIT
cleanup
sleep 0.5
left=$($ctl pids)
[ -z "$left" ] || fail "processes left after down: $left"
[ "$failed" = 0 ] && echo "keeper: ok"
exit "$failed"
