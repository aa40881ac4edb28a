# Sourced by tools/test.sh, tools/api_fuzz.sh and tests/stack/*.sh.
#
# sanitizer_finding FILE: 0 when a sanitizer report (ASAN_OPTIONS /
# UBSAN_OPTIONS log_path, one file per process) holds a finding, 1 when
# it is empty or holds nothing but LeakSanitizer's "Unable to get
# registers from thread N." lines. Those come from the exit-time leak
# check of a process whose threads were gone before the check could stop
# them: Apache (mod_fcgid) killing a FastCGI process that was still in
# that check on a loaded machine. LeakSanitizer then treats the thread's
# stack as reachable and goes on; a leak it still finds is reported after
# the line, and that file is a finding.
sanitizer_finding() {
	[ -s "$1" ] || return 1
	grep -qvE '^==[0-9]+==Unable to get registers from thread [0-9]+\.$' "$1"
}

# sanitizer_check FILE PREFIX: a finding is printed (its first 30 lines,
# after PREFIX and the file's name) and returns 0; a leak check cut short
# as above is named on one line and returns 1, as does no report at all.
sanitizer_check() {
	if sanitizer_finding "$1"; then
		echo "$2 $1:"
		head -30 "$1"
		return 0
	fi
	[ -s "$1" ] && echo "$2 $1: a leak check cut short ($(head -1 "$1")), not a finding"
	return 1
}
