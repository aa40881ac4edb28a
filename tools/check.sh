#!/bin/sh
# `make check`: source rules a compiler does not enforce.
# - no unbounded string calls (STYLE.md: curl's banned list)
# - no strto* number parsing (strtol, strtoull, strtod, strtoimax...) in lib
#   fcgi cron tools tests: numbers go through the strict parsers of
#   lib/core/strict.h; only lib/core/strict.c, which implements them, may
# - no floating point in the money module
# - SQL text only in lib/store/db_stmt.c (and DDL in schema/)
# - the layer rule: each lib/<layer>/*.{c,h} includes (`#include "..."`) only
#   headers of the layers below, each written with its layer ("core/buf.h"):
#     core      core/
#     store     core/ store/
#     providers core/ providers/
#     domain    core/ store/ providers/ domain/
#     http      core/ store/ providers/ domain/ http/   (never sandbox/)
#     sandbox   any layer
#   A violation prints as `file: includes X`.
set -u
cd "$(dirname "$0")/.." || exit 2
rc=0
hits=$(grep -rnE '\b(sprintf|vsprintf|strcpy|strcat|strncpy|strtok|gets|atoi|atol|atof|sscanf)\s*\(' \
	lib fcgi cron tools tests --include='*.c' --include='*.h')
if [ -n "$hits" ]; then echo "banned calls:"; echo "$hits"; rc=1; fi
sto=$(grep -rnE '\bstrto[a-z_]*\s*\(' lib fcgi cron tools tests --include='*.c' --include='*.h' |
	grep -v '^lib/core/strict\.c:')
if [ -n "$sto" ]; then echo "strto* outside lib/core/strict.c (use core/strict.h):"; echo "$sto"; rc=1; fi
fl=$(grep -nE '\b(double|float|strtod|atof)\b' lib/core/money* 2>/dev/null)
if [ -n "$fl" ]; then echo "floating point in the money module:"; echo "$fl"; rc=1; fi
sql=$(grep -rlnE '"(SELECT|INSERT|UPDATE|DELETE|REPLACE) ' lib fcgi cron tools --include='*.c' |
	grep -v '^lib/store/db_stmt.c$' | grep -v '^lib/store/migrate.c$')
if [ -n "$sql" ]; then echo "SQL text outside lib/store/db_stmt.c:"; echo "$sql"; rc=1; fi

# The layers each layer may include, by the layer's folder name; a folder
# not listed here is itself a violation.
allowed() {
	case "$1" in
	core) echo "core" ;;
	store) echo "core store" ;;
	providers) echo "core providers" ;;
	domain) echo "core store providers domain" ;;
	http) echo "core store providers domain http" ;;
	sandbox) echo "core store providers domain http sandbox" ;;
	*) return 1 ;;
	esac
}
layers=$(
	for f in lib/*/*.c lib/*/*.h lib/*/*/*.c lib/*/*/*.h; do
		[ -f "$f" ] || continue
		layer=${f#lib/}
		layer=${layer%%/*}
		if ! ok=$(allowed "$layer"); then
			echo "$f: not in a known layer ($layer)"
			continue
		fi
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
		while IFS= read -r inc; do
			dep=${inc%%/*}
			[ "$dep" != "$inc" ] && case " $ok " in *" $dep "*) continue ;; esac
			echo "$f: includes $inc"
		done
	done
)
if [ -n "$layers" ]; then echo "layer rule (see the top of tools/check.sh):"; echo "$layers"; rc=1; fi
[ $rc = 0 ] && echo "check: ok"
exit $rc
