#!/usr/bin/env bash
# Apache's programs are spawned before traffic (decision 68): on a private
# Apache stack started with --warm 3, every staged program runs 3 processes
# or more (counted by their command line, the staged path) and none is left
# paused; `stack.sh warm 3` again spawns nothing; `stack.sh warm 6
# partner-account` brings that one program to 6 and leaves the others be; the warm-up's
# requests (X-Request-Id: fcgid-warm) were answered by the programs with a
# status below 500. tools/fcgid_warm.sh itself refuses a program it has no request
# for (exit 2) and reports a directory whose programs no request reaches
# (exit 1). Then `down` leaves no process behind.
#
#   tests/stack/fcgid_warm.sh [--build DIR]
#
# Exit status 0 when every check passed; run by tools/test.sh as one test.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=build
while [ $# -gt 0 ]; do
	case "$1" in
	--build) BUILD=$2; shift 2 ;;
	*) echo "fcgid-warm: unknown option $1" >&2; exit 2 ;;
	esac
done
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac

# shellcheck source=tools/ports.sh
. "$ROOT/tools/ports.sh"
var="$ROOT/var/test-fcgid-warm"
port=$(free_port)
ctl="$ROOT/tools/stack.sh --var $var --build $BUILD --server apache --port $port --no-workers"
tmp=$(mktemp -d) || exit 1
failed=0
fail() { echo "fcgid-warm: $*"; failed=1; }
# shellcheck disable=SC2317 # (run by the trap)
cleanup() {
	$ctl down >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT

rm -rf "$var"
if ! out=$($ctl up --warm 3 2>&1); then
	echo "fcgid-warm: the stack did not start:"
	echo "$out"
	exit 1
fi
# shellcheck disable=SC1091
. "$var/sandbox.env"
run=$(sed -n 's|^log.file = \(.*\)/log/cediramp.log$|\1|p' "$var/cediramp.conf")

# counts PROGRAM: its processes, by the staged path as command line
count() {
	local p n=0
	for p in $(pgrep -f "^$run/fcgi/$1\.fcgi\$"); do
		[ "$(tr -d '\0' < "/proc/$p/cmdline" 2>/dev/null)" = "$run/fcgi/$1.fcgi" ] && n=$((n + 1))
	done
	echo "$n"
}
# at_least PROGRAM N: it runs N processes or more
at_least() {
	local n
	n=$(count "$1")
	[ "$n" -ge "$2" ] || fail "$1: $n processes, want $2 or more"
}
# unchanged: every program runs as many processes as after the start
unchanged() {
	local p n
	for p in "${programs[@]}"; do
		[ "$p" = "${1:-}" ] && continue
		n=$(count "$p")
		[ "$n" = "${started[$p]}" ] || fail "$p: $n processes, ${started[$p]} before"
	done
}
# none of the programs' processes is left stopped (state T)
none_paused() {
	local p st
	for p in $(pgrep -f "^$run/fcgi/"); do
		st=$(awk '{print $3}' "/proc/$p/stat" 2>/dev/null) || continue
		[ "$st" = T ] && fail "process $p ($(tr -d '\0' < "/proc/$p/cmdline")) is left paused"
	done
}

programs=()
for f in "$run"/fcgi/*.fcgi; do
	# metrics.fcgi is on the metrics listener and not warmed (one process,
	# spawned by Prometheus's first scrape: tools/fcgid_warm.sh)
	[ "$(basename "$f")" = metrics.fcgi ] && continue
	programs+=("$(basename "$f" .fcgi)")
done
[ ${#programs[@]} -ge 17 ] || fail "only ${#programs[@]} programs staged in $run/fcgi"
# (the start's health probes may have grown the simulators already)
declare -A started
for p in "${programs[@]}"; do
	at_least "$p" 3
	started[$p]=$(count "$p")
done
none_paused

# again: nothing to do
$ctl warm 3 >/dev/null 2>&1 || fail "stack.sh warm 3 failed"
unchanged

# one program further, the others untouched
$ctl warm 6 partner-account >/dev/null 2>&1 || fail "stack.sh warm 6 partner-account failed"
at_least partner-account 6
unchanged partner-account
none_paused

# the warm-up's requests reached the programs and were answered, none
# with a 5xx (a program that had its processes already, as the simulators
# after the start's health probes, got none)
log="$run/log/cediramp.log"
got=$(grep -c '"request_id":"fcgid-warm"' "$log")
[ "$got" -ge $((3 * 10)) ] || fail "only $got warm-up requests in the programs' log"
bad=$(grep '"request_id":"fcgid-warm"' "$log" | grep -c '"status":5[0-9][0-9]')
[ "$bad" = 0 ] || fail "$bad warm-up requests answered 5xx"

# the script's refusals
mkdir -p "$tmp/fcgi"
: > "$tmp/fcgi/unknown-program.fcgi"
"$ROOT/tools/fcgid_warm.sh" "$BASE_URL" "$tmp/fcgi" 2 >/dev/null 2>&1
rc=$?
[ "$rc" = 2 ] || fail "a program with no request: exit $rc, want 2"
rm -f "$tmp/fcgi/unknown-program.fcgi"
cp "$run/fcgi/partner-account.fcgi" "$tmp/fcgi/"
"$ROOT/tools/fcgid_warm.sh" "$BASE_URL" "$tmp/fcgi" 2 >/dev/null 2>&1
rc=$?
[ "$rc" = 1 ] || fail "programs no request reaches: exit $rc, want 1"
"$ROOT/tools/fcgid_warm.sh" "$BASE_URL" "$run/fcgi" x >/dev/null 2>&1
rc=$?
[ "$rc" = 2 ] || fail "N not a number: exit $rc, want 2"

$ctl down >/dev/null 2>&1
sleep 0.3
left=$($ctl pids)
[ -z "$left" ] || fail "processes left running after down: $left"
[ "$failed" = 0 ] && echo "fcgid-warm: ok (${#programs[@]} programs at 3 processes or more, partner-account at 6)"
exit "$failed"
