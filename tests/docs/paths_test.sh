#!/bin/sh
# The test of tests/docs/paths.mjs on a checkout of its own: a comment
# naming a missing file is reported with its line, and one naming a file
# that exists, a family by its start, a {a,b} group, a glob and a
# placeholder are not. Prints `ok - NAME` / `not ok - NAME`; exit 1 on a
# failure. (tests/docs/check.sh runs it.)
set -u
here=$(cd "$(dirname "$0")" && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/paths-test.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
mkdir -p "$tmp/lib/core" "$tmp/schema" "$tmp/docs" &&
	: >"$tmp/lib/core/money.c" && : >"$tmp/lib/core/money.h" &&
	: >"$tmp/schema/019_seq.sql" && : >"$tmp/docs/a.md" || exit 2
cat >"$tmp/lib/core/x.c" <<'EOT'
/* lib/core/money.c, core/money.h, core/money, schema/019, */
/* lib/core/{money,x}.c, lib/core/*.h, docs/a.md, schema/NNN_name.sql */
/* https://example.org/lib/none.c and lib/core/money.c. */
/* but lib/core/gone.c */
EOT
git -C "$tmp" init -q && git -C "$tmp" add -A || exit 2
out=$(node "$here/paths.mjs" "$tmp"); rc=$?
if [ "$rc" -eq 1 ] && [ "$out" = "lib/core/x.c:4: names lib/core/gone.c, which does not exist" ]; then
	echo "ok - a missing file is named, and nothing else"
else
	echo "not ok - a missing file is named, and nothing else (exit $rc: $out)"; fail=1
fi
exit $fail
