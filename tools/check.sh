#!/bin/sh
# `make check`: source rules a compiler does not enforce.
# - no unbounded string calls (docs/development.md, House style: curl's banned list)
# - no strto* number parsing (strtol, strtoull, strtod, strtoimax...) in lib
#   fcgi cron tools tests: numbers go through the strict parsers of
#   lib/core/strict.h; only lib/core/strict.c, which implements them, may
# - no floating point in the money module
# - SQL text only in lib/store/db_stmt.c, lib/store/stmt_*.c and
#   lib/store/migrate.c (and DDL in schema/)
# - statements by name (store/db_sig.h): outside lib/store/, no positional
#   argument array or numeric column
# - the layer rule: each lib/<layer>/*.{c,h} includes (`#include "..."`) only
#   headers of the layers below, each written with its layer ("core/buf.h"):
#     core      core/
#     store     core/ store/
#     providers core/ providers/
#     domain    core/ store/ providers/ domain/
#     http      core/ store/ providers/ domain/ http/   (never sandbox/)
#     sandbox   any layer
#   A violation prints as `file: includes X`.
# - domain sides: lib/domain/ is a shared part (files directly in it) and two
#   sides, wallet/ and partner/ (and console/, which may use partner/ but
#   not wallet/). A wallet/ file includes no "domain/partner/..."
#   header, a partner/ file no "domain/wallet/..."; a shared file includes
#   neither (what both sides need is shared, and depends on no side).
#   Prints as `file:line: includes X`.
# - no network in the domain: no lib/domain/ file includes <curl/...> (or
#   "curl/..."); the network lives in lib/providers/. `file:line: includes X`.
# - no sandbox decision in production modules: lib/**/*.{c,h} but
#   lib/sandbox/** and lib/core/cfg.{c,h} (policy from the environment) and
#   lib/providers/registry.{c,h} (they pick the simulators); fcgi/**/*.c but
#   the sandbox's own routes (fcgi/*/sandbox.c, fcgi/simulators.c). (The
#   workers' mains in cron/ may wire the sandbox's helpers in: they name
#   what lib/sandbox/ decides, they decide nothing.) No identifier or include path there contains "sandbox" in
#   any case; comments (stripped by gcc -fpreprocessed) and string or char
#   literals do not count. Prints as `file:line: names the sandbox: IDENT`.
# - the tests wait for states and bound their children (tests/README): in
#   tests/integration/ and tests/common/, no sleep, usleep or nanosleep but
#   in it_wait.c (IT_UNTIL, it_pause_ms) and the two helpers that time
#   themselves (children.c, receiver.c's rcv_wait, rpcproxy.c's rpx_stop),
#   and no system, popen, fork or waitpid but in children.c (child_start,
#   child_wait, child_sh; it_system and it_output). Prints as
#   `file:line: CALL (tests/README: waits and children)`.
# - the house layout of every C file (tools/layout.sh says which rules):
#   `file:line: what`.
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
	grep -vE '^lib/store/(db_stmt|stmt_[^/]*|migrate)\.c$')
if [ -n "$sql" ]; then
	echo "SQL text outside lib/store/db_stmt.c, lib/store/stmt_*.c, lib/store/migrate.c:"
	echo "$sql"; rc=1
fi

tw=$(grep -nE '\b(sleep|usleep|nanosleep|system|popen|fork|waitpid)[[:space:]]*\(' \
	tests/integration/*.c tests/common/*.c 2>/dev/null |
	grep -vE '^tests/integration/it_wait\.c:|^tests/common/children\.c:' |
	grep -vE '^tests/common/(receiver|rpcproxy)\.c:[0-9]+:[[:space:]]*(nanosleep|usleep)\(' |
	sed -E 's/^([^:]*:[0-9]+):.*\b(sleep|usleep|nanosleep|system|popen|fork|waitpid)[[:space:]]*\(.*/\1: \2 (tests\/README: waits and children)/')
if [ -n "$tw" ]; then echo "tests that wait blindly or start children unbounded:"; echo "$tw"; rc=1; fi

# Statements by name, not by position (store/db_sig.h): outside lib/store/
# no struct db_arg, DB_S/DB_SN/DB_I/DB_NULL, db_exec/db_count/db_count_upto/
# db_each call, or db_cell with a numeric column.
pos=$(grep -rlE 'struct db_arg\b|\bdb_(exec|count|count_upto|each)[[:space:]]*\(|db_cell(_copy)?\([^;]*,[[:space:]]*[0-9]+[[:space:]]*\)|\bDB_(S|SN|I|NULL)\b' \
	lib fcgi cron tools --include='*.c' --include='*.h' | grep -v '^lib/store/' | sort)
if [ -n "$pos" ]; then
	echo "statements by position outside lib/store/ (DB_EXEC and DB_COL, store/db_sig.h):"
	echo "$pos"; rc=1
fi

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
# (one awk over every file: a shell loop forked a few processes a file,
# and tests/check/run.sh runs this dozens of times)
layer_files=$(for f in lib/*/*.c lib/*/*.h lib/*/*/*.c lib/*/*/*.h; do
	[ -f "$f" ] && echo "$f"; done)
layers=$(
	for l in core store providers domain http sandbox; do printf '%s=%s\n' "$l" "$(allowed "$l")"; done |
	awk -v files="$layer_files" '
	{ split($0, kv, "="); ok[kv[1]] = " " kv[2] " " }
	END {
		n = split(files, f, "\n")
		for (i = 1; i <= n; i++) {
			if (f[i] == "") continue
			split(f[i], p, "/"); layer = p[2]
			if (!(layer in ok)) { print f[i] ": not in a known layer (" layer ")"; continue }
			while ((getline line < f[i]) > 0) {
				if (line !~ /^[[:space:]]*#[[:space:]]*include[[:space:]]*"/) continue
				inc = line; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
				dep = inc; sub(/\/.*/, "", dep)
				if (dep != inc && index(ok[layer], " " dep " ") > 0) continue
				print f[i] ": includes " inc
			}
			close(f[i])
		}
	}'
)
if [ -n "$layers" ]; then echo "layer rule (see the top of tools/check.sh):"; echo "$layers"; rc=1; fi

# Domain sides: `grep -n` lines of the "domain/wallet|partner/..." includes,
# kept when the including file's side may not have them.
sides=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"domain/(wallet|partner)/' \
	lib/domain --include='*.c' --include='*.h' | awk '{
	f = $0; sub(/:.*/, "", f)
	n = $0; sub(/^[^:]*:/, "", n); sub(/:.*/, "", n)
	inc = $0; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
	if (f ~ /^lib\/domain\/wallet\//) bad = "^domain/partner/"
	else if (f ~ /^lib\/domain\/partner\//) bad = "^domain/wallet/"
	else if (f ~ /^lib\/domain\/console\//) bad = "^domain/wallet/"
	else if (f ~ /^lib\/domain\/[^\/]*$/) bad = "^domain/(wallet|partner)/"
	else next
	if (inc ~ bad) print f ":" n ": includes " inc
}' | sort -t: -k1,1 -k2,2n)
if [ -n "$sides" ]; then
	echo "domain sides (wallet/ and partner/ include not each other, the shared part neither):"
	echo "$sides"; rc=1
fi

net=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]curl/' \
	lib/domain --include='*.c' --include='*.h' |
	sed 's/^\([^:]*:[0-9]*\):[[:space:]]*#[[:space:]]*include[[:space:]]*\([<"][^>"]*[>"]\).*/\1: includes \2/' |
	sort -t: -k1,1 -k2,2n)
if [ -n "$net" ]; then echo "network in lib/domain (it lives in lib/providers/):"; echo "$net"; rc=1; fi

# The sandbox in production modules: each file once through gcc's
# preprocessor without its includes (-fpreprocessed: comments go, directives
# stay; linemarkers `# N "file"` keep the line numbers), then awk drops the
# string and char literals (not on #include lines) and names what is left.
prod=$( {
	find lib fcgi -type f \( -name '*.c' -o -name '*.h' \)
} | sort | while IFS= read -r f; do
	case "$f" in
	lib/sandbox/* | lib/core/cfg.[ch] | lib/providers/registry.[ch]) ;;
	lib/*) echo "$f" ;;
	fcgi/*/sandbox.c | fcgi/simulators.c) ;;
	fcgi/*.c) echo "$f" ;;
	esac
done)
soh=$(printf '\001')
names_prog=$(cat <<'EOF'
substr($0, 1, 1) == sep {
	if ($0 == sep "!") print file ": gcc -fpreprocessed failed (an unterminated comment?)"
	else { file = substr($0, 2); n = 0 }
	next
}
/^# [0-9]+ "/ { n = $2 - 1; next }
{
	n++
	line = $0
	inc = line ~ /^[ \t]*#[ \t]*include/
	if (!inc) gsub(/"([^"\\]|\\.)*"|'([^'\\]|\\.)*'/, "", line)
	low = tolower(line)
	if (index(low, "sandbox") == 0) next
	ids = ""
	re = inc ? "[a-z0-9_./-]*sandbox[a-z0-9_./-]*" : "[a-z0-9_]*sandbox[a-z0-9_]*"
	while (match(low, re)) {
		ids = ids (ids == "" ? "" : " ") substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
		low = substr(low, RSTART + RLENGTH)
	}
	print file ":" n ": names the sandbox: " ids
}
EOF
)
if ! command -v gcc >/dev/null 2>&1; then
	echo "sandbox rule: no gcc to strip the comments with"; rc=1; prod=""
fi
# Each file's comment-free text, after a line "SOH file": gcc's; with
# CHECK_CACHE (a directory), the one kept there for the same content
# (tests/check/run.sh checks dozens of copies of the tree that differ in
# one file each: gcc then runs once a content, and one awk reads them all).
stripped_all() {
	local f key
	if [ -z "${CHECK_CACHE:-}" ]; then
		printf '%s\n' "$prod" | while IFS= read -r f; do
			[ -n "$f" ] || continue
			printf '%s%s\n' "$soh" "$f"
			gcc -x c -fpreprocessed -dD -E - < "$f" 2>/dev/null || printf '%s!\n' "$soh"
		done
		return
	fi
	# shellcheck disable=SC2086 # (the paths have no spaces)
	sha1sum $prod | while read -r key f; do
		[ -f "$CHECK_CACHE/$key" ] && continue
		{ gcc -x c -fpreprocessed -dD -E - < "$f" 2>/dev/null || printf '%s!\n' "$soh"; } \
			> "$CHECK_CACHE/$key.$$" && mv "$CHECK_CACHE/$key.$$" "$CHECK_CACHE/$key"
	done
	# shellcheck disable=SC2086
	sha1sum $prod | awk -v sep="$soh" -v dir="$CHECK_CACHE" '{
		print sep $2; path = dir "/" $1
		while ((getline line < path) > 0) print line
		close(path)
	}'
}
sbx=$(stripped_all | awk -v sep="$soh" "$names_prog")
if [ -n "$sbx" ]; then
	echo "sandbox named in a production module (see the top of tools/check.sh):"
	echo "$sbx"; rc=1
fi
lay=$(sh tools/layout.sh)
if [ -n "$lay" ]; then echo "house layout (tools/layout.sh):"; echo "$lay"; rc=1; fi
[ $rc = 0 ] && echo "check: ok"
exit $rc
