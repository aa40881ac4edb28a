#!/bin/sh
# tests/docs/check.sh: checks the documentation (README.md and docs/*.md).
#
# - README.md has fewer than 250 lines;
# - every relative markdown link `](path)` or `](path#anchor)` (or
#   `](#anchor)`) in README.md and docs/*.md names a file of the repository,
#   and its anchor a heading of that file, by GitHub's anchor rules
#   (lowercase; punctuation but '-' and '_' removed; each space a '-';
#   a repeated heading gets -1, -2...), or an explicit <a id="..."> /
#   <a name="...">. Fenced code blocks are skipped;
# - nothing outside docs/ names the design or spec files that live outside
#   the repository, and nothing in docs/ or README.md points outside it;
# - every route path of the programs' route tables (fcgi/*.c, fcgi/*/*.c,
#   lines like `{ "GET", "/v1/withdrawals/:id", ...`) is written out in
#   README.md or docs/*.md, a `:name` segment as `{name}`, `{id}`, `<NAME>`
#   or an example value (`wd_abc123`);
# - every repository path that a comment, a script or a document names
#   exists (tests/docs/paths.mjs: lib/..., docs/..., a layer's core/...,
#   with {a,b} groups and * expanded).
#
# Runs from anywhere (it works from the repository's root). Prints one line
# per problem and exits 1, or prints `docs: ok` and exits 0.
set -u
cd "$(dirname "$0")/../.." || exit 2
LC_ALL=C
export LC_ALL

out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT INT TERM

# ---- README length
if [ ! -f README.md ]; then
	echo "README.md: missing" >>"$out"
else
	n=$(wc -l <README.md | tr -d ' ')
	[ "$n" -lt 250 ] || echo "README.md: $n lines (fewer than 250 wanted)" >>"$out"
fi

# ---- anchors of a markdown file, one a line
anchors() {
	awk '
	/^[ \t]*(```|~~~)/ { fence = !fence; next }
	fence { next }
	{
		line = $0
		while (match(line, /<a[ \t]+(id|name)="[^"]*"/)) {
			a = substr(line, RSTART, RLENGTH)
			sub(/^[^"]*"/, "", a); sub(/"$/, "", a)
			print a
			line = substr(line, RSTART + RLENGTH)
		}
	}
	/^##?#?#?#?#?[ \t]/ {
		h = $0
		sub(/^#+[ \t]+/, "", h)
		sub(/[ \t]+#+[ \t]*$/, "", h)
		sub(/[ \t]+$/, "", h)
		h = tolower(h)
		gsub(/-/, "\001", h)
		gsub(/_/, "\002", h)
		gsub(/[[:punct:]]/, "", h)
		gsub(/\001/, "-", h)
		gsub(/\002/, "_", h)
		gsub(/ /, "-", h)
		if (h in seen) { seen[h]++; print h "-" seen[h] }
		else { seen[h] = 0; print h }
	}' "$1"
}

# ---- relative links of a markdown file: "LINE<TAB>TARGET", one a line
links() {
	awk '
	/^[ \t]*(```|~~~)/ { fence = !fence; next }
	fence { next }
	{
		line = $0
		while (match(line, /\]\([^)[:space:]]*\)/)) {
			t = substr(line, RSTART + 2, RLENGTH - 3)
			line = substr(line, RSTART + RLENGTH)
			if (t ~ /^[a-zA-Z][a-zA-Z0-9+.-]*:/) continue   # http:, mailto:...
			if (t == "") continue
			printf "%d\t%s\n", NR, t
		}
	}' "$1"
}

tab=$(printf '\t')
for f in README.md docs/*.md; do
	[ -f "$f" ] || continue
	dir=$(dirname "$f")
	links "$f" | while IFS="$tab" read -r ln target; do
		path=${target%%#*}
		anchor=
		case "$target" in *'#'*) anchor=${target#*#} ;; esac
		if [ -z "$path" ]; then
			dest=$f
		else
			case "$path" in
			/*) echo "$f:$ln: link to an absolute path: $target"; continue ;;
			esac
			dest=$dir/$path
		fi
		if [ ! -e "$dest" ]; then
			echo "$f:$ln: link to a missing file: $target"
			continue
		fi
		[ -n "$anchor" ] || continue
		case "$dest" in
		*.md) ;;
		*) continue ;;
		esac
		if [ ! -f "$dest" ]; then
			echo "$f:$ln: anchor on a directory: $target"
			continue
		fi
		if ! anchors "$dest" | grep -qxF -- "$anchor"; then
			echo "$f:$ln: no heading for the anchor: $target"
		fi
	done >>"$out"
done

# ---- nothing points outside the repository
# (the patterns are written so that this file does not match them itself)
outside='DESIGN[.]md|shared[/]spec|[.][.]/shared'
for p in README.md lib fcgi cron tools tests schema etc apache-conf Makefile contracts; do
	[ -e "$p" ] || continue
	grep -rnIE --exclude-dir=node_modules --exclude-dir=build \
		--exclude-dir=build-asan --exclude-dir=var -- "$outside" "$p" 2>/dev/null |
	while IFS= read -r hit; do
		what=$(printf '%s\n' "$hit" | grep -oE -- "$outside" | head -n 1)
		echo "${hit%%:*}:$(printf '%s\n' "$hit" | cut -d: -f2): mentions $what (outside the repository)"
	done >>"$out"
done
docs_outside='[.][.]/shared|shared[/]spec|/work[/]|DESIGN[.]md|STYLE[.]md'
for f in README.md docs/*.md; do
	[ -f "$f" ] || continue
	grep -nE -- "$docs_outside" "$f" | while IFS= read -r hit; do
		what=$(printf '%s\n' "$hit" | grep -oE -- "$docs_outside" | head -n 1)
		echo "$f:${hit%%:*}: points outside the repository: $what"
	done >>"$out"
done

# ---- every route path is documented
# A :name segment may be written {name}, {id}, <NAME> or an example value.
seg='[^/[:space:]`"),|]+'
set -- README.md
for f in docs/*.md; do [ -f "$f" ] && set -- "$@" "$f"; done
routes=$(
	for f in fcgi/*.c fcgi/*/*.c; do
		[ -f "$f" ] || continue
		grep -hE '^[[:space:]]*\{[[:space:]]*"[A-Z]+",[[:space:]]*"/' "$f"
	done | sed 's/^[^"]*"[A-Z]*",[[:space:]]*"\([^"]*\)".*/\1/' | sort -u
)
if [ -z "$routes" ]; then
	echo "fcgi: no route tables found" >>"$out"
fi
set -f # the routes are words, never globs
for r in $routes; do
	re=$(printf '%s\n' "$r" | sed -e 's/[.]/[.]/g' -e "s#:[A-Za-z_][A-Za-z0-9_]*#$seg#g")
	if [ -z "$re" ]; then
		echo "route $r: could not make a pattern of it" >>"$out"
	elif ! grep -qE -- "$re([^A-Za-z0-9_/-]|\$)" "$@"; then
		echo "route $r: not in README.md or docs/*.md" >>"$out"
	fi
done
set +f

# ---- every repository path a comment, a script or a document names exists
node tests/docs/paths.mjs >>"$out" 2>&1
# (and the checker itself, on a checkout of its own)
tests/docs/paths_test.sh >/dev/null 2>&1 || echo "tests/docs/paths_test.sh: failed" >>"$out"

if [ -s "$out" ]; then
	cat "$out"
	exit 1
fi
echo "docs: ok"
