# Sourced by tools/stack.sh for `--galera N`: the private stack as a
# MariaDB Galera cluster of N nodes on 127.0.0.1 (docs/operations.md,
# "Running on a Galera cluster").
#
# Each node is a stack of its own under $VAR/nodeI, started by this script
# calling stack.sh with --node I: its MariaDB (datadir, socket, Galera ports
# GALERA_PORT_BASE + 10*I, +1 for IST, +2 for rsync SST), its cron loops and
# its keeper. Node 1 serves Apache and node 2 lighttpd, at the ports of
# --web-ports (PORT+1 and PORT+2 by default), each program reading its own
# node; node 3 and beyond run the workers only. HAProxy listens on PORT and
# spreads requests over the web servers. The first node bootstraps the
# cluster and applies the schema; the others join it by SST. $VAR keeps
# the shared secrets, HAProxy's config, pid and stats socket, and the
# cluster's sandbox.env (BASE_URL is HAProxy's).
#
# Commands beyond stack.sh's: node-kill I (kill -9 of a whole node: its
# MariaDB, web server, workers and keeper), node-start I (it rejoins by
# IST), db-kill I (kill -9 of a node's MariaDB only, which stays down until
# db-start). db-stop / db-start stop and start every node's MariaDB.

[ "$GALERA" -ge 2 ] 2>/dev/null || die "--galera N: N nodes, 2 or more (3 for a quorum that survives a loss)"
[ "$CHAIN" = sim ] || die "--galera runs with the chain simulator only"
[ -n "$WEB_PORTS" ] || WEB_PORTS="$((PORT + 1)) $((PORT + 2))"
# shellcheck disable=SC2206
WEB_PORT=(${WEB_PORTS//,/ })
[ "${#WEB_PORT[@]}" = 2 ] || die "--web-ports: two ports, node 1's and node 2's web servers"
NODE_ARG="${NODE_ARG:-}"

node_server() { case "$1" in 1) echo apache ;; *) echo lighttpd ;; esac; }

# stack.sh for node i: node CMD [more options]
node() {
	local i=$1 cmd=$2 web=()
	shift 2
	if [ "$i" -le 2 ]; then
		web=(--port "${WEB_PORT[$((i - 1))]}" --server "$(node_server "$i")")
	else
		web=(--port "$PORT" --no-web)
	fi
	[ "$WORKERS" = 1 ] || web+=(--no-workers)
	[ "$i" = 1 ] || web+=(--replica)
	"$ROOT/tools/stack.sh" "$cmd" --var "$VAR/node$i" --build "$BUILD" \
		--node "$i" --nodes "$GALERA" --galera-port-base "$GALERA_PORT_BASE" \
		--front-port "$PORT" "${web[@]}" "$@"
}

# Every node's MariaDB running and synced: the node Galera marked safe to
# bootstrap (or node 1 of a new cluster) first, then the others at once
# (after a crash of every node, none is marked: all start together and
# recover the last primary component between them, pc.recovery).
cluster_db_start() {
	local i first=0 t ready
	for i in $(seq 1 "$GALERA"); do
		if [ ! -f "$VAR/node$i/mysql/grastate.dat" ] && [ "$i" = 1 ]; then first=1; fi
		if grep -qs '^safe_to_bootstrap: *1' "$VAR/node$i/mysql/grastate.dat"; then first=$i; fi
	done
	[ "$first" = 0 ] && first=$(most_advanced)
	if [ "$first" -gt 0 ] && ! node "$first" db-ready; then
		node "$first" db-start >/dev/null || die "node $first's MariaDB did not start; see $VAR/node$first/log/mysqld.log"
	fi
	for i in $(seq 1 "$GALERA"); do
		[ "$i" = "$first" ] && continue
		node "$i" db-launch
	done
	for t in $(seq 1 "${1:-1800}"); do
		ready=0
		for i in $(seq 1 "$GALERA"); do node "$i" db-ready && ready=$((ready + 1)); done
		[ "$ready" = "$GALERA" ] && return 0
		sleep 0.1
	done
	return 1
}

# Every node's MariaDB synced. When they cannot rebuild the primary
# component among themselves within a minute (some crashed, some stopped
# cleanly), every node is stopped and the one whose data is the most
# advanced starts a new cluster, which the others join: Galera's
# documented recovery, done by hand otherwise.
cluster_db_up() {
	local i
	cluster_db_start 600 && return 0
	log "the nodes did not form a primary component; starting again from the most advanced"
	for i in $(seq 1 "$GALERA"); do
		node "$i" db-kill
		rm -f "$VAR/node$i/mysql/gvwstate.dat"
	done
	cluster_db_start || die "the cluster did not come up; see $VAR/node*/log/mysqld.log"
}

# When every node stopped and none is marked safe to bootstrap, nor can
# recover the last primary component by itself (pc.recovery keeps it in
# gvwstate.dat, which a clean stop removes): the node with the highest
# seqno is marked, as Galera's documentation says to do by hand. 0 when
# some node still runs or can recover.
most_advanced() {
	local i seq best=-2 pick=0
	for i in $(seq 1 "$GALERA"); do
		node "$i" db-alive && { echo 0; return; }
		[ -f "$VAR/node$i/mysql/gvwstate.dat" ] && { echo 0; return; }
		seq=$(node "$i" db-position)
		[ -n "$seq" ] && [ "$seq" -gt "$best" ] && { best=$seq; pick=$i; }
	done
	if [ "$pick" -gt 0 ] && [ "$best" -ge 0 ]; then
		sed -i 's/^safe_to_bootstrap: *0/safe_to_bootstrap: 1/' "$VAR/node$pick/mysql/grastate.dat"
		log "no node was marked safe to bootstrap: node $pick has the highest seqno ($best)"
		echo "$pick"
		return
	fi
	echo 0
}

cluster_db_stop() {
	local i
	for i in $(seq 1 "$GALERA"); do node "$i" db-stop & done
	wait
}

haproxy_running() { [ -f "$VAR/run/haproxy.pid" ] && kill -0 "$(cat "$VAR/run/haproxy.pid")" 2>/dev/null; }

# HAProxy in front of the two web servers, in TCP mode: each connection
# goes to the next web server (round robin) and the web servers stay the
# only HTTP parsers, so every answer (a stalled body, a malformed request)
# is theirs, as on one server. A server whose /v1/health does not report
# its database operational three times in a row (its node is down or lost the
# quorum) is left out until it does again; a connection refused is sent
# to the other one. With no server left, a connection is closed unanswered.
haproxy_start() {
	local user=""
	haproxy_running && return 0
	if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
		die "port $PORT is in use; choose another with PORT=..."
	fi
	[ "$(id -u)" = 0 ] && user="    user haproxy"$'\n'"    group haproxy"
	cat > "$VAR/haproxy.cfg" <<CFG
# Generated by tools/stack.sh --galera for the private cluster.
global
    maxconn 4000
    stats socket $VAR/run/haproxy.sock mode 600 level admin
$user

defaults
    mode tcp
    timeout connect 2s
    timeout client 120s
    timeout server 120s
    retries 2
    option redispatch

frontend api
    bind 127.0.0.1:$PORT
    default_backend web

backend web
    balance roundrobin
    option httpchk GET /v1/health
    http-check expect rstring "\\"database\\":\\"operational\\""
    # (a check waits up to 5 s: /v1/health asks the providers, and under
    # the suite's load it took over a second)
    timeout check 5s
    default-server inter 1s fall 3 rise 1
    server node1 127.0.0.1:${WEB_PORT[0]} check
    server node2 127.0.0.1:${WEB_PORT[1]} check
CFG
	haproxy -c -f "$VAR/haproxy.cfg" >"$VAR/log/haproxy-configtest.log" 2>&1 ||
		die "bad HAProxy config: $(cat "$VAR/log/haproxy-configtest.log")"
	haproxy -db -f "$VAR/haproxy.cfg" >>"$VAR/log/haproxy.log" 2>&1 &
	echo $! > "$VAR/run/haproxy.pid"
	for _ in $(seq 1 100); do
		curl -fsS -o /dev/null "http://127.0.0.1:$PORT/v1/health" 2>/dev/null && return 0
		haproxy_running || break
		sleep 0.1
	done
	die "HAProxy did not come up on port $PORT; see $VAR/log/haproxy.log"
}

haproxy_stop() {
	haproxy_running || { rm -f "$VAR/run/haproxy.pid"; return 0; }
	pid_stop haproxy
}

cluster_up() {
	local i
	mkdir -p "$VAR/run" "$VAR/log"
	command -v haproxy >/dev/null || die "no haproxy; run make deps (or tools/deps.sh --galera)"
	haproxy_running && die "a cluster from $VAR is already running (HAProxy pid $(cat "$VAR/run/haproxy.pid"))"
	secrets
	for i in $(seq 1 "$GALERA"); do
		mkdir -p "$VAR/node$i"
		cp "$VAR/secrets.env" "$VAR/node$i/secrets.env"
	done
	cluster_db_up
	node 1 up
	for i in $(seq 2 "$GALERA"); do node "$i" up; done
	haproxy_start
	# one Prometheus for the cluster, scraping both web servers
	prometheus_start "$(cat "$VAR/node1/run/metrics.port")" "$(cat "$VAR/node2/run/metrics.port")"
	{
		echo "BASE_URL=http://127.0.0.1:$PORT"
		echo "CONSOLE_URL=http://127.0.0.1:$PORT/console/"
		echo "PROMETHEUS_URL=http://127.0.0.1:$PROMETHEUS_PORT"
		grep -v -e '^BASE_URL=' -e '^CONSOLE_URL=' -e '^PROMETHEUS_URL=' "$VAR/node1/sandbox.env"
		echo "CLUSTER_WEB_URLS=\"http://127.0.0.1:${WEB_PORT[0]} http://127.0.0.1:${WEB_PORT[1]}\""
		echo "CLUSTER_METRICS_URLS=\"http://127.0.0.1:$(cat "$VAR/node1/run/metrics.port")/metrics http://127.0.0.1:$(cat "$VAR/node2/run/metrics.port")/metrics\""
	} > "$VAR/sandbox.env"
	chmod 600 "$VAR/sandbox.env"
}

cluster_down() {
	local i
	prometheus_stop
	haproxy_stop
	for i in $(seq "$GALERA" -1 1); do node "$i" down; done
}

cluster_pids() {
	local i
	haproxy_running && cat "$VAR/run/haproxy.pid"
	for i in $(seq 1 "$GALERA"); do node "$i" pids; done
	return 0
}

node_no() {
	[ -n "$NODE_ARG" ] && [ "$NODE_ARG" -ge 1 ] 2>/dev/null && [ "$NODE_ARG" -le "$GALERA" ] ||
		die "which node? (1 to $GALERA)"
}

cluster_main() {
	case "$CMD" in
	up) cluster_up ;;
	down) cluster_down ;;
	purge) for i in $(seq 1 "$GALERA"); do node "$i" purge; done ;;
	pids) cluster_pids ;;
	db-stop) cluster_db_stop ;;
	db-start) cluster_db_up ;;
	workers-stop) for i in $(seq 1 "$GALERA"); do node "$i" workers-stop; done ;;
	node-kill) node_no; node "$NODE_ARG" kill ;;
	node-start) node_no; node "$NODE_ARG" up ;;
	db-kill) node_no; node "$NODE_ARG" db-kill ;;
	run)
		trap 'echo; log "stopping"; cluster_down; exit 0' INT TERM
		cluster_up
		cat <<MSG

cediramp sandbox is running on a $GALERA-node Galera cluster (data in $VAR)

  base URL          http://127.0.0.1:$PORT   (HAProxy; wallet API /api, partner API /v1)
  web servers       Apache http://127.0.0.1:${WEB_PORT[0]} (node 1), lighttpd http://127.0.0.1:${WEB_PORT[1]} (node 2)
  partner API key   $(sed -n 's/^PARTNER_API_KEY=//p' "$VAR/sandbox.env")
  console           $(sed -n 's/^CONSOLE_URL=//p' "$VAR/sandbox.env") (sign in: CONSOLE_EMAIL, CONSOLE_PASSWORD)
  wallet JWT        in $VAR/sandbox.env
  nodes             mariadb --defaults-file=$VAR/nodeI/my.cnf -uroot (I = 1..$GALERA)

  these values are in $VAR/sandbox.env; logs in $VAR/log/ and $VAR/node*/log/
  Ctrl-C stops everything.

MSG
		while haproxy_running; do sleep 1 & wait $! || true; done
		log "HAProxy exited; see $VAR/log/"
		cluster_down
		exit 1
		;;
	*) sed -n '2,20p' "$ROOT/tools/stack-cluster.sh" >&2; exit 2 ;;
	esac
}
