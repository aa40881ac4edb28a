# Sourced by tools/test.sh and tests/stack/*.sh.
#
# A port nothing listens on, below the kernel's ephemeral range: a port
# in it may be the local end of any client connection on the machine (the
# tests make thousands), and then the server cannot bind it. With
# PORTS_TAKEN (a file) in the environment, a port is handed out once among
# everything that shares the file (tools/test.sh's passes run side by side
# and would otherwise draw the same port before either binds it).
free_port() {
	local p lo
	lo=$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null) || lo=32768
	[ "${lo:-0}" -gt 21000 ] 2>/dev/null || lo=32768
	for _ in $(seq 1 50); do
		p=$((20000 + RANDOM % (lo - 20000)))
		(exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && continue
		if [ -n "${PORTS_TAKEN:-}" ]; then
			# (flock on the file: the check and the note are one step)
			if ! (flock 9; grep -qx "$p" "$PORTS_TAKEN" 2>/dev/null && exit 1
				echo "$p" >> "$PORTS_TAKEN") 9>>"$PORTS_TAKEN.lock"; then
				continue
			fi
		fi
		echo "$p"
		return
	done
	echo 0
}

# A base for the Galera ports of a cluster of $1 nodes: node i uses base +
# 10 i, + 1 and + 2, all free.
galera_port_base() {
	local b i ok
	for _ in $(seq 1 50); do
		b=$(free_port)
		ok=1
		for i in $(seq 10 10 $((10 * $1 + 2))); do
			if (exec 3<>"/dev/tcp/127.0.0.1/$((b + i))") 2>/dev/null ||
				(exec 3<>"/dev/tcp/127.0.0.1/$((b + i + 1))") 2>/dev/null ||
				(exec 3<>"/dev/tcp/127.0.0.1/$((b + i + 2))") 2>/dev/null; then ok=0; fi
		done
		[ "$ok" = 1 ] && [ "$b" -lt 60000 ] && { echo "$b"; return; }
	done
	echo 0
}
