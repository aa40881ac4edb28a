#!/usr/bin/env bash
# Spawns cediramp's FastCGI processes under Apache + mod_fcgid ahead of
# traffic (decision 68): brings each program to at least N processes, so
# that N requests of one program at once each find a free process instead
# of waiting a whole second. Run it after Apache starts and after every
# reload (a graceful restart stops every FastCGI process); tools/stack.sh
# runs it after each start of the private stack (--warm N).
#
#   fcgid_warm.sh [--connect-to HOST:PORT] BASE_URL PROGRAM_DIR N [PROGRAM...]
#
# BASE_URL   cediramp's virtual host (http://127.0.0.1:PORT, or its public
#            https://NAME with --connect-to the address Apache listens on
#            here): mod_fcgid keeps the processes of each virtual host
#            apart, so the requests must reach that one. They carry no
#            credentials and change nothing (most answer 401, a few are
#            public reads; X-Request-Id: fcgid-warm in the programs' log)
# PROGRAM_DIR  where mod_fcgid runs the programs from (CEDIRAMP_BIN): a
#            program's processes are the ones whose command line is its path
# PROGRAM    names without .fcgi (default: every *.fcgi in PROGRAM_DIR)
#
# Why not just N requests at once: mod_fcgid spawns a process only for a
# request that found no free process of its program, slept a second and
# again found none. Ours answer within milliseconds, so by then one is
# free again and the pool stops short of N (hello-world under 16
# connections stayed at 12 processes, its requests still sleeping a
# second each). So each round pauses the program's processes (SIGSTOP)
# while N requests arrive: the first ones are handed the paused processes,
# the rest sleep, wake to find every process still busy, and each gets a
# new one; then the paused ones continue (SIGCONT, also on any exit) and
# answer theirs. At most 5 rounds per program, all programs at once. It
# must run as root or as the web server's user (to signal the processes),
# on the host of that Apache, before traffic arrives: a request handed a
# paused process waits for the round (about a second).
#
# Prints one line per program it could not bring to N. Exit status 0 when
# every program routed here has N processes or more (a program that has
# none after one request is not routed by this server, e.g. simulators.fcgi
# outside a sandbox: skipped); 1 otherwise, or when no program at all was
# reached (not cediramp's virtual host?); 2 on bad arguments or a program
# this script has no request for.
set -uo pipefail

ROUNDS=5
die() { printf 'fcgid_warm: %s\n' "$*" >&2; exit 2; }
connect=()
if [ "${1:-}" = --connect-to ]; then
	[[ ${2:-} =~ ^[^:]+:[0-9]+$ ]] || die "--connect-to HOST:PORT"
	connect=(--connect-to "::$2")
	shift 2
fi
[ $# -ge 3 ] || die "usage: fcgid_warm.sh [--connect-to HOST:PORT] BASE_URL PROGRAM_DIR N [PROGRAM...]"
base=${1%/} dir=${2%/} n=$3
shift 3
[[ $base =~ ^https?://[^/]+$ ]] || die "BASE_URL: scheme, host and port only, not '$base'"
[ -d "$dir" ] || die "no directory $dir"
if ! [[ $n =~ ^[0-9]{1,3}$ ]] || [ "$n" -gt 256 ]; then die "N: 0 to 256 processes, not '$n'"; fi
[ "$n" -gt 0 ] || exit 0

# warm_path PROGRAM: a request that reaches PROGRAM and changes nothing
# (apache-conf/cediramp.conf routes each URL group to one program)
warm_path() {
	case "$1" in
	wallet-convert) echo /api/convert/rate ;;
	wallet-transactions) echo /api/transactions ;;
	wallet-mobile_money) echo /api/beneficiaries ;;
	wallet-users) echo /api/users/kyc ;;
	wallet-sandbox) echo /api/sandbox/faucet ;;
	wallet-service) echo /api/openapi.json ;;
	partner-service) echo /v1/supported-networks ;;
	partner-account) echo /v1/limits ;;
	partner-rates) echo /v1/rates ;;
	partner-withdrawals) echo /v1/withdrawals ;;
	partner-transactions) echo /v1/transactions ;;
	partner-payment_intents) echo /v1/payment-intents ;;
	partner-webhooks) echo /v1/webhooks ;;
	partner-sandbox) echo /v1/sandbox/deposits ;;
	partner-providers) echo /v1/providers/paystack/webhook ;;
	console) echo /console/api/session ;;
	simulators) echo /sim/momo/health ;;
	fallback) echo /v1/fcgid-warm ;;
	hello) echo /bench/hello ;; # make bench's yardstick (tests/bench/hello.c)
	*) return 1 ;;
	esac
}

programs=("$@")
if [ ${#programs[@]} = 0 ]; then
	for f in "$dir"/*.fcgi; do
		# metrics.fcgi is on the metrics listener, not BASE_URL: one
		# process, spawned by the first scrape, is all it needs
		[ "$(basename "$f")" = metrics.fcgi ] && continue
		[ -f "$f" ] && programs+=("$(basename "$f" .fcgi)")
	done
fi
[ ${#programs[@]} -gt 0 ] || die "no *.fcgi in $dir"
for p in "${programs[@]}"; do
	[ -f "$dir/$p.fcgi" ] || die "no program $dir/$p.fcgi"
	warm_path "$p" >/dev/null || die "$p: no request for it here; add one to warm_path"
done
curl -s -o /dev/null --max-time 10 "${connect[@]}" "$base/" ||
	{ echo "fcgid_warm: no answer from $base" >&2; exit 1; }

# the pids of PROGRAM's processes: exactly its path as command line
pids_of() {
	local re
	re=$(printf '%s' "$dir/$1.fcgi" | sed 's/[][\.*^$+?(){}|]/\\&/g')
	pgrep -x -f -- "$re"
}
count_of() { pids_of "$1" | grep -c .; }

# requests COUNT PROGRAM: COUNT requests for PROGRAM at once
requests() {
	local i url args=()
	url="$base$(warm_path "$2")"
	for ((i = 0; i < $1; i++)); do args+=(-o /dev/null "$url"); done
	curl -s --no-progress-meter --max-time 30 -H 'X-Request-Id: fcgid-warm' "${connect[@]}" \
		--parallel --parallel-immediate --parallel-max "$1" "${args[@]}" 2>/dev/null
}

# warm PROGRAM: its rounds; prints a line when it ends short of n, exits
# 3 when the program is not routed through $base
warm() {
	local p=$1 have paused r t load
	have=$(count_of "$p")
	if [ "$have" = 0 ]; then
		# no process at all: mod_fcgid spawns one at once, no sleep
		requests 1 "$p"
		have=$(count_of "$p")
		[ "$have" = 0 ] && return 3
	fi
	for ((r = 1; r <= ROUNDS && have < n; r++)); do
		paused=$(pids_of "$p" | tr '\n' ' ')
		# shellcheck disable=SC2086 # a list of pids
		trap 'kill -CONT '"$paused"' 2>/dev/null' EXIT
		# shellcheck disable=SC2086
		kill -STOP $paused 2>/dev/null || { echo "fcgid_warm: $p: cannot pause its processes (run as root or the web server's user)"; return 1; }
		requests "$n" "$p" &
		load=$!
		# the sleepers wake after a second and each gets its process
		for ((t = 0; t < 30; t++)); do
			sleep 0.1
			[ "$(count_of "$p")" -ge "$n" ] && break
		done
		# shellcheck disable=SC2086
		kill -CONT $paused 2>/dev/null
		trap - EXIT
		wait "$load"
		have=$(count_of "$p")
	done
	if [ "$have" -lt "$n" ]; then
		echo "fcgid_warm: $p: $have processes after $ROUNDS rounds, not $n (FcgidMaxProcesses or FcgidMaxProcessesPerClass reached?)"
		return 1
	fi
}

jobs=()
for p in "${programs[@]}"; do
	warm "$p" &
	jobs+=("$!")
done
rc=0 routed=0
for j in "${jobs[@]}"; do
	wait "$j"
	case $? in
	0) routed=$((routed + 1)) ;;
	3) ;; # not routed here
	*) routed=$((routed + 1)) rc=1 ;;
	esac
done
if [ "$routed" = 0 ]; then
	echo "fcgid_warm: no program of $dir answered through $base (not cediramp's virtual host?)"
	exit 1
fi
exit $rc
