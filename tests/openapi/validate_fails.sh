#!/bin/sh
# The response validation fails when the contract and the answers part
# (issue 23): tools/openapi/validate.mjs on a recording of the integration
# suite (RECORDING, e.g. var/test-logs/responses-apache.jsonl) passes with
# the specs as they are, and fails, naming the fault, on a copy of a spec
# with a response field renamed, a status dropped, or a header the
# programs never send made required. Prints `ok - NAME` / `not ok - NAME`;
# exit 1 on a failure.
set -u
rec=${1:?usage: validate_fails.sh RECORDING}
root=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/openapi-validate.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0

# A copy of both specs, with node's edit (JS on the parsed spec `s`) of one.
copy() {
	cp "$root/openapi/wallet.yaml" "$root/openapi/partner.yaml" "$tmp/" &&
	{ [ -z "${2:-}" ] || node "$root/tools/openapi/edit.mjs" "$tmp/$1" "$2"; }
}

# case NAME EXPECTED-RC WANT-TEXT: the validator on the copy.
case_() {
	out=$(cd "$root" && node tools/openapi/validate.mjs --quiet \
	    --spec "$tmp/wallet.yaml" --spec "$tmp/partner.yaml" "$rec" 2>&1); rc=$?
	if [ "$rc" -eq "$2" ] && printf '%s\n' "$out" | grep -qF -- "$3"; then
		echo "ok - $1"
	else
		echo "not ok - $1 (exit $rc, want $2 and \"$3\"):"
		printf '%s\n' "$out" | head -20; fail=1
	fi
}

copy wallet.yaml && case_ "the specs as they are describe every answer" 0 " 0 undocumented"

# a handler renaming `available` would send a field the spec does not have,
# and lack one it requires
copy wallet.yaml "const b = s.components.schemas.Balance;
	b.properties.availableBalance = b.properties.available; delete b.properties.available;
	b.required = b.required.map((k) => k === 'available' ? 'availableBalance' : k)" &&
	case_ "a renamed wallet field fails the run" 1 \
	    "must NOT have additional properties: available"
copy partner.yaml "const w = s.components.schemas.Withdrawal;
	w.properties.reference = w.properties.reference_id; delete w.properties.reference_id;
	w.required = w.required.map((k) => k === 'reference_id' ? 'reference' : k)" &&
	case_ "a renamed partner field fails the run" 1 \
	    "must have required property 'reference'"
copy partner.yaml "delete s.paths['/v1/withdrawals/{id}'].get.responses['404']" &&
	case_ "an undocumented status fails the run" 1 \
	    "GET /v1/withdrawals/{id}; test"
copy wallet.yaml "s.components.headers.RetryAfter.required = true;
	s.components.responses.Unauthorized.headers['Retry-After'] = { \$ref: '#/components/headers/RetryAfter' }" &&
	case_ "a required header the answer lacks fails the run" 1 \
	    "header Retry-After is missing"
copy partner.yaml "s.paths['/v1/balances'].get.responses['200'].content = { 'text/plain': { schema: { type: 'string' } } }" &&
	case_ "an undocumented Content-Type fails the run" 1 \
	    "Content-Type application/json is not documented (text/plain)"
exit $fail
