#!/usr/bin/env bash
# `make bench`'s signer rows (issue 38): conversions a second whose
# transaction is signed and stored, in-process (the signer's own code run
# in the bench's processes with the key opened there: what the web tier did
# while it held the key) and through cediramp-signer's socket (as the web
# programs ask now), on an EVM stack of each key store: the key file and a
# SoftHSM2 token. The goal: through the signer, at least 0.8 of in-process.
#
#   tools/bench/signer.sh --build DIR --out FILE
#
# Each store gets a private stack (tools/stack.sh --chain evm --no-workers,
# var/bench-signer-STORE, free ports of 127.0.0.1), made from nothing and
# removed after its rows (the moves it signs are orphans: no conversion
# owns them). BENCH_SIGNER_MOVES (2000) moves per row over BENCH_SIGNER_CLIENTS
# (4) processes (tests/bench/signer.c). Appends a markdown table to FILE;
# exit 1 when a row signed fewer than it asked (it measured errors).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=build OUT=""
MOVES=${BENCH_SIGNER_MOVES:-2000} CLIENTS=${BENCH_SIGNER_CLIENTS:-4}
while [ $# -gt 0 ]; do
	case "$1" in
	--build) BUILD=$2; shift 2 ;;
	--out) OUT=$2; shift 2 ;;
	*) echo "usage: tools/bench/signer.sh --build DIR --out FILE" >&2; exit 2 ;;
	esac
done
[ -n "$OUT" ] || { echo "signer.sh: --out FILE" >&2; exit 2; }
# shellcheck disable=SC1091
. "$ROOT/tools/ports.sh"
BIN="$ROOT/$BUILD/tests/bench/signer"
rc=0

# The moves a second of a row's lines ("... N signed in S s = ..."): all
# its moves over all its seconds.
rate() {
	awk '{ for (i = 1; i < NF; i++) { if ($(i + 1) == "signed") n += $i; if ($i == "in" && $(i + 2) == "s") s += $(i + 1) } }
		END { if (s > 0) printf "%.0f", n / s }' <<<"$1"
}

{
	echo
	echo "## The signer (issue 38)"
	echo
	echo "Conversions a second whose transaction is signed and stored ($MOVES moves, $CLIENTS clients; nothing broadcast): the signer's own code in-process, and through cediramp-signer's socket. Goal: through the signer at least 0.8 of in-process."
	echo
	echo "| key store | in-process /s | through the signer /s | ratio | goal |"
	echo "|---|---|---|---|---|"
} >> "$OUT"

for store in file pkcs11; do
	var="$ROOT/var/bench-signer-$store"
	ctl=("$ROOT/tools/stack.sh" --var "$var" --build "$BUILD" --port "$(free_port)" --no-workers
		--chain evm --anvil-port "$(free_port)" --signer "$store")
	# from nothing: a stack of an earlier run holds its orphans (the rows
	# sign moves no conversion owns), which the signer would fill meanwhile
	"${ctl[@]}" down >/dev/null 2>&1 || true
	"${ctl[@]}" purge >/dev/null 2>&1 || true
	rm -rf "${var:?}"
	# the policy's minute is no limit here: the rows sign thousands a minute
	CEDIRAMP_EXTRA_SIGNER_CONF="signer.max_signatures_per_minute = 1000000" \
		"${ctl[@]}" up > "$ROOT/var/bench-signer-$store.up.log" 2>&1 ||
		{ echo "signer.sh: the $store stack did not start (var/bench-signer-$store.up.log)" >&2; exit 1; }
	trap '"${ctl[@]}" down >/dev/null 2>&1 || true' EXIT
	run="/run/cediramp-$(printf '%s' "$var" | md5sum | cut -c1-12)"
	[ "$(id -u)" = 0 ] || run="/tmp/cediramp-$(printf '%s' "$var" | md5sum | cut -c1-12)"
	sconf="$run/signer/signer.conf"
	home="/var/tmp/cediramp-signer-$(printf '%s' "$var" | md5sum | cut -c1-12)"
	as=()
	[ "$(id -u)" = 0 ] && as=(setpriv --reuid=cediramp-signer --regid=cediramp-signer --clear-groups)
	# in-process: as the signer's user, whose key it is (the binary copied
	# where that user can run it)
	cp "$BIN" "$run/signer/bench-signer"
	[ "$(id -u)" = 0 ] && chown cediramp-signer: "$run/signer/bench-signer"
	# through the signer: as one of the uids it answers (us); its config
	# is the stack's, which names the socket. The two take turns, half
	# the moves each time, first one then the other first: each signature
	# reads what the day and the minute signed before it, so neither row
	# gets the emptier tables.
	lines_in="" lines_sig=""
	for order in "in sig" "sig in"; do
		for mode in $order; do
			if [ "$mode" = in ]; then
				lines_in+=$("${as[@]}" env CEDIRAMP_CONF="$sconf" \
					SOFTHSM2_CONF="$home/softhsm2.conf" "$run/signer/bench-signer" \
					in-process $((MOVES / 2)) "$CLIENTS")$'\n' || rc=1
			else
				lines_sig+=$(CEDIRAMP_CONF="$var/cediramp.conf" "$BIN" signer \
					$((MOVES / 2)) "$CLIENTS")$'\n' || rc=1
			fi
		done
	done
	printf '%s%s' "$lines_in" "$lines_sig"
	in=$(rate "$lines_in")
	sig=$(rate "$lines_sig")
	ratio=$(awk -v a="${sig:-0}" -v b="${in:-0}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
	met=$(awk -v r="$ratio" 'BEGIN { print (r != "-" && r >= 0.8) ? "met" : "missed" }')
	echo "| $store | ${in:--} | ${sig:--} | $ratio | ≥ 0.8: $met |" >> "$OUT"
	"${ctl[@]}" down >/dev/null 2>&1 || true
	"${ctl[@]}" purge >/dev/null 2>&1 || true
	rm -rf "${var:?}"
	trap - EXIT
done
exit $rc
