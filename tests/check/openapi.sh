#!/bin/sh
# The tests of make check's route rule (tools/openapi/routes.mjs): on a
# copy of the specs and the route tables, a served route the spec lacks
# fails it, and so does a spec operation no program serves; the copy as
# it is passes; and a spec naming a source file fails no_sources.sh.
# Prints `ok - NAME` / `not ok - NAME`; exit 1 on a failure.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/openapi-check.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0

# A fresh copy, then node's edit of one spec (JS on the parsed spec `s`).
copy() {
	rm -rf "$tmp/c" && mkdir -p "$tmp/c/fcgi" "$tmp/c/openapi" &&
	cp -R "$root/fcgi/wallet" "$root/fcgi/partner" "$root/fcgi/console" "$tmp/c/fcgi/" &&
	cp "$root/openapi/wallet.yaml" "$root/openapi/partner.yaml" "$root/openapi/console.yaml" \
	    "$tmp/c/openapi/" &&
	{ [ -z "${2:-}" ] || node "$root/tools/openapi/edit.mjs" "$tmp/c/openapi/$1" "$2"; }
}

# case NAME EXPECTED-RC WANT-LINE: runs the rule on the copy.
case_() {
	out=$(cd "$tmp/c" && node "$root/tools/openapi/routes.mjs" 2>&1); rc=$?
	if [ "$rc" -eq "$2" ] && { [ -z "$3" ] || printf '%s\n' "$out" | grep -qF "$3"; }; then
		echo "ok - $1"
	else
		echo "not ok - $1 (exit $rc, want $2: $out)"; fail=1
	fi
}

copy wallet.yaml && case_ "the specs as they are match the route tables" 0 ""
copy wallet.yaml "delete s.paths['/api/balances']" &&
	case_ "a served route the wallet spec lacks fails" 1 \
	    "openapi/wallet.yaml: lacks GET /api/balances (served by fcgi/wallet)"
copy partner.yaml "s.paths['/v1/refunds'] = { post: { responses: {} } }" &&
	case_ "a partner spec path no program serves fails" 1 \
	    "openapi/partner.yaml: describes POST /v1/refunds, which no program serves"
copy partner.yaml "delete s.paths['/v1/withdrawals/{id}'].get" &&
	case_ "one method of a path missing fails" 1 \
	    "openapi/partner.yaml: lacks GET /v1/withdrawals/{id}"

# The specs name no source file (tools/openapi/no_sources.sh).
copy partner.yaml
if (cd "$tmp/c" && "$root/tools/openapi/no_sources.sh" .) >/dev/null 2>&1; then
	echo "ok - the specs as they are name no source file"
else
	echo "not ok - the specs as they are name a source file"; fail=1
fi
printf '      # answered by lib/http/resp.c\n' >>"$tmp/c/openapi/partner.yaml"
out=$(cd "$tmp/c" && "$root/tools/openapi/no_sources.sh" . 2>&1); rc=$?
if [ "$rc" -eq 1 ] && printf '%s\n' "$out" | grep -qF "openapi/partner.yaml:"; then
	echo "ok - a spec naming lib/... fails"
else
	echo "not ok - a spec naming lib/... fails (exit $rc: $out)"; fail=1
fi
exit $fail
