#!/bin/sh
# tools/layout.sh [FILE...]: the house layout of the C sources (make check;
# docs/development.md, House style), checksrc-like: curl's way rather than
# clang-format, which cannot keep KNF's four-space continuations and broken
# string literals (tried: it rewrote 5,815 lines, for the worse). Without
# files, every C file of lib, fcgi, cron, tools and tests. Prints
# FILE:LINE: what, one per violation; exit 1 when there is any.
#   - no trailing whitespace, no CR, a newline at the end, no two blank
#     lines in a row
#   - indentation by tabs; spaces only as a continuation (four after the
#     tabs, or at column 0 for a declaration), a table row's (two, aligned
#     with its brace), or in a comment
#   - a space after if, for, while and switch; return is no call
#   - no // comments
#   - a pointer's star with the name: "char *p", never "char* p"
#   - a function's name at column 0 (its type on the line above), its
#     opening brace alone on the line after its parameters; "} else" on
#     one line
#   - at most 120 columns (tabs at 8) in lib/, fcgi/, cron/ and tools/, 140
#     in tests/ (their SQL in assertions)
cd "$(dirname "$0")/.." || exit 2
[ $# -gt 0 ] || set -- $(find lib fcgi cron tools tests -name '*.[ch]' -type f | sort)
rc=0
perl -e 'for (@ARGV) { open(my $fh, "<", $_) or next; next unless -s $fh;
	seek($fh, -1, 2); read($fh, my $c, 1); if ($c ne "\n") { print "$_: no newline at the end\n"; $bad = 1 } }
	exit($bad ? 1 : 0)' "$@" || rc=1
awk '
function bad(what) { printf "%s:%d: %s\n", FILENAME, FNR, what; n++ }
# the width of s with tabs at 8
function width(s,    i, c, w) {
	w = 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		w = c == "\t" ? w + 8 - w % 8 : w + 1
	}
	return w
}
FNR == 1 { blank = 0; incomment = 0; prev = ""; decl = ""; max = FILENAME ~ /^tests\// ? 140 : 120 }
length($0) > max / 8 && width($0) > max { bad("longer than " max " columns") }
/\r$/ { bad("a CR") }
/[ \t]+$/ { bad("trailing whitespace") }
/^$/ { if (blank) bad("two blank lines in a row"); blank = 1; prev = $0; next }
{ blank = 0; wascomment = incomment }
# code outside string literals and comments, roughly: enough for these rules
{
	code = $0
	gsub(/"([^"\\]|\\.)*"/, "\"\"", code)
	gsub(/\x27([^\x27\\]|\\.)*\x27/, "0", code)
	if (incomment) {
		if (code ~ /\*\//) { sub(/^.*\*\//, "", code); incomment = 0 } else code = ""
	}
	gsub(/\/\*([^*]|\*[^\/])*\*\//, "", code)
	if (code ~ /\/\*/) { sub(/\/\*.*$/, "", code); incomment = 1 }
}
code ~ /(^|[^A-Za-z0-9_])(if|for|while|switch)\(/ { bad("no space after a keyword") }
code ~ /(^|[^A-Za-z0-9_])return\(/ { bad("return is no call: return (x) or return x") }
code ~ /(^|[ \t;{}])\/\// { bad("a // comment") }
code ~ /[A-Za-z0-9_]\*+ +[A-Za-z_][A-Za-z0-9_]*[ \t]*[,;=)\[]/ && code !~ /[A-Za-z0-9_)\]] \* / {
	bad("the star goes with the name")
}
!wascomment && /^\t* +[^ *]/ && !/^\t*    [^ ]/ && !/^\t+  [^ ]/ && !/^\t* +\/\*/ {
	bad("indented by spaces")
}
prev ~ /^\t*}$/ && /^\t*else/ { bad("\"} else\" on one line") }
/^[A-Za-z_].*[A-Za-z0-9_]\(.*\)[ \t]*\{[ \t]*$/ && !/^(struct|enum|union|typedef|static const|const)/ && !/=/ {
	bad("a function'"'"'s opening brace goes alone on the next line")
}
/^\{$/ && decl !~ /^[A-Za-z_][A-Za-z0-9_]*\(/ && decl !~ /^\(/ {
	printf "%s:%d: %s\n", FILENAME, declno, "a function'"'"'s name goes at column 0, its type on the line above"
	n++
}
/^[A-Za-z_(]/ { decl = $0; declno = FNR }
{ prev = $0 }
END { exit n > 0 }' "$@" || rc=1
exit $rc
