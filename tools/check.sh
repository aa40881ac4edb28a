#!/bin/sh
# `make check`: source rules a compiler does not enforce.
# - no unbounded string calls (STYLE.md: curl's banned list)
# - no floating point in the money module
# - SQL text only in lib/store/db_stmt.c (and DDL in schema/)
set -u
cd "$(dirname "$0")/.." || exit 2
rc=0
hits=$(grep -rnE '\b(sprintf|vsprintf|strcpy|strcat|strncpy|strtok|gets|atoi|atol|atof|sscanf)\s*\(' \
	lib fcgi cron tools tests --include='*.c' --include='*.h')
if [ -n "$hits" ]; then echo "banned calls:"; echo "$hits"; rc=1; fi
fl=$(grep -nE '\b(double|float|strtod|atof)\b' lib/core/money* 2>/dev/null)
if [ -n "$fl" ]; then echo "floating point in the money module:"; echo "$fl"; rc=1; fi
sql=$(grep -rlnE '"(SELECT|INSERT|UPDATE|DELETE|REPLACE) ' lib fcgi cron tools --include='*.c' |
	grep -v '^lib/store/db_stmt.c$' | grep -v '^lib/store/migrate.c$')
if [ -n "$sql" ]; then echo "SQL text outside lib/store/db_stmt.c:"; echo "$sql"; rc=1; fi
[ $rc = 0 ] && echo "check: ok"
exit $rc
