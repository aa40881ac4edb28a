#!/usr/bin/env bash
# A checkout that runs from anywhere: copies what a stack needs (the
# scripts, the web server templates, the schema, the build's programs) into
# a fresh 0700 directory from mktemp -d, which the web user cannot enter,
# starts the stack there on a free port with each server in turn, and checks
# that GET /v1/health and an authenticated GET /v1/limits answer 200, that
# the programs run fresh copies of the build's (staged on every up) as the
# web user, and that after `down` no process of it is left, its runtime
# directory is gone and no sanitizer report was written.
#
# With --galera N, instead: an N-node Galera cluster from that directory.
# Its nodes' MariaDB runs as mysql (root), which cannot enter the checkout
# either: each node's data lives outside it (tools/stack.sh, DBHOME), the
# nodes after the first join by a whole copy (rsync SST), HAProxy answers
# /v1/health and /v1/limits, a partner created through the last node is
# on every node, and after `down` and `purge` no process and no DBHOME is
# left.
#
#   tests/stack/private_dir.sh [--build DIR] [--servers "apache lighttpd"]
#   tests/stack/private_dir.sh [--build DIR] --galera N
#
# One line per server; exit status 0 when every check passed. Run by
# tools/test.sh, which counts it as one test.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=build SERVERS="apache lighttpd" GALERA=0
while [ $# -gt 0 ]; do
	case "$1" in
	--build) BUILD=$2; shift 2 ;;
	--servers) SERVERS=$2; shift 2 ;;
	--galera) GALERA=$2; shift 2 ;;
	*) echo "private_dir: unknown option $1" >&2; exit 2 ;;
	esac
done
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
[ -x "$BUILD/tools/cediramp-admin" ] || { echo "private_dir: nothing built in $BUILD" >&2; exit 2; }

WEB_USER=$(id -un)
[ "$(id -u)" = 0 ] && WEB_USER=www-data

dir=$(mktemp -d) || exit 1
chmod 700 "$dir"
co="$dir/checkout"
b="$co/$(basename "$BUILD")" # keeps the -asan suffix: the stack reads it
ctl=""
# shellcheck disable=SC2317 # (run by the trap)
cleanup() {
	[ -n "$ctl" ] && $ctl down >/dev/null 2>&1 && $ctl purge >/dev/null 2>&1
	rm -rf "$dir"
}
trap cleanup EXIT
mkdir -p "$co" "$b"
cp -a "$ROOT/tools" "$ROOT/apache-conf" "$ROOT/schema" "$co/"
cp -a "$BUILD/fcgi" "$BUILD/tools" "$BUILD/docs" "$BUILD/console" "$b/"

fail() { echo "private-dir $server: $*"; failed=1; ok=0; }

# the point of the test: the web user cannot reach the checkout
if [ "$WEB_USER" != "$(id -un)" ] &&
	setpriv --reuid="$WEB_USER" --regid="$WEB_USER" --clear-groups test -x "$co" 2>/dev/null; then
	echo "private-dir: $WEB_USER can enter $co; the test proves nothing"
	exit 1
fi

# shellcheck source=tools/ports.sh
. "$ROOT/tools/ports.sh"
# shellcheck source=tools/sanitizer.sh
. "$ROOT/tools/sanitizer.sh"

# The cluster: one stack of N nodes, checked as the top of this file says.
galera() {
	local n=$1 port i cnt first="" homes="" h left
	server="cluster"
	ok=1
	port=$(free_port)
	ctl="$co/tools/stack.sh --var $co/var --build $b --port $port --no-workers --galera $n"
	ctl="$ctl --web-ports $(free_port),$(free_port) --galera-port-base $(galera_port_base "$n")"
	if ! out=$($ctl up 2>&1); then
		fail "cluster did not start:"
		echo "$out"
		for i in $(seq 1 "$n"); do
			for f in "$co/var/node$i/log/mysqld.log" "$co/var/node$i/log/mysql-install.log"; do
				[ -s "$f" ] && { echo "--- $f"; tail -20 "$f"; }
			done
		done
		return
	fi
	# shellcheck disable=SC1091
	. "$co/var/sandbox.env"
	code=$(curl -s -o /dev/null -w '%{http_code}' "$BASE_URL/v1/health")
	[ "$code" = 200 ] || fail "GET /v1/health through HAProxy: $code, want 200"
	code=$(curl -s -o /dev/null -w '%{http_code}' \
		-H "Authorization: Bearer $PARTNER_API_KEY" "$BASE_URL/v1/limits")
	[ "$code" = 200 ] || fail "GET /v1/limits with the sandbox key: $code, want 200"
	# each node's data outside the checkout, its server as the node user
	for i in $(seq 1 "$n"); do
		h=$(readlink -f "$co/var/node$i/mysql")
		case "$h" in "$dir"/*) fail "node $i's data is in the checkout ($h)" ;; esac
		homes="$homes ${h%/mysql}"
		if [ "$(id -u)" = 0 ]; then
			u=$(ps -o user= -p "$(cat "$co/var/node$i/mysql/mysqld.pid" 2>/dev/null)" 2>/dev/null)
			[ "$u" = mysql ] || fail "node $i's mariadbd runs as '${u:-nobody}', want mysql"
		fi
	done
	# a partner made through the last node is on every node
	CEDIRAMP_CONF="$co/var/node$n/cediramp.conf" "$b/tools/cediramp-admin" \
		partner create --name "Private Dir Cluster Co" --quiet >/dev/null ||
		fail "partner create through node $n failed"
	for i in $(seq 1 "$n"); do
		cnt=$(mariadb --defaults-file="$co/var/node$i/my.cnf" -uroot -Nse \
			"SET SESSION wsrep_sync_wait = 1; SELECT COUNT(*) FROM cediramp.partners" 2>&1)
		[ -z "$first" ] && first=$cnt
		[ "$cnt" = "$first" ] && [ "$cnt" -ge 2 ] 2>/dev/null ||
			fail "node $i holds $cnt partners, node 1 $first (want the same, 2 or more)"
	done
	$ctl down >/dev/null 2>&1
	$ctl purge >/dev/null 2>&1
	sleep 0.3
	left=$($ctl pids)
	if [ -n "$left" ]; then
		fail "processes left running after down:"
		for p in $left; do ps -o pid=,user=,args= -p "$p"; done
	fi
	for h in $homes; do
		[ -e "$h" ] && fail "$h is still there after purge"
	done
	ctl=""
	[ "$ok" = 1 ] && echo "private-dir cluster: ok ($n nodes from $co, 0700; data in$homes)"
}

failed=0
if [ "$GALERA" != 0 ]; then
	galera "$GALERA"
	exit "$failed"
fi

for server in $SERVERS; do
	ok=1
	port=$(free_port)
	ctl="$co/tools/stack.sh --var $co/var --build $b --server $server --port $port --no-workers"
	if ! out=$($ctl up 2>&1); then
		fail "stack did not start:"
		echo "$out"
		for f in "$co"/var/log/httpd-error.log "$co"/var/log/lighttpd.log; do
			[ -s "$f" ] && { echo "--- $f"; tail -20 "$f"; }
		done
		$ctl down >/dev/null 2>&1
		continue
	fi
	# shellcheck disable=SC1091
	. "$co/var/sandbox.env"
	run=$(sed -n 's|^log.file = \(.*\)/log/cediramp.log$|\1|p' "$co/var/cediramp.conf")
	code=$(curl -s -o /dev/null -w '%{http_code}' "$BASE_URL/v1/health")
	[ "$code" = 200 ] || fail "GET /v1/health: $code, want 200"
	code=$(curl -s -o /dev/null -w '%{http_code}' \
		-H "Authorization: Bearer $PARTNER_API_KEY" "$BASE_URL/v1/limits")
	[ "$code" = 200 ] || fail "GET /v1/limits with the sandbox key: $code, want 200"
	# the programs run the staged copies, as the web user
	n=0
	for p in $($ctl pids); do
		exe=$(readlink "/proc/$p/exe" 2>/dev/null) || continue
		case "$exe" in
		"$run"/fcgi/*) n=$((n + 1))
			u=$(stat -c %U "/proc/$p" 2>/dev/null) || continue
			[ "$u" = "$WEB_USER" ] || fail "$exe runs as $u, want $WEB_USER" ;;
		"$co"/*/fcgi/*) fail "$exe runs from the checkout, not the runtime directory" ;;
		esac
	done
	[ "$n" -gt 0 ] || fail "no FastCGI program runs from the runtime directory $run"
	# staged afresh on every up: the build's programs, not an older copy
	# (the loop below changes one between servers)
	for f in "$b"/fcgi/*.fcgi; do
		cmp -s "$f" "$run/fcgi/${f##*/}" || fail "$run/fcgi/${f##*/} is not $f"
	done
	$ctl down >/dev/null 2>&1
	sleep 0.3
	left=$($ctl pids)
	if [ -n "$left" ]; then
		fail "processes left running after down:"
		for p in $left; do ps -o pid=,user=,args= -p "$p"; done
	fi
	[ -n "$run" ] && [ -e "$run" ] && fail "the runtime directory $run is still there after down"
	for f in "$co"/var/log/asan.* "$co"/var/log/ubsan.*; do
		sanitizer_check "$f" "private-dir $server: sanitizer report" && { failed=1; ok=0; }
	done
	[ "$ok" = 1 ] && echo "private-dir $server: ok ($co, 0700; runtime $run)"
	# "rebuild" a program: trailing bytes do not change what it does
	printf '\n' >> "$b/fcgi/fallback.fcgi"
done
ctl=""
exit "$failed"
