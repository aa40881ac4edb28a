#!/bin/sh
# `make fuzz`: runs each libFuzzer target (build/fuzz/bin/fuzz_<name>, built
# by `make fuzz-build`) for a number of seconds against a writable copy of
# its seed corpus, one target after another, and appends a line per run
# to var/fuzz/runs.tsv (the total fuzzing time is the sum of its columns).
# A crash, a leak, a timeout or an out-of-memory fails the run (exit 1)
# once every target has had its turn; the input that did it is kept in
# build/fuzz/artifacts/<name>/ and the log in build/fuzz/logs/<name>.log.
#
# usage: tools/fuzz.sh [--seconds N] [name...]   (default: 60, every target)
# Replay one input (a crash is written under artifacts/, not into .):
#   build/fuzz/bin/fuzz_<name> -artifact_prefix=build/fuzz/artifacts/<name>/ <file>
set -u
cd "$(dirname "$0")/.." || exit 2

seconds=60
while [ $# -gt 0 ]; do
	case $1 in
	--seconds) seconds=${2:-}; shift 2 || break ;;
	--) shift; break ;;
	-*) echo "usage: tools/fuzz.sh [--seconds N] [name...]" >&2; exit 2 ;;
	*) break ;;
	esac
done
case $seconds in
''|*[!0-9]*) echo "fuzz: --seconds takes a whole number" >&2; exit 2 ;;
esac

names="$*"
if [ -z "$names" ]; then
	for f in tests/fuzz/fuzz_*.c; do
		n=${f#tests/fuzz/fuzz_}
		names="$names ${n%.c}"
	done
fi

runs=var/fuzz/runs.tsv
mkdir -p var/fuzz build/fuzz/logs
# (a file of an earlier version, without the max_len column, is kept aside)
[ -s "$runs" ] && ! head -n 1 "$runs" | grep -q 'max_len' && mv "$runs" "$runs.before-max_len"
[ -s "$runs" ] || printf 'started\tcommit\ttarget\tseconds\tmax_len\tcpu_seconds\texecs\tcov\tft\tcorpus\tresult\n' > "$runs"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -n "$(git status --porcelain -- lib tests/fuzz 2>/dev/null)" ] && commit="$commit+"

# CPU seconds (user + system) of this shell's finished children, from the
# `times` lines saved in files a and b: b - a. (`times` itself must run in
# this shell: in a $(...) subshell it sees no children.)
tmp=build/fuzz/times.$$
cpu_between() {
	awk 'FNR == 2 {
		t = 0
		for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] }
		if (FILENAME == ARGV[1]) a = t; else b = t
	} END { printf "%.2f", b - a }' "$1" "$2"
}

failed=""
printf '%-10s %8s %8s %7s %7s %7s  %s\n' target seconds cpu execs cov corpus result
for name in $names; do
	name=${name#fuzz_}
	bin=build/fuzz/bin/fuzz_$name
	seeds=tests/fuzz/corpus/$name
	corpus=build/fuzz/corpus/$name
	art=build/fuzz/artifacts/$name
	log=build/fuzz/logs/$name.log
	if [ ! -x "$bin" ]; then
		echo "fuzz: no $bin (make fuzz-build)" >&2
		failed="$failed $name"
		continue
	fi
	# -max_len above the largest input the parser takes, written beside
	# the target (tests/fuzz/fuzz_<name>.options); none: refused
	max_len=$(sed -n 's/^max_len *= *\([0-9][0-9]*\)$/\1/p' "tests/fuzz/fuzz_$name.options" 2>/dev/null)
	if [ -z "$max_len" ]; then
		echo "fuzz: tests/fuzz/fuzz_$name.options has no max_len" >&2
		failed="$failed $name"
		continue
	fi
	mkdir -p "$corpus" "$art"
	[ -d "$seeds" ] && cp "$seeds"/* "$corpus"/ 2>/dev/null
	started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
	times > "$tmp.0"
	"$bin" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix="$art/" "$corpus" > "$log" 2>&1
	rc=$?
	times > "$tmp.1"
	cpu=$(cpu_between "$tmp.0" "$tmp.1")
	# the last status line: "#N ... cov: C ft: F corp: U/..."
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	[ -n "$execs" ] || execs=$(printf '%s\n' "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
	cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
	ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	units=$(printf '%s\n' "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
	if [ $rc = 0 ]; then
		result=ok
	else
		what=$(sed -n 's/.*ERROR: \(AddressSanitizer\|LeakSanitizer\|UndefinedBehaviorSanitizer\|libFuzzer\): \([a-z-]*\).*/\1 \2/p' "$log" | head -n 1)
		grep -q 'runtime error:' "$log" && [ -z "$what" ] && what="UBSan runtime error"
		grep -q 'fuzz: broken promise' "$log" && what="broken promise"
		input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | head -n 1)
		result="fail (${what:-exit $rc}) ${input:-}"
		failed="$failed $name"
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$started" "$commit" "$name" \
	    "$seconds" "$max_len" "$cpu" "${execs:-0}" "${cov:-0}" "${ft:-0}" "${units:-0}" \
	    "$result" >> "$runs"
	printf '%-10s %8s %8s %7s %7s %7s  %s\n' "$name" "$seconds" "$cpu" \
	    "${execs:-0}" "${cov:-0}" "${units:-0}" "$result"
done
rm -f "$tmp.0" "$tmp.1"
if [ -n "$failed" ]; then
	echo "fuzz: failed:$failed (logs in build/fuzz/logs/)" >&2
	exit 1
fi
echo "fuzz: ok"
