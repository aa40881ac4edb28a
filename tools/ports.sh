# Sourced by tools/test.sh and tests/stack/*.sh.
#
# A port nothing listens on, below the kernel's ephemeral range: a port
# in it may be the local end of any client connection on the machine (the
# tests make thousands), and then the server cannot bind it.
free_port() {
	local p lo
	lo=$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null) || lo=32768
	[ "${lo:-0}" -gt 21000 ] 2>/dev/null || lo=32768
	for _ in $(seq 1 50); do
		p=$((20000 + RANDOM % (lo - 20000)))
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return
		fi
	done
	echo 0
}
