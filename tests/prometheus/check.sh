#!/usr/bin/env bash
# `make check` on the alert rules (issue 37): etc/prometheus/cediramp-rules.yml
# passes `promtool check rules` (syntax, PromQL, templates, promtool's lint)
# and its unit tests, tests/prometheus/cediramp-rules.test.yml, pass under
# `promtool test rules`; and every rule's `runbook` is
# docs/operations.md#alert-<its name in lowercase>, the anchor of a heading
# `### Alert: <name>` there (tests/docs/check.sh checks only the docs'
# own links). promtool comes with Debian's prometheus package
# (tools/deps.sh); without it this fails, never skips.
# Prints what failed and exits 1; else one line, exit 0.
set -euo pipefail
cd "$(dirname "$0")/../.."

rules=etc/prometheus/cediramp-rules.yml
tests=tests/prometheus/cediramp-rules.test.yml

if ! command -v promtool >/dev/null 2>&1; then
	echo "prometheus: promtool not found (Debian's prometheus package: run tools/deps.sh as root)" >&2
	exit 1
fi

rc=0
if ! out=$(promtool check rules "$rules" 2>&1); then
	echo "prometheus: promtool check rules $rules failed:"
	printf '%s\n' "$out"
	rc=1
fi
if ! out=$(promtool test rules "$tests" 2>&1); then
	echo "prometheus: promtool test rules $tests failed:"
	printf '%s\n' "$out"
	rc=1
fi
# "NAME RUNBOOK" per rule; the rules file keeps one `- alert:` line and one
# `runbook:` line per rule
pairs=$(awk '$1 == "-" && $2 == "alert:" { name = $3 }
	$1 == "runbook:" { print name, $2 }' "$rules")
[ -n "$pairs" ] || { echo "prometheus: no runbook found in $rules"; rc=1; }
while read -r name runbook; do
	want="docs/operations.md#alert-$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')"
	if [ "$runbook" != "$want" ]; then
		echo "prometheus: $rules: $name: runbook $runbook, not $want"
		rc=1
	fi
	if ! grep -qxF "### Alert: $name" docs/operations.md; then
		echo "prometheus: docs/operations.md: no heading \"### Alert: $name\""
		rc=1
	fi
done <<<"$pairs"
[ "$(grep -c -- '- alert:' "$rules")" -eq "$(printf '%s\n' "$pairs" | wc -l)" ] ||
	{ echo "prometheus: $rules: a rule without a runbook"; rc=1; }

[ $rc -eq 0 ] && echo "prometheus: the alert rules check clean, pass their tests and name their runbooks"
exit $rc
