#!/usr/bin/env bash
# `make bench`'s growth rows: does a request cost the same when the tables
# hold a million rows? Called by tools/bench.sh after its own rows, on the
# same database (var/bench; the stack is down when it starts):
#
#   growth.sh BUILD VAR SERVERS N    (e.g. build var/bench "apache lighttpd" 1000000)
#
# with CEDIRAMP_CONF and CEDIRAMP_EXTRA_CONF as bench.sh exports them.
# 1. the small database: tools/bench/grow.sh base gives the two hot
#    callers (the first bench partner and wallet, tools/bench/callers.sh)
#    a full page of everything listed below;
# 2. per server, each list and detail endpoint of both APIs (below) as
#    the hot caller, wrk -t2 at BENCH_CONNECTIONS for BENCH_SECONDS after
#    a 2 s warm-up, the details round 200 of the caller's ids picked at
#    random; and once, cron/reconcile's wall time and peak RSS;
# 3. tools/bench/grow.sh rows N (N payouts, about N ledger entries and N/10
#    webhook deliveries, made by INSERT ... SELECT), then step 2 again,
#    the ids picked afresh (now mostly in the old rows).
# Each row's ratio is its req/s on the grown database ÷ on the small one,
# under the same server; the goal is within 20 % (0.8). Beside it, the
# CPU a request cost the whole stack (every process of it: the web server,
# the programs, MariaDB; user + system time over the run ÷ requests) and
# MariaDB alone, small → grown: what the growth costs, where req/s on a
# shared machine is blurred by whatever else runs (the CPU ratio is read
# as the req/s one: small ÷ grown).
#
# Writes var/bench/growth.md (bench.sh prints it in its report) and
# appends the raw wrk output to var/bench/wrk.txt.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DURATION=${BENCH_SECONDS:-5} CONNS=${BENCH_CONNECTIONS:-16} WARMUP=2 IDS=200
die() { printf 'growth: %s\n' "$*" >&2; exit 1; }
[ $# = 4 ] || die "usage: growth.sh BUILD VAR SERVERS N"
BUILD=$1 VAR=$2 SERVERS=$3 ROWS=$4
[ -d "$VAR/callers" ] || die "$VAR: not the bench's directory (no callers)"
: "${CEDIRAMP_CONF:?}"
bin=$BUILD
case "$bin" in /*) ;; *) bin="$ROOT/$bin" ;; esac
# shellcheck disable=SC1091
. "$ROOT/tools/ports.sh"
lua="$ROOT/tools/bench"
dir="$VAR/growth"
rows="$dir/rows.tsv"  # server, size, label, requests, duration_us, p99_us, errors, db_us, cpu_us
out="$VAR/growth.md"
raw="$VAR/wrk.txt"
rm -rf "$dir"
mkdir -p "$dir"
: > "$rows"

server="" port=0
ctl() {
	"$ROOT/tools/stack.sh" --var "$VAR" --build "$BUILD" --server "${server:-apache}" \
		--port "$port" --bench --no-workers "$@"
}
up() {
	server=$1
	port=$(free_port)
	[ "$port" != 0 ] || die "no free port"
	ctl up >/dev/null
	# shellcheck disable=SC1091
	. "$VAR/sandbox.env"
}
down() { ctl down >/dev/null 2>&1 || true; }
trap down EXIT
sql() { mysql -S "$(sed -n 's/^db\.socket = //p' "$CEDIRAMP_CONF")" -u root -N -B cediramp -e "$1"; }
# Each process of the stack with its CPU so far in clock ticks (utime +
# stime of /proc/PID/stat), "PID TICKS" a line; mariadbd's line first.
cpu_ticks() {
	local p
	for p in $(cat "$VAR/run/mysqld.pid") $(ctl pids 2>/dev/null); do
		[ -r "/proc/$p/stat" ] || continue
		printf '%s ' "$p"
		cut -d')' -f2- "/proc/$p/stat" | awk '{ print $12 + $13 }'
	done 2>/dev/null
}
# cpu_used BEFORE AFTER: "DB_US ALL_US" between two cpu_ticks snapshots
# (a process started between them counts from 0; mariadbd is the first)
cpu_used() {
	awk -v hz="$(getconf CLK_TCK)" 'NR == FNR { t[$1] = $2; next }
	FNR == 1 { db = $2 - t[$1] }
	!seen[$1]++ { all += $2 - ($1 in t ? t[$1] : 0) }
	END { printf "%d %d\n", db * 1e6 / hz, all * 1e6 / hz }' "$1" "$2"
}

key=$(head -n 1 "$VAR/callers/partners") token=$(head -n 1 "$VAR/callers/wallets")
printf '%s\n' "$key" > "$dir/partner"
printf '%s\n' "$token" > "$dir/wallet"
# one period for both statements, around the bench's own rows, the same
# before and after the growth (whose rows are older than 2 hours)
from=$(date -u -d '-1 hour' +%Y-%m-%dT%H:%M:%SZ) to=$(date -u -d '+1 hour' +%Y-%m-%dT%H:%M:%SZ)

# The request files of one database size: FILE per row, `CREDENTIAL PATH`
# a line. Detail rows take IDS of the hot callers' ids at random.
paths() {
	local size=$1 pid uid ep
	read -r pid uid < <("$lua/grow.sh" ids "$dir/partner" "$dir/wallet")
	ep=$(sql "SELECT public_id FROM webhook_endpoints WHERE subject_kind = 'partner'
		AND subject_id = $pid AND url LIKE '%/fill' ORDER BY id LIMIT 1")
	[ -n "$pid" ] && [ -n "$uid" ] && [ -n "$ep" ] || die "the hot callers' rows are missing"
	local d="$dir/$size"
	mkdir -p "$d"
	echo "$key /v1/withdrawals?per_page=25" > "$d/withdrawals"
	sql "SELECT id FROM withdrawals WHERE partner_id = $pid ORDER BY RAND() LIMIT $IDS" |
		sed "s|^|$key /v1/withdrawals/|" > "$d/withdrawal"
	echo "$key /v1/payment-intents?per_page=25" > "$d/intents"
	sql "SELECT id FROM payment_intents WHERE partner_id = $pid ORDER BY RAND() LIMIT $IDS" |
		sed "s|^|$key /v1/payment-intents/|" > "$d/intent"
	echo "$key /v1/webhooks/$ep/deliveries?per_page=25" > "$d/endpoint-log"
	echo "$key /v1/webhook-deliveries?per_page=25" > "$d/log"
	sql "SELECT d.event_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
		WHERE e.public_id = '$ep' ORDER BY RAND() LIMIT $IDS" |
		sed "s|^|$key /v1/webhook-deliveries/|" > "$d/event"
	echo "$key /v1/statements?currency=USDT&from_date=$from&to_date=$to" > "$d/pstatement"
	echo "$token /api/transactions?limit=50" > "$d/transactions"
	sql "SELECT id FROM payouts WHERE user_id = $uid ORDER BY RAND() LIMIT $IDS" |
		sed "s|^|$token /api/transactions/|" > "$d/transaction"
	echo "$token /api/statements?from_date=$from&to_date=$to" > "$d/wstatement"
}

# The rows: request file, label (in the report's order)
ENDPOINTS="withdrawals|GET /v1/withdrawals?per_page=25
withdrawal|GET /v1/withdrawals/{id}
intents|GET /v1/payment-intents?per_page=25
intent|GET /v1/payment-intents/{id}
endpoint-log|GET /v1/webhooks/{id}/deliveries?per_page=25
log|GET /v1/webhook-deliveries?per_page=25
event|GET /v1/webhook-deliveries/{id}
pstatement|GET /v1/statements?currency=USDT (a 2-hour period)
transactions|GET /api/transactions?limit=50
transaction|GET /api/transactions/{id}
wstatement|GET /api/statements (a 2-hour period)"

# measure SIZE: every row under $server, as the hot callers
measure() {
	local size=$1 f label o line kv k v used
	while IFS='|' read -r f label; do
		local requests=0 duration_us=1 p99_us=0 non2xx=0 connect=0 read=0 write=0 timeout=0
		wrk -t2 -c"$CONNS" -d"${WARMUP}s" --timeout 10s -s "$lua/get.lua" "$BASE_URL" \
			-- "$dir/$size/$f" >/dev/null
		printf '== growth %s, %s: %s (c=%s, %ss)\n' "$server" "$size" "$label" "$CONNS" "$DURATION" >> "$raw"
		cpu_ticks > "$dir/cpu0"
		o=$(wrk -t2 -c"$CONNS" -d"${DURATION}s" --timeout 10s --latency -s "$lua/get.lua" \
			"$BASE_URL" -- "$dir/$size/$f")
		cpu_ticks > "$dir/cpu1"
		used=$(cpu_used "$dir/cpu0" "$dir/cpu1")
		printf '%s\n' "$o" >> "$raw"
		line=$(grep '^BENCH ' <<<"$o") || die "wrk printed no BENCH line for $label"
		for kv in ${line#BENCH }; do
			k=${kv%%=*} v=${kv#*=}
			case "$k" in
			requests|duration_us|p99_us|non2xx|connect|read|write|timeout) printf -v "$k" '%s' "$v" ;;
			esac
		done
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$server" "$size" "$label" "$requests" \
			"$duration_us" "$p99_us" "$((non2xx + connect + read + write + timeout))" \
			"${used% *}" "${used#* }" >> "$rows"
		printf '  %-9s %-6s %-52s %8.0f req/s\n' "$server" "$size" "$label" \
			"$(awk -v r="$requests" -v d="$duration_us" 'BEGIN { print r / (d / 1e6) }')" >&2
	done <<<"$ENDPOINTS"
}

# reconcile SIZE: one run, its wall time and peak RSS into $dir/reconcile.tsv
reconcile() {
	local size=$1 t rc=0
	t=$( { /usr/bin/time -f '%e %M' "$bin/cron/reconcile" > "$dir/reconcile-$size.out"; } 2>&1) || rc=$?
	t=$(tail -n 1 <<<"$t")
	printf '%s\t%s\t%s\t%s\n' "$size" "${t% *}" "${t#* }" "$rc" >> "$dir/reconcile.tsv"
	printf '  reconcile %-6s %s s, peak RSS %s KB, exit %s\n' "$size" "${t% *}" "${t#* }" "$rc" >&2
}

servers=($SERVERS)
load_small=$(cut -d' ' -f1-3 /proc/loadavg)
: > "$dir/reconcile.tsv"
up "${servers[0]}"
"$lua/grow.sh" base "$dir/partner" "$dir/wallet" >&2
paths small
for s in "${servers[@]}"; do
	[ "$s" = "$server" ] || { down; up "$s"; }
	measure small
done
reconcile small
printf 'growth: adding %s payouts (tools/bench/grow.sh rows)\n' "$ROWS" >&2
fill=$("$lua/grow.sh" rows "$ROWS" "$dir/partner" "$dir/wallet")
printf '%s\n' "$fill" >&2
reconcile grown
paths grown
load_grown=$(cut -d' ' -f1-3 /proc/loadavg)
for s in "${servers[@]}"; do
	[ "$s" = "$server" ] || { down; up "$s"; }
	measure grown
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
down

{
	printf '\n## Growth: the same requests on a grown database\n\n'
	printf 'The small database is the one the rows above left, plus a full page of everything listed for the two hot callers (the first bench partner and wallet; `tools/bench/grow.sh base`). Then `tools/bench/grow.sh rows %s`: %s. ' "$ROWS" "${fill#grow rows: }"
	printf 'Each row as the hot caller, %s s at c=%s after a %s s warm-up; a detail row rounds %s of the caller'"'"'s ids picked at random. ' "$DURATION" "$CONNS" "$WARMUP" "$IDS"
	printf 'ratio = req/s grown ÷ req/s small under the same server; goal: within 20 %% (≥ 0.8). '
	printf 'CPU µs/req = the CPU (user + system) of every process of the stack (web server, programs, MariaDB) during the run ÷ its requests, and of MariaDB alone (db); CPU ratio = small ÷ grown, read as the req/s one. '
	printf 'A row whose req/s ratio misses while its CPU ratio meets the goal says "met by CPU": the machine'"'"'s load, not the request, changed. '
	printf 'Load average (1, 5, 15 min): %s before, %s at the grown rows, %s after.\n\n' "$load_small" "$load_grown" "$load_end"
	printf '| endpoint | server | req/s small → grown | ratio | CPU µs/req small → grown | CPU ratio | db µs/req small → grown | p99 ms small → grown | goal |\n'
	printf '|---|---|---:|---:|---:|---:|---:|---:|---|\n'
	awk -F'\t' '
	function round(x, p,   f) { f = 10 ^ p; return int(x * f + 0.5) / f }
	{ k = $3 SUBSEP $1; if (!(k in seen)) { seen[k] = 1; order[++n] = k; lab[k] = $3; srv[k] = $1 }
	  rps[k, $2] = $4 / ($5 / 1e6); p99[k, $2] = $6 / 1000; err[k, $2] = $7
	  dbus[k, $2] = $4 > 0 ? $8 / $4 : 0; cpu[k, $2] = $4 > 0 ? $9 / $4 : 0 }
	END {
	  for (i = 1; i <= n; i++) {
	    k = order[i]; s = rps[k, "small"]; g = rps[k, "grown"]
	    r = s > 0 ? round(g / s, 2) : 0
	    c = cpu[k, "grown"] > 0 ? round(cpu[k, "small"] / cpu[k, "grown"], 2) : 0
	    flag = (err[k, "small"] + err[k, "grown"] > 0) ? " ⚠ " err[k, "small"] " / " err[k, "grown"] " failed" : ""
	    printf "| %s%s | %s | %.0f → %.0f | %s | %.0f → %.0f | %s | %.0f → %.0f | %s → %s | %s |\n", lab[k], flag,
	      srv[k], s, g, r, cpu[k, "small"], cpu[k, "grown"], c, dbus[k, "small"], dbus[k, "grown"],
	      round(p99[k, "small"], 1), round(p99[k, "grown"], 1),
	      r >= 0.8 ? "met" : (c >= 0.8 ? "met by CPU" : "missed")
	  }
	}' "$rows"
	awk -F'\t' '
	{ t[$1] = $2; m[$1] = $3; rc[$1] = $4 }
	END {
	  printf "| cron/reconcile: wall time, peak RSS | — | %s s → %s s | %.2f | — | — | RSS %.1f MB → %.1f MB | exit %s → %s | %s |\n",
	    t["small"], t["grown"], (t["grown"] > 0 ? t["small"] / t["grown"] : 0),
	    m["small"] / 1024, m["grown"] / 1024, rc["small"], rc["grown"],
	    (t["grown"] <= 1.25 * t["small"] && m["grown"] <= 1.25 * m["small"]) ? "met" : \
	    ("missed (time); RSS " (m["grown"] <= 1.25 * m["small"] ? "flat" : "grows"))
	}' "$dir/reconcile.tsv"
	printf '\nWhat bounds the rows that miss: docs/performance.md, "Costs as tables grow".\n'
} > "$out"
