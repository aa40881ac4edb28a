#!/usr/bin/env bash
# leak_check.sh ENV_FILE... -- FILE...: fails when one of FILEs (the
# programs' log after a whole integration pass, the last scrape of
# /metrics) holds a secret: any value of the ENV_FILEs' secret variables
# (var/secrets.env: keys, passwords, tokens; var/sandbox.env: the partner's
# secret key, the wallet's token, the console's password), or anything
# shaped like one (a secret API key, a webhook secret, a JWT, a PEM key).
# Issue 37: no secret, key or document content in a log line or a metric.
set -euo pipefail

envs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
[ "${1:-}" = -- ] || { echo "usage: leak_check.sh ENV_FILE... -- FILE..." >&2; exit 2; }
shift
[ $# -gt 0 ] || { echo "leak_check: no file to check" >&2; exit 2; }

# the values: every variable but those safe to show (addresses, URLs,
# ports, ids, a key's public half, emails), 8 characters or more
values=$(mktemp)
trap 'rm -f "$values"' EXIT
for e in "${envs[@]}"; do
	[ -f "$e" ] || continue
	grep -E '^[A-Z0-9_]+=' "$e" |
		grep -vE '^(BASE_URL|CONSOLE_URL|METRICS_URL|PROMETHEUS_URL|CLUSTER_[A-Z_]+|CHAIN_[A-Z_]+|WALLET_ADDRESS|PARTNER_PUBLIC_KEY|[A-Z_]*EMAIL|[A-Z_]*_API_USER)=' |
		sed 's/^[A-Z0-9_]*=//; s/^"//; s/"$//' | awk 'length($0) >= 8' >> "$values"
done
found=0
for f in "$@"; do
	[ -f "$f" ] || { echo "leak_check: no file $f" >&2; exit 2; }
	if [ -s "$values" ] && grep -nFf "$values" "$f" | head -3 | grep -q .; then
		echo "leak_check: $f holds a secret value of ${envs[*]}:"
		grep -nFf "$values" "$f" | head -3 | cut -c1-200
		found=1
	fi
	if grep -nE 'sk_(test|live)_[A-Za-z0-9]{16}|whsec_[A-Za-z0-9+/=]{16}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.|-----BEGIN [A-Z ]*KEY-----' \
		"$f" | head -3 | grep -q .; then
		echo "leak_check: $f holds something shaped like a secret:"
		grep -nE 'sk_(test|live)_[A-Za-z0-9]{16}|whsec_[A-Za-z0-9+/=]{16}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.|-----BEGIN [A-Z ]*KEY-----' \
			"$f" | head -3 | cut -c1-200
		found=1
	fi
done
exit "$found"
