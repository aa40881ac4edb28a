#!/bin/sh
# `make check` on the OpenAPI specs (issue 23): both lint clean with
# Redocly's recommended rules (redocly.yaml: the one rule turned off says
# why), no error and no warning; and the routes the programs serve are
# exactly the operations the specs describe (routes.mjs); and the specs
# name no source file.
set -u
cd "$(dirname "$0")/../.." || exit 2
rc=0
for spec in openapi/wallet.yaml openapi/partner.yaml openapi/console.yaml; do
	out=$(REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
	    node_modules/.bin/redocly lint --format=stylish "$spec" 2>&1)
	if [ $? -ne 0 ] || printf '%s\n' "$out" | grep -qiE '[0-9]+ (error|warning)|warning'; then
		echo "openapi: $spec does not lint clean:"
		printf '%s\n' "$out"
		rc=1
	fi
done
# info.version is VERSION's
version=$(cat VERSION)
for spec in openapi/wallet.yaml openapi/partner.yaml openapi/console.yaml; do
	grep -qE "^  version: \"?$version\"?\$" "$spec" ||
	    { echo "openapi: $spec: info.version is not VERSION's ($version)"; rc=1; }
done
tools/openapi/no_sources.sh || rc=1
node tools/openapi/routes.mjs || rc=1
tests/check/openapi.sh >/dev/null || { echo "openapi: tests/check/openapi.sh failed"; rc=1; }
[ $rc -eq 0 ] && echo "openapi: the three specs lint clean and match the route tables"
exit $rc
