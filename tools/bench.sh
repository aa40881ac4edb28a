#!/usr/bin/env bash
# `make bench`: every endpoint under load, under Apache + mod_fcgid and then
# lighttpd, each next to a hello-world FastCGI program measured in the same
# run (tests/bench/hello.c, /bench/hello). Numbers, not assertions: compare
# runs by eye. But a row with failed requests (an answer above 399, a
# socket error) is flagged with what failed, and one where more than 1% of
# the requests failed makes the exit status 1: it measured errors.
#
#   tools/bench.sh [--build DIR] [--server apache|lighttpd]   (default: both)
#
# One private stack in var/bench (tools/stack.sh --bench --no-workers, on a
# free port of 127.0.0.1; nothing else is called), its database kept from
# one server to the next. First the callers are made
# (tools/bench/callers.sh): BENCH_CALLERS (64) partners and as many wallets,
# funded, each wallet with a verified beneficiary and 51 rows of history.
# Then, per server, each row is wrk -t2 for BENCH_SECONDS (5) after a 2 s
# warm-up and a second's pause, at BENCH_CONNECTIONS (16) connections, or
# BENCH_HIGH_CONNECTIONS (64) for the rows that look at the worst case (is
# any request over 1 s?), with a wrk script of tools/bench/:
#   many callers  every request from the next of the 64 partners or wallets
#   hot caller    every request from the one seeded partner / wallet
# the console's rows (sign-in, its Argon2id the cost: logins per second;
# the overview's session and balances; the withdrawals list, beside
# GET /v1/withdrawals), each from the callers' console users (one per
# partner, signed in once first: a session each);
# and the step row: BENCH_IDLE_SECONDS (10) without a request, then
# GET /v1/limits at BENCH_HIGH_CONNECTIONS at once, with no warm-up (what
# a burst meets after a quiet spell: Apache stops no idle process,
# decision 68; lighttpd queues a burst on its programs' sockets); then the
# payouts worker (BENCH_PAYOUTS processing payouts made by the
# transfer row's script, settled by one copy of cron/payouts, then again
# by four at once (BENCH_PAYOUT_COPIES, "1 4"): its status
# queries go to the MoMo simulator through the server under test), and
# last the webhook delivery worker (tests/bench/webhooks,
# BENCH_WEBHOOK_EVENTS events), which involves no web server. Each row is
# shown beside its goal of issue 25, met or missed. Then the growth rows
# (tools/bench/growth.sh): the list and detail endpoints and reconcile
# again after BENCH_ROWS (1,000,000; 0: none) more payouts, a section of
# its own in the report. Then the signer's rows (tools/bench/signer.sh):
# conversions signed a second in-process and through cediramp-signer, on
# the key file and on SoftHSM2.
#
# Under Apache, mod_fcgid makes a request that finds no free process of its
# program sleep a whole second: the stack starts with every program warmed
# to BENCH_CONNECTIONS processes, and the two programs measured at
# BENCH_HIGH_CONNECTIONS (hello, partner-account) are warmed to that, as
# docs/operations.md tells production to (decision 68).
#
# The cron workers do not run during the rows (the stack starts without
# them; the rates worker runs once before each server's rows so that quotes
# find fresh rates): the rows measure the request path alone.
#
# Writes var/bench/results.md (printed at the end), the raw wrk output in
# var/bench/wrk.txt, the stack's logs in var/bench/log/.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=build SERVERS="apache lighttpd"
DURATION=${BENCH_SECONDS:-5} CONNS=${BENCH_CONNECTIONS:-16}
HIGH=${BENCH_HIGH_CONNECTIONS:-64} CALLERS=${BENCH_CALLERS:-64}
EVENTS=${BENCH_WEBHOOK_EVENTS:-10000} PAYOUTS=${BENCH_PAYOUTS:-10000} WARMUP=2
IDLE=${BENCH_IDLE_SECONDS:-10}
PAYOUT_COPIES=${BENCH_PAYOUT_COPIES:-1 4}
GROW_ROWS=${BENCH_ROWS:-1000000} # the growth rows (tools/bench/growth.sh); 0: none
while [ $# -gt 0 ]; do
	case "$1" in
	--build) BUILD=$2; shift 2 ;;
	--server) SERVERS=$2; shift 2 ;;
	*) echo "bench: unknown option $1" >&2; exit 2 ;;
	esac
done
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
for v in DURATION CONNS HIGH CALLERS EVENTS PAYOUTS IDLE; do
	[[ ${!v} =~ ^[1-9][0-9]{0,6}$ ]] || die "$v: a positive whole number, not '${!v}'"
done
[[ $GROW_ROWS = 0 || ($GROW_ROWS =~ ^[1-9][0-9]{4,7}$ && $GROW_ROWS -le 10000000) ]] ||
	die "BENCH_ROWS: 0 (no growth rows) or 10000 to 10000000, not '$GROW_ROWS'"
for v in $PAYOUT_COPIES; do
	[[ $v =~ ^[1-9][0-9]?$ ]] || die "BENCH_PAYOUT_COPIES: whole numbers 1..99, not '$v'"
done
for s in $SERVERS; do
	case "$s" in apache|lighttpd) ;; *) die "--server apache|lighttpd" ;; esac
done
command -v wrk >/dev/null || die "no wrk; run make bench (it installs it) or apt-get install wrk"
bin=$BUILD
case "$bin" in /*) ;; *) bin="$ROOT/$bin" ;; esac
[ -x "$bin/fcgi-bench/hello.fcgi" ] || die "no $bin/fcgi-bench/hello.fcgi; run make"
# shellcheck disable=SC1091
. "$ROOT/tools/ports.sh"

var="$ROOT/var/bench"
lua="$ROOT/tools/bench"
server="" port=0
ctl() {
	"$ROOT/tools/stack.sh" --var "$var" --build "$BUILD" --server "${server:-apache}" \
		--port "$port" --bench --no-workers --warm "$CONNS" "$@"
}
ctl down >/dev/null 2>&1 || true # a bench that died before its trap
rm -rf "$var"
mkdir -p "$var"
trap 'ctl down >/dev/null 2>&1' EXIT
# Limits high enough that the benchmark measures the work, not 429s.
export CEDIRAMP_EXTRA_CONF="ratelimit.quotes = 100000000/3600
ratelimit.general = 100000000/3600
ratelimit.convert = 100000000/3600
ratelimit.payouts = 100000000/3600
ratelimit.beneficiaries = 100000000/3600
ratelimit.partner_minute = 100000000/60
ratelimit.partner_day = 100000000/86400
ratelimit.console_signin = 100000000/60
http.public_limit_per_address = 100000000/60"
export CEDIRAMP_CONF="$var/cediramp.conf"

raw="$var/wrk.txt"     # wrk's own output of every timed run
rows="$var/rows.tsv"   # one line per row, for the report
notes="$var/notes.txt" # what a flagged row's requests answered
: > "$raw"
: > "$rows"
: > "$notes"
started=$(date -u '+%Y-%m-%d %H:%M UTC')
# what is measured: the commit, and whether the tree differed from it
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$ROOT" --no-optional-locks status --porcelain 2>/dev/null)" ]; then
	commit="$commit (with uncommitted changes)"
fi

# The programs' log (one JSON line per request, with its status): where it
# is while the stack runs.
program_log() { sed -n 's/^log\.file = //p' "$CEDIRAMP_CONF"; }
web_log() { if [ "$server" = apache ]; then echo "$var/log/httpd-error.log"; else echo "$var/log/lighttpd.log"; fi; }
size_of() { stat -c %s "$1" 2>/dev/null || echo 0; }

# row LABEL MODE CONNECTIONS PATH SCRIPT FILE [WARM-UP]
# One timed wrk run (after a warm-up of WARM-UP seconds, $WARMUP unless
# given; 0: none) of SCRIPT with FILE's callers at $BASE_URL$PATH; its
# numbers go to $rows. A run with failed requests gets a note: what the
# programs' log says they answered (status counts by program and path) and
# the web server's last complaints.
nrow=0
row() {
	local label=$1 mode=$2 c=$3 path=$4 script=$5 file=$6 warm=${7:-$WARMUP}
	local url="$BASE_URL$path" out line kv k val plog wlog poff woff
	local requests=0 duration_us=1 p50_us=0 p99_us=0 max_us=0 non2xx=0 connect=0 read=0 write=0 timeout=0
	nrow=$((nrow + 1))
	if [ "$warm" -gt 0 ]; then
		wrk -t2 -c"$c" -d"${warm}s" --timeout 10s -s "$lua/$script" "$url" \
			-- "$file" "$server-w$nrow" >/dev/null
		# wrk leaves with up to c requests in flight, which the server
		# still answers: measured at once, twice c requests would meet
		# c processes (under mod_fcgid, a second's sleep for some)
		sleep 1
	fi
	plog=$(program_log) wlog=$(web_log)
	poff=$(size_of "$plog") woff=$(size_of "$wlog")
	printf '== %s: %s %s (%s, c=%s, %ss)\n' "$server" "$label" "$mode" "$server" "$c" "$DURATION" >> "$raw"
	out=$(wrk -t2 -c"$c" -d"${DURATION}s" --timeout 10s --latency -s "$lua/$script" "$url" \
		-- "$file" "$server-m$nrow")
	printf '%s\n' "$out" >> "$raw"
	line=$(grep '^BENCH ' <<<"$out") || die "wrk printed no BENCH line for $label (see $raw)"
	for kv in ${line#BENCH }; do
		k=${kv%%=*} val=${kv#*=}
		[[ $val =~ ^[0-9]+$ ]] || die "wrk: bad $kv"
		case "$k" in
		requests|duration_us|p50_us|p99_us|max_us|non2xx|connect|read|write|timeout) printf -v "$k" '%s' "$val" ;;
		esac
	done
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$server" "$label" "$mode" "$c" \
		"$requests" "$duration_us" "$p50_us" "$p99_us" "$max_us" "$non2xx" \
		"$((connect + read + write + timeout))" >> "$rows"
	printf '  %-9s %-58s %-10s c=%-3s %8.0f req/s  p99 %s ms  max %s ms%s\n' "$server" "$label" "$mode" "$c" \
		"$(awk -v r="$requests" -v d="$duration_us" 'BEGIN { print r / (d / 1e6) }')" \
		"$(awk -v u="$p99_us" 'BEGIN { printf "%.1f", u / 1000 }')" \
		"$(awk -v u="$max_us" 'BEGIN { printf "%.1f", u / 1000 }')" \
		"$( [ $((non2xx + connect + read + write + timeout)) -gt 0 ] && echo "  ERRORS: $non2xx non-2xx, $((connect + read + write + timeout)) socket errors")" >&2
	if [ $((non2xx + connect + read + write + timeout)) -gt 0 ]; then
		{
			printf -- '- **%s, %s (%s, c=%s)**: %s of %s requests answered 4xx/5xx; socket errors: connect %s, read %s, write %s, timeout %s.\n' \
				"$server" "$label" "$mode" "$c" "$non2xx" "$requests" "$connect" "$read" "$write" "$timeout"
			printf '  Answers above 399 in the programs'"'"' log during the run (count program method path status):\n'
			tail -c +"$((poff + 1))" "$plog" 2>/dev/null |
				sed -n 's/.*"program":"\([^"]*\)".*"method":"\([^"]*\)","path":"\([^"]*\)","status":\([0-9]*\).*/\1 \2 \3 \4/p' |
				awk '$4 >= 400' | sort | uniq -c | sort -rn | head -n 6 | sed 's/^ */      /'
			printf '  The web server'"'"'s log during the run (last lines):\n'
			tail -c +"$((woff + 1))" "$wlog" 2>/dev/null | tail -n 3 | cut -c1-300 | sed 's/^/      /'
		} >> "$notes"
	fi
}

# A session of each console user of LOGINS ("EMAIL PASSWORD" lines) into
# SESSIONS, a "cookie=ID" line each, for the console's rows.
console_sessions() {
	local logins=$1 out=$2 email password sid
	: > "$out"
	while read -r email password; do
		sid=$(curl -sS --max-time 10 -D - -o /dev/null -H 'Content-Type: application/json' \
			-H "Origin: $BASE_URL" -d "{\"email\":\"$email\",\"password\":\"$password\"}" \
			"$BASE_URL/console/api/session" |
			sed -n 's/^Set-Cookie: __Host-cediramp_session=\([^;]*\);.*/\1/p') ||
			die "console sign-in of $email failed"
		[ -n "$sid" ] || die "console sign-in of $email: no session"
		printf 'cookie=%s\n' "$sid" >> "$out"
	done < "$logins"
}

# metrics_set on|off N: the web server's programs' metrics.dir as the
# stack wrote it, or empty (metrics off), in the config of the runtime
# directory; partner-account's processes are then started again (a
# program reads metrics.dir when it starts) and warmed to N.
metrics_set() {
	local run conf dir
	run=$(dirname "$(dirname "$(program_log)")")
	conf="$run/cediramp.conf"
	dir=$(sed -n 's/^metrics\.dir = //p' "$CEDIRAMP_CONF")
	[ -n "$dir" ] || die "no metrics.dir in $CEDIRAMP_CONF"
	if [ "$1" = off ]; then
		sed -i 's|^metrics\.dir = .*|metrics.dir =|' "$conf"
	else
		sed -i "s|^metrics\\.dir =.*|metrics.dir = $dir|" "$conf"
	fi
	pkill -f "^$run/fcgi/partner-account.fcgi" || true
	for _ in $(seq 1 50); do
		pgrep -f "^$run/fcgi/partner-account.fcgi" >/dev/null || break
		sleep 0.1
	done
	fcgid_ready partner-account /v1/limits
	ctl warm "$2" partner-account
	sleep 2 # the last spawns settle before the row's own warm-up
}

# fcgid_ready PROGRAM PATH: waits (at most 3 minutes) until PATH answers
# from PROGRAM again. mod_fcgid refuses to start a program's process
# while its spawn score is over FcgidSpawnScoreUpLimit (128;
# apache-conf/cediramp.conf): each process started or ended adds 1, and
# the score falls by 1 a second, so right after metrics_set has ended and
# started a few dozen processes the next ones must wait. (lighttpd starts
# its fixed pool at once.)
fcgid_ready() {
	local code
	for _ in $(seq 1 180); do
		code=$(curl -s -o /dev/null -w '%{http_code}' "$BASE_URL$2" || true)
		case "$code" in 2??|4??) return 0 ;; esac
		sleep 1
	done
	die "$1 did not answer $2 for 3 minutes after its restart"
}

# One server's rows, then the webhook worker's.
server_rows() {
	local many_p="$var/callers/partners" many_w="$var/callers/wallets"
	local payees="$var/callers/payees" hot_p="$var/hot-partner" hot_w="$var/hot-wallet"
	local many="many ($CALLERS)" hot="hot (1)" wh
	printf '%s\n' "$PARTNER_API_KEY" > "$hot_p"
	printf '%s\n' "$WALLET_JWT" > "$hot_w"
	# fresh rates for the quote rows (rates.max_age_seconds is 300)
	"$bin/cron/rates" >> "$var/log/workers.log" 2>&1 || die "the rates worker failed; see $var/log/workers.log"
	# the programs of the rows at $HIGH connections, warmed to that (the
	# stack warmed every program to $CONNS; a no-op under lighttpd)
	ctl warm "$HIGH" hello partner-account

	# hello-world through the same script as the many-callers rows (it
	# ignores the Authorization header), so the client does the same work
	row 'GET /bench/hello (hello-world FastCGI)' "—" "$CONNS" /bench/hello get.lua "$many_p"
	row 'GET /bench/hello (hello-world FastCGI)' "—" "$HIGH" /bench/hello get.lua "$many_p"
	row 'GET /v1/health' "—" "$CONNS" /v1/health get.lua "$many_p"
	row 'GET /v1/limits' "$many" "$CONNS" /v1/limits get.lua "$many_p"
	row 'GET /v1/limits' "$hot" "$CONNS" /v1/limits get.lua "$hot_p"
	row 'GET /v1/rates?from_currency=USDT&to_currency=GHS&amount=100' "$many" "$CONNS" \
		'/v1/rates?from_currency=USDT&to_currency=GHS&amount=100' get.lua "$many_p"
	row 'GET /v1/rates?from_currency=USDT&to_currency=GHS&amount=100' "$hot" "$CONNS" \
		'/v1/rates?from_currency=USDT&to_currency=GHS&amount=100' get.lua "$hot_p"
	row 'GET /api/convert/rate?from=USDT&to=GHS&amount=100' "$many" "$CONNS" \
		'/api/convert/rate?from=USDT&to=GHS&amount=100' get.lua "$many_w"
	row 'GET /api/convert/rate?from=USDT&to=GHS&amount=100' "$hot" "$CONNS" \
		'/api/convert/rate?from=USDT&to=GHS&amount=100' get.lua "$hot_w"
	row 'GET /api/transactions?limit=50' "$many" "$CONNS" '/api/transactions?limit=50' get.lua "$many_w"
	row 'POST /api/mobile-money/transfer (5.00 GHS)' "$many" "$CONNS" \
		/api/mobile-money/transfer transfer.lua "$payees"
	row 'POST /v1/withdrawals (1 USDT)' "$many" "$CONNS" /v1/withdrawals withdraw.lua "$many_p"
	row 'GET /v1/withdrawals' "$many" "$CONNS" /v1/withdrawals get.lua "$many_p"
	# the console (issue 36): sign-in (Argon2id: logins per second), the
	# overview's session and balances, and the withdrawals list, which
	# should stay within 0.8 of GET /v1/withdrawals just above; each
	# console user signed in once first, its session a line of the file
	console_sessions "$var/callers/console_logins" "$var/callers/console_sessions"
	row 'POST /console/api/session (sign-in)' "$many" "$CONNS" /console/api/session signin.lua \
		"$var/callers/console_logins"
	row 'GET /console/api/session (overview)' "$many" "$CONNS" /console/api/session get.lua \
		"$var/callers/console_sessions"
	row 'GET /console/api/balances (overview)' "$many" "$CONNS" /console/api/balances get.lua \
		"$var/callers/console_sessions"
	row 'GET /console/api/withdrawals' "$many" "$CONNS" /console/api/withdrawals get.lua \
		"$var/callers/console_sessions"
	# what the metrics cost (issue 37: within 3%): GET /v1/limits with the
	# programs' metrics off, then on, twice over (off, on, off, on: a drift
	# of the machine's load weighs on both sides alike)
	# (warmed to the rows' connections: restarting $HIGH processes four
	# times would pass mod_fcgid's spawn limit; fcgid_ready)
	for _ in 1 2; do
		metrics_set off "$CONNS"
		row 'GET /v1/limits (metrics off)' "$many" "$CONNS" /v1/limits get.lua "$many_p"
		metrics_set on "$CONNS"
		row 'GET /v1/limits (metrics on)' "$many" "$CONNS" /v1/limits get.lua "$many_p"
	done
	# back to $HIGH processes for the rows at $HIGH connections, once
	# mod_fcgid starts processes again
	fcgid_ready partner-account /v1/limits
	ctl warm "$HIGH" partner-account
	# the step: a quiet spell, then the burst at once (no warm-up)
	sleep "$IDLE"
	row "GET /v1/limits, ${IDLE} s idle then c=$HIGH at once" "$many" "$HIGH" /v1/limits get.lua "$many_p" 0

	for copies in $PAYOUT_COPIES; do
		payouts_row "$copies"
	done

	# Webhook delivery: tests/bench/webhooks writes EVENTS events for a
	# partner of its own whose endpoint is a receiver on 127.0.0.1, then
	# times one run of the real worker ($BUILD/cron/webhooks --until-idle)
	# delivering them, and fails when fewer than EVENTS arrive. No cron
	# loop runs (--no-workers; stopped again to be sure), so the timed run
	# does the work alone.
	ctl workers-stop
	printf '== %s: webhooks: %s events, one webhooks --until-idle run\n' "$server" "$EVENTS" >> "$raw"
	wh=$("$bin/tests/bench/webhooks" "$EVENTS" "$bin/cron/webhooks") ||
		die "the webhook delivery bench failed: $wh"
	printf '%s\n' "$wh" >> "$raw"
	printf '  %-9s %s\n' "$server" "$wh" >&2
	[[ $wh =~ =\ ([0-9]+)\ deliveries/s ]] || die "webhooks: unexpected output: $wh"
	wh_run=$((wh_run + 1))
	printf '%s\twebhook delivery: cron/webhooks --until-idle, %s events to a 127.0.0.1 receiver (no web server involved; run %s on this database)\tworker\t—\t%s\tD\t\t\t\t0\t0\n' \
		"$server" "$EVENTS" "$wh_run" "${BASH_REMATCH[1]}" >> "$rows"
}

# sql STATEMENT: one value from the stack's database (its root over the
# private socket)
sql() { mysql -S "$(sed -n 's/^db\.socket = //p' "$CEDIRAMP_CONF")" -u root -N -B cediramp -e "$1"; }

# The payouts worker: settled payouts per second, for COPIES copies of
# cron/payouts at once (they share the work through SKIP LOCKED claims, as
# copies started by cron on several hosts would). Untimed first, the worker
# clears what the rows left (withdrawals, their conversions and payouts;
# the simulators settle at once for this); then transfers are made with the
# transfer row's script until PAYOUTS payouts wait in processing, all due;
# then the copies run, each again until none waits (a run stops after
# 50 s), timed from their start to the last one's exit.
payouts_row() {
	local copies=$1 waiting done0 done1 t0 t1 k=0 due rate i pids=()
	"$bin/tools/cediramp-admin" sim set momo.settle_seconds 0 >/dev/null
	"$bin/tools/cediramp-admin" sim set chain.confirm_seconds 0 >/dev/null
	"$bin/cron/payouts" >> "$var/log/workers.log" 2>&1 || true
	"$bin/cron/payouts" >> "$var/log/workers.log" 2>&1 || true
	while waiting=$(sql "SELECT COUNT(*) FROM payouts WHERE status = 'processing'") &&
		[ "$waiting" -lt "$PAYOUTS" ]; do
		k=$((k + 1))
		[ "$k" -le 40 ] || die "payouts: only $waiting processing payouts after $k transfer runs"
		wrk -t2 -c"$CONNS" -d5s --timeout 10s -s "$lua/transfer.lua" \
			"$BASE_URL/api/mobile-money/transfer" -- "$var/callers/payees" "$server-p$copies-$k" >/dev/null
	done
	due=$(sql "SELECT GREATEST(0, CEIL(TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(6), MAX(next_check_at)) / 1e6)) FROM payouts WHERE status = 'processing'")
	sleep "${due:-0}"
	done0=$(sql "SELECT COUNT(*) FROM payouts WHERE status IN ('completed', 'failed')")
	printf '== %s: payouts: %s processing payouts, %s cron/payouts copies until none waits\n' \
		"$server" "$waiting" "$copies" >> "$raw"
	t0=$(date +%s%N)
	for ((i = 0; i < copies; i++)); do
		(
			runs=0
			while [ "$(sql "SELECT COUNT(*) FROM payouts WHERE status = 'processing'")" -gt 0 ]; do
				runs=$((runs + 1))
				[ "$runs" -le 20 ] || exit 1
				"$bin/cron/payouts" >> "$var/log/workers.log" 2>&1 || exit 1
			done
		) &
		pids+=("$!")
	done
	for i in "${pids[@]}"; do
		wait "$i" || die "payouts: a worker copy failed or left payouts after 20 runs; see the programs' log"
	done
	t1=$(date +%s%N)
	done1=$(sql "SELECT COUNT(*) FROM payouts WHERE status IN ('completed', 'failed')")
	[ "$((done1 - done0))" -ge "$PAYOUTS" ] || die "payouts: $((done1 - done0)) settled, fewer than $PAYOUTS"
	rate=$(((done1 - done0) * 1000000000 / (t1 - t0)))
	printf 'payouts: %s payouts settled in %s ms by %s copies = %s settlements/s\n' \
		"$((done1 - done0))" "$(((t1 - t0) / 1000000))" "$copies" "$rate" | tee -a "$raw" | sed "s/^/  $server   /" >&2
	printf '%s\tpayouts worker: %s cron/payouts at once, %s processing payouts settled from the simulator'"'"'s status (through %s)\tworker\t—\t%s\tD\t\t\t\t0\t0\n' \
		"$server" "$copies" "$((done1 - done0))" "$server" "$rate" >> "$rows"
}

first=1 wh_run=0
declare -A load_at
for server in $SERVERS; do
	load_at[$server]=$(cut -d' ' -f1-3 /proc/loadavg)
	port=$(free_port)
	[ "$port" != 0 ] || die "no free port"
	printf 'bench: %s on 127.0.0.1:%s\n' "$server" "$port" >&2
	ctl up >/dev/null
	# shellcheck disable=SC1091
	. "$var/sandbox.env"
	[ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE_URL/bench/hello")" = 200 ] ||
		die "$server: /bench/hello does not answer 200"
	if [ "$first" = 1 ]; then
		t0=$(date +%s)
		BASE_URL=$BASE_URL ADMIN="$bin/tools/cediramp-admin" \
			"$lua/callers.sh" "$var/callers" "$CALLERS"
		setup_s=$(($(date +%s) - t0))
		printf 'bench: %s partners and %s wallets made in %s s\n' "$CALLERS" "$CALLERS" "$setup_s" >&2
		first=0
	fi
	server_rows
	load_at[$server]="${load_at[$server]} before, $(cut -d' ' -f1-3 /proc/loadavg) after"
	ctl down >/dev/null
done
# The growth rows: the list and detail endpoints and reconcile on this
# database, then again after BENCH_ROWS more payouts (its own section of
# the report, var/bench/growth.md)
rm -f "$var/growth.md"
if [ "$GROW_ROWS" != 0 ]; then
	"$lua/growth.sh" "$BUILD" "$var" "$SERVERS" "$GROW_ROWS"
fi
# The signer's rows (tools/bench/signer.sh): conversions signed a second,
# in-process and through cediramp-signer, on the key file and on SoftHSM2
# (their own EVM stacks; BENCH_SIGNER=0: none)
rm -f "$var/signer.md"
signer_rc=0
if [ "${BENCH_SIGNER:-1}" != 0 ]; then
	"$lua/signer.sh" --build "$BUILD" --out "$var/signer.md" || signer_rc=1
fi

# The report: one table per server, each row's throughput as a ratio to
# that server's hello-world at the same number of connections, and the
# goal of issue 25 for the rows that have one, met (✓) or missed (✗).
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
out="$var/results.md"
{
	printf '# cediramp benchmark\n\n'
	printf '%s · commit %s · nproc %s · CPU %s\n\n' "$started" "$commit" "$(nproc)" "${cpu:-unknown}"
	printf 'wrk -t2, %s s per row after a %s s warm-up, on the same machine as the servers and MariaDB; ' \
		"$DURATION" "$WARMUP"
	printf 'no cron worker running. Modes: many = each request from the next of %s partners (API keys) or wallets (tokens); ' "$CALLERS"
	printf 'hot = every request from the one seeded partner or wallet (the callers were made in %s s). ' "$setup_s"
	printf 'ratio = req/s ÷ the hello-world FastCGI program'"'"'s req/s under the same server at the same c, in this run. '
	printf 'p50/p99/max: wrk'"'"'s latency of the requests that completed. ⚠ = some requests failed: that row measured errors too. '
	printf 'goal: issue 25'"'"'s target for the row, ✓ met or ✗ missed in this run (a row with more than 1%% failed requests misses it). '
	printf 'The step row: %s s without a request, then c=%s at once with no warm-up.\n' "$IDLE" "$HIGH"
	for server in $SERVERS; do
		case "$server" in
		apache) printf '\n## Apache 2.4 + mod_fcgid\n\n' ;;
		lighttpd) printf '\n## lighttpd 1.4 + mod_fastcgi\n\n' ;;
		esac
		printf 'Load average (1, 5, 15 min) %s this table'"'"'s runs.\n\n' "${load_at[$server]}"
		awk -F'\t' -v want="$server" -v high="$HIGH" '
		# x rounded to p places, as text (awk arithmetic; no formatted strings)
		function round(x, p,   f) { f = 10 ^ p; return int(x * f + 0.5) / f }
		function ms(us) { us /= 1000; return us < 10 ? round(us, 2) : us < 100 ? round(us, 1) : round(us, 0) }
		# the goal of row i (issue 25): "t" no request over 1 s, "r:X" a
		# ratio of X or more, "s:X" X or more a second, "" none
		function goal(i) {
		  if (label[i] ~ /^GET \/bench\/hello/ || label[i] ~ / idle then c=/) return "t"
		  if (label[i] == "GET /v1/limits" && c[i] == high) return "t"
		  if (mode[i] ~ /^hot/) return ""
		  if (label[i] == "GET /v1/health" || label[i] == "GET /v1/limits") return "r:0.5"
		  if (label[i] ~ /^GET \/v1\/rates/) return "r:0.35"
		  if (label[i] ~ /^GET \/api\/transactions/) return "r:0.3"
		  if (label[i] ~ /^POST \/api\/mobile-money\/transfer/) return "r:0.1"
		  if (label[i] ~ /^POST \/v1\/withdrawals/) return "r:0.15"
		  if (label[i] ~ /^payouts worker: 4 / || label[i] ~ /^webhook delivery/) return "s:2000"
		  if (label[i] == "GET /v1/limits (metrics on)" && on_seen == 2) return "m:0.97"
		  return ""
		}
		# goal(i) as the table shows it, with its mark (counted in met, set)
		function goal_cell(i, ratio,   g, x, ok) {
		  g = goal(i)
		  if (g == "") return "—"
		  x = substr(g, 3)
		  if (g == "t") ok = mx[i] <= 1000000
		  else if (g ~ /^m:/) ok = off_sum > 0 && on_sum >= (x + 0) * off_sum
		  else if (g ~ /^r:/) ok = ratio != "—" && ratio + 0 >= x + 0
		  else ok = req[i] + 0 >= x + 0
		  if (dur[i] != "D" && (bad[i] + sock[i]) * 100 > req[i]) ok = 0
		  set++; met += ok
		  if (g == "t") g = "none over 1 s"
		  else if (g ~ /^m:/) g = "both on rows ≥ " x " × both off rows"
		  else if (g ~ /^r:/) g = "≥ " x
		  else g = "≥ 2,000/s"
		  return g (ok ? " ✓" : " ✗")
		}
		$1 != want { next }
		{ n++; label[n] = $2; mode[n] = $3; c[n] = $4; req[n] = $5; dur[n] = $6
		  p50[n] = $7; p99[n] = $8; mx[n] = $9; bad[n] = $10; sock[n] = $11
		  if ($6 != "D") { rps[n] = $5 / ($6 / 1e6)
		    if ($2 ~ /^GET \/bench\/hello/) hello[$4] = rps[n] } }
		END {
		  print "| endpoint | mode | c | req/s | p50 ms | p99 ms | max ms | ratio | goal | errors |"
		  print "|---|---|---:|---:|---:|---:|---:|---:|---|---|"
		  for (i = 1; i <= n; i++) {
		    if (dur[i] == "D") {
		      printf "| %s | %s | — | %s %s/s | — | — | — | — | %s | — |\n", label[i], mode[i], req[i],
		        (label[i] ~ /^payouts/ ? "settlements" : "deliveries"), goal_cell(i, "—")
		      continue
		    }
		    # the metrics rows sums so far (read by the goal of the second on row)
		    if (label[i] == "GET /v1/limits (metrics off)") off_sum += rps[i]
		    if (label[i] == "GET /v1/limits (metrics on)") { on_sum += rps[i]; on_seen++ }
		    ratio = hello[c[i]] > 0 ? round(rps[i] / hello[c[i]], 2) : "—"
		    err = "—"
		    if (bad[i] + sock[i] > 0)
		      err = "⚠ " bad[i] " non-2xx, " sock[i] " socket errors (" \
		        round(100 * (bad[i] + sock[i]) / (req[i] > 0 ? req[i] : 1), 2) "%)"
		    maxs = ms(mx[i])
		    if (mx[i] > 1000000) maxs = maxs " ⚠ over 1 s"
		    printf "| %s%s | %s | %s | %.0f | %s | %s | %s | %s | %s | %s |\n", (err == "—" ? "" : "⚠ "),
		      label[i], mode[i], c[i], rps[i], ms(p50[i]), ms(p99[i]), maxs, ratio, goal_cell(i, ratio), err
		  }
		  printf "\nGoals met: %d of %d.\n", met, set
		}' "$rows"
	done
	if [ -s "$var/growth.md" ]; then
		cat "$var/growth.md"
	fi
	if [ -s "$var/signer.md" ]; then
		cat "$var/signer.md"
	fi
	if [ -s "$notes" ]; then
		printf '\n## Rows with errors\n\n'
		cat "$notes"
	fi
	printf '\nRaw wrk output: var/bench/wrk.txt; the stack'"'"'s logs: var/bench/log/.\n'
} > "$out"
echo
cat "$out"
echo
echo "results in $out"
if [ "$signer_rc" != 0 ]; then
	echo "bench: a signer row signed fewer moves than it asked (it measured errors)" >&2
	exit 1
fi
if [ -s "$notes" ]; then
	echo "bench: some rows had failed requests (flagged ⚠ above)" >&2
	# more than 1% of a row's requests: that row measured errors
	if awk -F'\t' '$6 != "D" && ($10 + $11) * 100 > $5 { bad = 1 } END { exit !bad }' "$rows"; then
		echo "bench: more than 1% of a row's requests failed" >&2
		exit 1
	fi
fi
