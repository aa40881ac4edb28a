#!/usr/bin/env bash
# The callers of `make bench`'s many-callers mode, made against a running
# sandbox stack (tools/bench.sh runs it once, after the first `up`):
#
#   callers.sh DIR N
#
# with CEDIRAMP_CONF (the stack's var/cediramp.conf), ADMIN (the build's
# cediramp-admin) and BASE_URL (its sandbox.env) in the environment, and
# rate limits high enough for the calls below (bench.sh's CEDIRAMP_EXTRA_CONF).
# Writes, one line per caller, in DIR:
#   partners   N partner API keys (enterprise tier, each with the sandbox's
#              10,000 USDT), for the /v1 rows and POST /v1/withdrawals
#   wallets    N wallet tokens (valid an hour), for the /api rows
#   payees     "TOKEN BENEFICIARY_ID" of the same N wallets, for
#              POST /api/mobile-money/transfer
# Each wallet is enterprise tier (so the bench's payouts stay far below its
# daily limit), holds about 7,500 GHS from one confirmed conversion of 500
# USDT, has one verified MTN beneficiary, and has 51 rows of history (that
# conversion and 50 payouts of 5.00 GHS to the beneficiary), so that
# GET /api/transactions?limit=50 answers full pages.
#
#   callers.sh wallet I DIR   (internal: sets up wallet I; run in parallel)
#
# Talks to 127.0.0.1 only (BASE_URL). Exits non-zero, saying which call
# failed and what it answered, when any caller could not be made.
set -euo pipefail

die() { printf 'callers: %s\n' "$*" >&2; exit 1; }
: "${CEDIRAMP_CONF:?}" "${ADMIN:?}" "${BASE_URL:?}"
case "$BASE_URL" in http://127.0.0.1:*) ;; *) die "BASE_URL must be http://127.0.0.1:PORT" ;; esac

HISTORY=50 # payouts per wallet, on top of its funding conversion

# wallet id of caller I: 0x and 40 hex digits, distinct from the seeded wallet
wallet_id() { printf '0xbe0c%036x' "$1"; }

# curl_json NAME EXPECTED_STATUS CURL_ARGS...: the body of a call that must
# answer EXPECTED_STATUS (a regex), or exits saying what it answered.
curl_json() {
	local name=$1 want=$2 out code
	shift 2
	out=$(curl -sS --max-time 30 -w '\n%{http_code}' "$@") || die "$name: curl failed"
	code=${out##*$'\n'}
	out=${out%$'\n'*}
	[[ $code =~ ^($want)$ ]] || die "$name: HTTP $code: ${out:0:300}"
	printf '%s' "$out"
}

# json_str NAME: the string value of "NAME" in the JSON on stdin (the last
# one if several; our answers are compact and these values hold no quotes),
# or fails when there is none.
json_str() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p" | grep .; }

one_wallet() {
	local i=$1 dir=$2 w tok h j='Content-Type: application/json' q qid cv st bn phone k codes
	w=$(wallet_id "$i")
	tok=$("$ADMIN" token mint --wallet "$w" --ttl 3600) || die "token mint $w failed"
	"$ADMIN" user tier "$w" enterprise >/dev/null || die "user tier $w failed"
	h="Authorization: Bearer $tok"
	curl_json "faucet ($w)" 200 -H "$h" -H "$j" -d '{"asset":"USDT","amount":"1000"}' \
		"$BASE_URL/api/sandbox/faucet" >/dev/null
	q=$(curl_json "quote ($w)" 200 -H "$h" "$BASE_URL/api/convert/rate?from=USDT&to=GHS&amount=500")
	qid=$(json_str quoteId <<<"$q")
	cv=$(curl_json "convert ($w)" 201 -H "$h" -H "$j" -H "X-Idempotency-Key: bench-fund-$i" \
		-d "{\"quoteId\":\"$qid\",\"amount\":\"500\",\"from\":\"USDT\"}" \
		"$BASE_URL/api/convert/usdt-to-ghs" | json_str conversionId)
	# chain.confirm_seconds is 0 (below): confirmed at once; 202 while not yet
	for k in $(seq 1 50); do
		st=$(curl_json "confirm ($w)" '200|202' -H "$h" -H "$j" -H "X-Idempotency-Key: bench-confirm-$i-$k" \
			-d "{\"conversionId\":\"$cv\"}" "$BASE_URL/api/convert/confirm" | json_str status)
		[ "$st" = completed ] && break
		sleep 0.2
	done
	[ "$st" = completed ] || die "confirm ($w): $cv still $st"
	# an ordinary number (no magic last three digits): the account exists
	# and any name verifies; payouts to it succeed
	phone=$(printf '+23324%04d567' "$i")
	bn=$(curl_json "verify ($w)" 201 -H "$h" -H "$j" \
		-d "{\"provider\":\"MTN\",\"phone\":\"$phone\",\"accountName\":\"Bench Wallet $i\"}" \
		"$BASE_URL/api/mobile-money/verify" | json_str beneficiaryId)
	# the history: HISTORY payouts over one connection (curl --next)
	local args=()
	for k in $(seq 1 "$HISTORY"); do
		[ "$k" -gt 1 ] && args+=(--next)
		args+=(-sS --max-time 30 -o /dev/null -w '%{http_code}\n' -H "$h" -H "$j"
			-H "X-Idempotency-Key: bench-history-$i-$k"
			-d "{\"beneficiaryId\":\"$bn\",\"amount\":\"5.00\",\"currency\":\"GHS\",\"reference\":\"history\"}"
			"$BASE_URL/api/mobile-money/transfer")
	done
	codes=$(curl "${args[@]}" | sort | uniq -c | tr -s ' ' | tr '\n' ',')
	[ "$codes" = " $HISTORY 201," ] || die "history payouts ($w): answered${codes%,} (want $HISTORY x 201)"
	printf '%s\n' "$tok" > "$dir/w.$i.token"
	printf '%s %s\n' "$tok" "$bn" > "$dir/w.$i.payee"
}

if [ "${1:-}" = wallet ]; then
	one_wallet "$2" "$3"
	exit 0
fi

[ $# = 2 ] || die "usage: callers.sh DIR N"
dir=$1 n=$2
[[ $n =~ ^[1-9][0-9]{0,2}$ ]] || die "N: 1 to 999 callers"
mkdir -p "$dir/parts"
rm -f "$dir"/parts/*
"$ADMIN" sim set chain.confirm_seconds 0 >/dev/null

# Partners: four admin processes at a time, each key in a file of its own.
export ADMIN
# shellcheck disable=SC2016 # expanded by the sh -c, from its arguments
seq 1 "$n" | xargs -P4 -I{} sh -c \
	'"$ADMIN" partner create --name "Bench Partner $1" --tier enterprise --quiet > "$2/parts/p.$1.key"' \
	_ {} "$dir" || die "partner create failed"
# Wallets: eight at a time (each mostly waits on its own requests).
seq 1 "$n" | xargs -P8 -I{} "$0" wallet {} "$dir/parts" || die "a wallet could not be set up (above)"

: > "$dir/partners"
: > "$dir/wallets"
: > "$dir/payees"
for i in $(seq 1 "$n"); do
	cat "$dir/parts/p.$i.key" >> "$dir/partners"
	cat "$dir/parts/w.$i.token" >> "$dir/wallets"
	cat "$dir/parts/w.$i.payee" >> "$dir/payees"
done
# a console user for each partner (the console rows: sign-in, then each
# one's session), its password the same for all
: > "$dir/console_logins"
for i in $(seq 1 "$n"); do
	pt=$("$ADMIN" partner verify-key < "$dir/parts/p.$i.key") || die "partner $i: its key does not verify"
	printf 'bench-console-password\n' | "$ADMIN" console user add --partner "$pt" \
		--email "bench-$i@console.bench.test" --role owner >/dev/null ||
		die "partner $i: console user add failed"
	printf 'bench-%s@console.bench.test bench-console-password\n' "$i" >> "$dir/console_logins"
done
for f in partners wallets payees; do
	[ "$(grep -c . "$dir/$f")" = "$n" ] || die "$dir/$f: not $n callers"
done
rm -rf "$dir/parts"
