#!/usr/bin/env bash
# Bulk rows in the bench stack's database for `make bench`'s growth rows
# (tools/bench/growth.sh), by INSERT ... SELECT (tools/bench/grow.sql),
# never through the API:
#
#   grow.sh base PARTNER_KEY_FILE WALLET_TOKEN_FILE
#       a full page of everything the growth rows list for the two hot
#       callers (the first line of each file): 60 payouts of the wallet, 60
#       withdrawals, 60 payment intents and 60 webhook deliveries of the
#       partner, over the last hour; the small database is this
#   grow.sh rows N PARTNER_KEY_FILE WALLET_TOKEN_FILE
#       N payouts, about N ledger entries and N/10 webhook deliveries (and
#       N/10 payment intents), older than every row there (from 2 hours to
#       30 days back): a tenth of the payouts are the hot wallet's, a tenth
#       the hot partner's withdrawals' (and half of the deliveries its
#       log's), N/1000 each other bench wallet's and partner's, and the rest
#       spread over 1,000 new wallet users and 100 new partners
#   grow.sh ids PARTNER_KEY_FILE WALLET_TOKEN_FILE
#       prints the two hot callers' row ids: PARTNER_ID USER_ID
#
# with CEDIRAMP_CONF (the stack's config: its database socket) in the
# environment. Prints what it made and how long it took.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
die() { printf 'grow: %s\n' "$*" >&2; exit 1; }
: "${CEDIRAMP_CONF:?}"
sock=$(sed -n 's/^db\.socket = //p' "$CEDIRAMP_CONF")
[ -S "$sock" ] || die "no database socket in $CEDIRAMP_CONF"
sql() { mysql -S "$sock" -u root -N -B cediramp "$@"; }

mode=${1:-}
case "$mode" in
ids) [ $# = 3 ] || die "usage: grow.sh ids PARTNER_KEY_FILE WALLET_TOKEN_FILE"; n=0; shift ;;
base) [ $# = 3 ] || die "usage: grow.sh base PARTNER_KEY_FILE WALLET_TOKEN_FILE"; n=0; shift ;;
rows) [ $# = 4 ] || die "usage: grow.sh rows N PARTNER_KEY_FILE WALLET_TOKEN_FILE"; n=$2; shift 2
	[[ $n =~ ^[1-9][0-9]{4,7}$ ]] && [ "$n" -le 10000000 ] || die "N: 10000 to 10000000, not '$n'" ;;
*) die "usage: grow.sh ids|base|rows ..." ;;
esac
key=$(head -n 1 "$1") token=$(head -n 1 "$2")

# The hot partner: its key's id (the 16 characters after the prefix);
# the hot wallet user: its token's subject (the JWT's middle part).
key_id=${key#sk_*_}
key_id=${key_id:0:16}
[[ $key_id =~ ^[A-Za-z0-9]{16}$ ]] || die "$1: not an API key"
hot_partner=$(sql -e "SELECT partner_id FROM api_keys WHERE key_id = '$key_id'")
payload=$(cut -d. -f2 <<<"$token" | tr '_-' '/+')
while [ $((${#payload} % 4)) != 0 ]; do payload="$payload="; done
wallet=$(base64 -d <<<"$payload" 2>/dev/null | sed -n 's/.*"sub":"\(0x[0-9a-fA-F]\{40\}\)".*/\1/p' |
	tr 'A-F' 'a-f')
[ -n "$wallet" ] || die "$2: not a wallet token"
hot_user=$(sql -e "SELECT id FROM users WHERE wallet_id = '$wallet'")
[ -n "$hot_partner" ] && [ -n "$hot_user" ] || die "the hot callers are not in the database"
if [ "$mode" = ids ]; then
	echo "$hot_partner $hot_user"
	exit 0
fi

t0=$(date +%s%N)
# The fill writes a gigabyte of rows and indexes: with the stack's 64 MiB
# buffer pool and 16 MiB redo log every insert would wait on a page read
# or a checkpoint's flush. It runs with 1 GiB of each, and the stack's
# sizes are put back afterwards (pages beyond them evicted), so that the
# rows measured next run as configured.
pool=$(sql -e "SELECT @@GLOBAL.innodb_buffer_pool_size")
redo=$(sql -e "SELECT @@GLOBAL.innodb_log_file_size")
trap 'sql -e "SET GLOBAL innodb_buffer_pool_size = $pool, innodb_log_file_size = $redo" || true' EXIT
[ "$mode" = base ] ||
	sql -e "SET GLOBAL innodb_buffer_pool_size = 1073741824, innodb_log_file_size = 1073741824"
# a run's own mark in its ids and wallet addresses: its start time
nonce=$(date +%s)
if [ "$mode" = base ]; then
	tag="b$nonce" hot_rows=60 hot_deliveries=60 hot_intents=60 bench_rows=0
	filler_users=0 filler_user_rows=0 filler_user_posted=0
	filler_partners=0 filler_partner_rows=0 filler_partner_deliveries=0 filler_partner_intents=0
	t_end="UTC_TIMESTAMP(6) - INTERVAL 1 SECOND" span_s=3600
else
	tag="g$nonce"
	bench_users=$(sql -e "SELECT COUNT(*) FROM users WHERE wallet_id LIKE '0xbe0c%' AND id <> $hot_user")
	bench_partners=$(sql -e "SELECT COUNT(*) FROM partners WHERE name LIKE 'Bench Partner %' AND id <> $hot_partner")
	hot_rows=$((n / 10)) hot_deliveries=$((n / 20)) hot_intents=$((n / 100)) bench_rows=$((n / 1000))
	filler_users=1000 filler_partners=100
	wallet_share=$((n * 6 / 10))
	filler_user_rows=$(((wallet_share - hot_rows - bench_users * bench_rows) / filler_users))
	filler_partner_rows=$(((n - wallet_share - hot_rows - bench_partners * bench_rows) / filler_partners))
	filler_partner_deliveries=$(((n / 10 - hot_deliveries) / filler_partners))
	filler_partner_intents=$(((n / 10 - hot_intents) / filler_partners))
	# entries: 2 per hold and per funding; what is left goes to the fillers
	used=$((2 * 2 * (hot_rows + 1) + 2 * (bench_users + bench_partners) * (bench_rows + 1)))
	filler_user_posted=$(((n - used) / filler_users / 2 - 1))
	[ "$filler_user_posted" -ge 0 ] || filler_user_posted=0
	[ "$filler_user_posted" -le "$filler_user_rows" ] || filler_user_posted=$filler_user_rows
	[ "$filler_partner_deliveries" -le "$filler_partner_rows" ] || die "too few rows per filler partner"
	t_end="UTC_TIMESTAMP(6) - INTERVAL 2 HOUR" span_s=$((30 * 86400))
fi
{
	printf 'SET @tag = %s, @nonce = %s, @hot_user = %s, @hot_partner = %s;\n' \
		"'$tag'" "$nonce" "$hot_user" "$hot_partner"
	printf 'SET @hot_rows = %s, @hot_deliveries = %s, @hot_intents = %s, @bench_rows = %s;\n' \
		"$hot_rows" "$hot_deliveries" "$hot_intents" "$bench_rows"
	printf 'SET @filler_users = %s, @filler_user_rows = %s, @filler_user_posted = %s;\n' \
		"$filler_users" "$filler_user_rows" "$filler_user_posted"
	printf 'SET @filler_partners = %s, @filler_partner_rows = %s, @filler_partner_deliveries = %s, @filler_partner_intents = %s;\n' \
		"$filler_partners" "$filler_partner_rows" "$filler_partner_deliveries" "$filler_partner_intents"
	printf 'SET @t_end = %s, @span_s = %s;\n' "$t_end" "$span_s"
	cat "$ROOT/tools/bench/grow.sql"
} | sql >/dev/null || die "the fill failed (above)"
t1=$(date +%s%N)
# the stack's sizes back, and the server quiet again before anything is
# measured: the pool shrunk and the redo log resized (both done in the
# background after the SET returns), every dirty page written (at full
# speed, then the flushing settings put back)
if [ "$mode" != base ]; then
	flush=$(sql -e "SELECT CONCAT_WS(',', @@GLOBAL.innodb_max_dirty_pages_pct,
		@@GLOBAL.innodb_io_capacity, @@GLOBAL.innodb_io_capacity_max)")
	IFS=, read -r dirty_pct io_cap io_max <<<"$flush"
	sql -e "SET GLOBAL innodb_io_capacity_max = 100000, innodb_io_capacity = 50000,
		innodb_max_dirty_pages_pct = 0"
	sql -e "SET GLOBAL innodb_buffer_pool_size = $pool, innodb_log_file_size = $redo"
	trap - EXIT
	for _ in $(seq 1 300); do
		quiet=$(sql -e "SELECT (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS
			WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_PAGES_DIRTY') < 100
			AND @@GLOBAL.innodb_buffer_pool_size = $pool
			AND (SELECT COALESCE(MAX(VARIABLE_VALUE), '') FROM information_schema.GLOBAL_STATUS
			WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_RESIZE_STATUS') NOT LIKE '%Resizing%'")
		[ "$quiet" = 1 ] && break
		sleep 1
	done
	settled=$(($(date +%s) - t1 / 1000000000))
	sql -e "SET GLOBAL innodb_max_dirty_pages_pct = $dirty_pct, innodb_io_capacity = $io_cap,
		innodb_io_capacity_max = $io_max"
fi
counts=$(sql -e "SELECT CONCAT_WS(' ', (SELECT COUNT(*) FROM payouts), (SELECT COUNT(*) FROM ledger_entries),
	(SELECT COUNT(*) FROM webhook_deliveries), (SELECT COUNT(*) FROM withdrawals),
	(SELECT COUNT(*) FROM payment_intents))")
read -r payouts entries deliveries withdrawals intents <<<"$counts"
printf 'grow %s: now %s payouts, %s ledger entries, %s webhook deliveries, %s withdrawals, %s payment intents (filled in %s ms%s)\n' \
	"$mode" "$payouts" "$entries" "$deliveries" "$withdrawals" "$intents" $(((t1 - t0) / 1000000)) \
	"${settled:+, the server quiet again $settled s later}"
