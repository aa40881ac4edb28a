#!/bin/sh
# The tests of tools/check.sh's rules. Each case copies the tree check.sh
# reads (lib fcgi cron tools tests: git's tracked and untracked, not ignored
# files) into a temporary folder, puts ONE violation (or one thing that is
# not one) at the end of a file of the copy, and runs the copy's
# tools/check.sh. A violation must make it exit non-zero and print the
# expected line, a line the uninjected copy does not print; a non-violation
# must add no line for its file. The tree itself need not be clean.
# Prints `ok - NAME` or `not ok - NAME` per case and a summary; exits 1 when
# a case failed.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-tests.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM
dirs="lib fcgi cron tools tests"

# The base copy, once; each case copies it again.
base=$tmp/base
mkdir "$base" || exit 2
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git -C "$root" ls-files --cached --others --exclude-standard -- $dirs |
	while IFS= read -r f; do
		[ -f "$root/$f" ] || continue	# deleted, not yet committed
		d=$(dirname "$f")
		[ -d "$base/$d" ] || mkdir -p "$base/$d" || exit 2
		cp -p "$root/$f" "$base/$f" || exit 2
	done || exit 2
else
	for d in $dirs; do cp -Rp "$root/$d" "$base/$d" || exit 2; done
fi
# every copy but one file is the same: gcc strips each content once
CHECK_CACHE=$tmp/cache
mkdir "$CHECK_CACHE" || exit 2
export CHECK_CACHE
sh "$base/tools/check.sh" >"$tmp/baseline.out" 2>&1
[ -s "$tmp/baseline.out" ] || { echo "check tests: the baseline run printed nothing"; exit 2; }

pass=0
fail=0
n=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
notok() {
	fail=$((fail + 1)); echo "not ok - $1"
	shift
	for why; do printf '%s\n' "$why" | sed 's/^/#   /'; done
}

# fresh: a new copy of the base in $case_dir.
fresh() {
	n=$((n + 1))
	case_dir=$tmp/case$n
	cp -Rp "$base" "$case_dir" || exit 2
}
# inject FILE TEXT: TEXT as new last line(s) of FILE of the copy (a newline
# first; a new file gets TEXT alone); sets $line to TEXT's first line number.
inject() {
	if [ -f "$case_dir/$1" ]; then
		printf '\n%s\n' "$2" >>"$case_dir/$1"
	else
		mkdir -p "$(dirname "$case_dir/$1")" && printf '%s\n' "$2" >"$case_dir/$1"
	fi
	total=$(wc -l <"$case_dir/$1")
	lines=$(printf '%s\n' "$2" | wc -l)
	line=$((total - lines + 1))
}
run() {
	sh "$case_dir/tools/check.sh" >"$case_dir.out" 2>&1
	rc=$?
}
done_case() { rm -rf "$case_dir" "$case_dir.out"; }

# violation NAME FILE TEXT EXPECT: EXPECT is the line check.sh must print,
# with @ standing for the line number TEXT lands on.
violation() {
	name=$1
	fresh
	inject "$2" "$3"
	expect=$(printf '%s\n' "$4" | sed "s/@/$line/")
	run
	why=""
	[ "$rc" != 0 ] || why="check.sh exited 0"
	grep -Fxq -- "$expect" "$case_dir.out" || why="$why${why:+; }no line: $expect"
	! grep -Fxq -- "$expect" "$tmp/baseline.out" || why="$why${why:+; }the uninjected tree prints it too: $expect"
	if [ -z "$why" ]; then ok "$name"; else
		notok "$name" "$why" "output:" "$(sed 's/^/  /' "$case_dir.out")"
	fi
	done_case
}

# clean NAME FILE TEXT: TEXT in FILE adds no line about FILE (the lines
# check.sh prints that start with FILE are the uninjected tree's).
clean() {
	name=$1
	fresh
	inject "$2" "$3"
	run
	f=$2
	awk -v f="$f" 'index($0, f) == 1' "$case_dir.out" >"$case_dir.a"
	awk -v f="$f" 'index($0, f) == 1' "$tmp/baseline.out" >"$case_dir.b"
	if cmp -s "$case_dir.a" "$case_dir.b"; then ok "$name"; else
		notok "$name" "new lines about $f:" "$(diff "$case_dir.b" "$case_dir.a" | sed -n 's/^> /  /p')"
	fi
	rm -f "$case_dir.a" "$case_dir.b"
	done_case
}

# The layer rule.
violation core_includes_store lib/core/money.c \
	'#include "store/db.h"' \
	'lib/core/money.c: includes store/db.h'
violation domain_includes_http lib/domain/ledger.c \
	'#include "http/req.h"' \
	'lib/domain/ledger.c: includes http/req.h'
violation include_without_layer lib/store/db.c \
	'#include "db.h"' \
	'lib/store/db.c: includes db.h'
clean http_includes_domain lib/http/resp.c \
	'#include "domain/ledger.h"'

# The tests wait for states and bound their children.
violation test_sleeps tests/integration/t_quotes.c \
	'static void f(void) { sleep(1); }' \
	'tests/integration/t_quotes.c:@: sleep (tests/README: waits and children)'
violation test_system tests/integration/t_admin.c \
	'static int f(void) { return system("true"); }' \
	'tests/integration/t_admin.c:@: system (tests/README: waits and children)'
violation test_common_fork tests/common/testutil.c \
	'static int f(void) { return fork(); }' \
	'tests/common/testutil.c:@: fork (tests/README: waits and children)'
clean test_pauses_named tests/integration/t_quotes.c \
	'static void f(void) { it_pause_ms(10, "why"); }'
clean test_it_system tests/integration/t_admin.c \
	'static int f(void) { return it_system("true"); }'

# Domain sides.
violation domain_wallet_includes_partner lib/domain/wallet/conversion.c \
	'#include "domain/partner/withdrawal.h"' \
	'lib/domain/wallet/conversion.c:@: includes domain/partner/withdrawal.h'
violation domain_partner_includes_wallet lib/domain/partner/intent.c \
	'#include "domain/wallet/kyc.h"' \
	'lib/domain/partner/intent.c:@: includes domain/wallet/kyc.h'
violation payout_includes_partner lib/domain/payout.c \
	'#include "domain/partner/withdrawal.h"' \
	'lib/domain/payout.c:@: includes domain/partner/withdrawal.h'
violation shared_header_includes_wallet lib/domain/ledger.h \
	'#include "domain/wallet/kyc.h"' \
	'lib/domain/ledger.h:@: includes domain/wallet/kyc.h'
clean wallet_includes_its_side lib/domain/wallet/conversion.c \
	'#include "domain/wallet/kyc.h"'
clean wallet_includes_shared lib/domain/wallet/conversion.c \
	'#include "domain/ledger.h"'

# No network in the domain.
violation domain_includes_curl lib/domain/delivery.c \
	'#include <curl/curl.h>' \
	'lib/domain/delivery.c:@: includes <curl/curl.h>'
violation domain_side_includes_curl_quoted lib/domain/partner/webhook.c \
	'#include "curl/curl.h"' \
	'lib/domain/partner/webhook.c:@: includes "curl/curl.h"'

# No sandbox decision in production modules.
violation production_reads_sandbox_flag lib/domain/payout.c \
	'static int f(struct ctx *c) { return c->cfg.sandbox; }' \
	'lib/domain/payout.c:@: names the sandbox: sandbox'
violation sandbox_flag_in_http lib/http/resp.c \
	'static int f(const struct cfg *cfg) { return cfg->sandbox; }' \
	'lib/http/resp.c:@: names the sandbox: sandbox'
violation sandbox_named_in_domain lib/domain/wallet/kyc.c \
	'static void g(void) { kyc_sandbox_decide(0, 0); }' \
	'lib/domain/wallet/kyc.c:@: names the sandbox: kyc_sandbox_decide'
clean cron_main_installs_sandbox cron/expire.c \
	'static void g(struct ctx *c) { sandbox_install(c); }'
violation sandbox_macro_in_header lib/domain/ledger.h \
	'#define LEDGER_SANDBOX_REASON "topped up"' \
	'lib/domain/ledger.h:@: names the sandbox: LEDGER_SANDBOX_REASON'
violation sandbox_include_in_http lib/http/resp.c \
	'#include "sandbox/settings.h"' \
	'lib/http/resp.c:@: names the sandbox: sandbox/settings.h'
violation sandbox_in_fcgi_subfolder fcgi/admin/tool.c \
	'static int use_sandbox;' \
	'fcgi/admin/tool.c:@: names the sandbox: use_sandbox'
violation sandbox_after_char_quote lib/domain/ledger.c \
	"static char q = '\"'; static int sandbox_n; /* \"sandbox\" */" \
	'lib/domain/ledger.c:@: names the sandbox: sandbox_n'
clean sandbox_in_comment_and_string lib/domain/payout.c \
	"/* the sandbox tops this up */
static const char *env = \"sandbox\";
static const char *esc = \"a \\\" sandbox\"; static char c = '\\''; /* sandbox */"
clean sandbox_module_reads_flag lib/sandbox/settings.c \
	'static int f(struct ctx *c) { return c->cfg.sandbox; }'
clean cfg_reads_flag lib/core/cfg.c \
	'static int f(const struct cfg *cfg) { return cfg->sandbox; }'
clean registry_reads_flag lib/providers/registry.c \
	'static int f(const struct cfg *cfg) { return cfg->sandbox; }'
clean fcgi_sandbox_routes_read_flag fcgi/partner/sandbox.c \
	'static int f(struct ctx *c) { return c->cfg.sandbox; }'
clean fcgi_simulator_routes_read_flag fcgi/simulators.c \
	'static int f(struct ctx *c) { return c->cfg.sandbox; }'
violation fcgi_production_route_reads_flag fcgi/partner/withdrawals.c \
	'static int f(struct ctx *c) { return c->cfg.sandbox; }' \
	'fcgi/partner/withdrawals.c:@: names the sandbox: sandbox'

# SQL text only in lib/store/db_stmt.c, lib/store/stmt_*.c, migrate.c.
violation sql_outside_store lib/domain/ledger.c \
	'static const char *q = "SELECT 1";' \
	'lib/domain/ledger.c'
violation sql_in_other_store_file lib/store/other.c \
	'static const char *q = "SELECT 1";' \
	'lib/store/other.c'
clean sql_in_stmt_file lib/store/stmt_example.c \
	'static const char *q = "SELECT 1";'

# Statements by name outside lib/store/ (store/db_sig.h).
violation numeric_column_in_typed_file lib/domain/partner/withdrawal.c \
	'static const char *f(const struct db_rows *r) { return db_cell(r, 0, 3); }' \
	'lib/domain/partner/withdrawal.c'
violation positional_args_in_fcgi fcgi/partner/withdrawals.c \
	'static struct db_arg a[1];' \
	'fcgi/partner/withdrawals.c'
violation positional_exec_in_domain lib/domain/report.c \
	'static int f(struct db *db) { return db_exec(db, DB_PI_LATE, NULL, 0, NULL, NULL); }' \
	'lib/domain/report.c'
clean named_column lib/domain/partner/withdrawal.c \
	'static const char *f(const struct db_rows *r) { return db_cell(r, 0, DB_COL(withdrawal, rate)); }'
clean numeric_column_in_store lib/store/db_row.c \
	'static const char *f(const struct db_rows *r) { return db_cell(r, 0, 3); }'

# The house layout (tools/layout.sh).
violation layout_trailing_space lib/core/money.c \
	'static int layout_x; ' \
	'lib/core/money.c:@: trailing whitespace'
violation layout_keyword_space lib/core/money.c \
	'static int layout_f(int a) { if(a) return 1; return 0; }' \
	'lib/core/money.c:@: no space after a keyword'
violation layout_return_call lib/core/money.c \
	'static int layout_g(void) { return(1); }' \
	'lib/core/money.c:@: return is no call: return (x) or return x'
violation layout_line_comment lib/core/money.c \
	'// a comment' \
	'lib/core/money.c:@: a // comment'
violation layout_star lib/core/money.c \
	'static char* layout_p;' \
	'lib/core/money.c:@: the star goes with the name'
violation layout_space_indent lib/core/money.c \
	'  static int layout_y;' \
	'lib/core/money.c:@: indented by spaces'
violation layout_brace lib/core/money.c \
	'int layout_h(void) {' \
	"lib/core/money.c:@: a function's opening brace goes alone on the next line"
violation layout_name_column lib/core/money.c \
	"$(printf 'static int layout_k(void)\n{\n\treturn 0;\n}')" \
	"lib/core/money.c:@: a function's name goes at column 0, its type on the line above"
violation layout_long_line lib/core/money.c \
	"/* $(printf '%0130d' 0) */" \
	'lib/core/money.c:@: longer than 120 columns'
clean layout_long_line_in_tests tests/unit/test_money.c \
	"/* $(printf '%0130d' 0) */"
clean layout_knf_function lib/core/money.c \
	"$(printf 'static int\nlayout_m(int a,\n    int b)\n{\n\treturn a + b;\n}')"

# A statement run with another statement's arguments does not compile
# (store/db_sig.h, DB_SIG_TAKES); with its own it does.
shape_case() {
	printf '#include "store/db_sig.h"\nenum db_rc f(struct db *db);\nenum db_rc f(struct db *db)\n{\n\treturn DB_EXEC(db, DB_WD_GET, %s, NULL, NULL, .id = "wd_1");\n}\n' \
		"$1" >"$tmp/shape.c"
	gcc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$root/lib" -I/usr/include/mariadb \
		"$tmp/shape.c" >"$tmp/shape.out" 2>&1
}
if shape_case by_id; then
	notok another_shape_does_not_compile "DB_WD_GET with by_id compiled"
elif grep -q 'size of unnamed array is negative' "$tmp/shape.out"; then
	ok another_shape_does_not_compile
else
	notok another_shape_does_not_compile "another error:" "$(cat "$tmp/shape.out")"
fi
if shape_case res_by_owner; then ok its_shape_compiles; else
	notok its_shape_compiles "$(cat "$tmp/shape.out")"
fi

echo "check tests: $pass passed, $fail failed"
[ "$fail" = 0 ]
