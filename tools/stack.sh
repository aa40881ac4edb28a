#!/usr/bin/env bash
# Starts and stops cediramp's private stack: a MariaDB server and Apache
# (or lighttpd) whose data, pid files, config and logs live under one
# directory (var/ by default). No system service is used.
#
# What the web server's own processes (www-data when we are root) execute,
# read and write is staged in a runtime directory outside the checkout,
# /run/cediramp-HASH (/tmp/cediramp-HASH when not root), HASH naming the
# var/ directory: the FastCGI programs copied from the build, the config
# they read, their log, the MariaDB socket, mod_fcgid's and lighttpd's
# sockets. So the stack runs from a checkout www-data cannot enter (a 0700
# home). `up` refreshes it; `down` appends its logs to var/log/ and removes it.
#
#   stack.sh run   [opts]   start everything, print credentials, serve until Ctrl-C
#   stack.sh up    [opts]   start everything in the background (tests)
#   stack.sh down  [opts]   stop everything started from that directory
#   stack.sh db-stop|db-start [opts]   stop / start only MariaDB (tests)
#   stack.sh purge [opts]   after down: remove what lives outside that
#                            directory (a cluster node's DBHOME, below)
#   stack.sh pids  [opts]   the processes of the stack in that directory
#   stack.sh workers-stop [opts]   stop the cron loops and wait for their workers
#   stack.sh chain-stop|chain-start [opts]   stop / start only the Anvil node
#                            (--chain evm; its state is kept in var/anvil/)
#   stack.sh signer-stop|signer-start|signer-kill [opts]   stop (held: the
#                            keeper leaves it so) / start / kill -9 (the
#                            keeper starts it again) cediramp-signer (--chain evm)
#   stack.sh db-kill|kill [opts]   kill -9 of MariaDB / of everything (tests)
#   stack.sh warm N [PROGRAM...] [opts]   Apache: bring those programs (all
#                            by default) to N processes (tools/fcgid_warm.sh)
#
# While it runs, the stack's keeper starts again a MariaDB that died
# (unless db-stop or db-kill stopped it), a cron loop that died, and
# cediramp-signer when it died (unless signer-stop stopped it).
#
# --galera N: the same as a MariaDB Galera cluster of N nodes behind HAProxy
# (tools/stack-cluster.sh, which lists its own commands and options).
#
# opts: --var DIR  --build DIR  --port N  --server apache|lighttpd
#       --chain sim|evm (sim: the chain simulator; evm: a local Anvil node
#                with the gateway contract and sandbox tokens deployed)
#       --anvil-port N (evm: the node's port; default 8545)
#       --signer file|pkcs11 (evm: cediramp-signer's key store; pkcs11: a
#                SoftHSM2 token kept outside var/ across down and up)
#       --no-workers (up: no cron loop; tests run the workers themselves)
#       --bench (up/run: also stage the hello-world program of `make bench`,
#                $BUILD/fcgi-bench/hello.fcgi, and route /bench/hello to it;
#                never part of a product stack)
#       --warm N (up/run under Apache: every program's processes spawned
#                before it serves, N of each, decision 68; default 1, which
#                only starts each program's first process early; 0: none)
#       --metrics-port N (the web server's metrics listener, GET /metrics
#                only; default: a free port, kept in var/run/metrics.port)
#       --prometheus-port N (the stack's own Prometheus, scraping it every
#                5 s; default: a free port, kept in var/run/prometheus.port)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CMD="" NODE_ARG=""
VAR="$ROOT/var" BUILD="build" PORT=8080 SERVER=apache WORKERS=1 BENCH=0 CHAIN=sim SIGNER_STORE=file
ANVIL_PORT=8545 CHAIN_FRESH=0 WARM=1 WARM_ARGS=()
MAIL_PORT="" METRICS_PORT="" PROMETHEUS_PORT=""
# a Galera cluster (--galera N, tools/stack-cluster.sh), and one node of
# it (--node I: the cluster's own calls of this script, one per node)
GALERA=0 NODE=0 NODES=0 GALERA_PORT_BASE=24400 WEB_PORTS="" REPLICA=0 WEB=1
# the port the outside world calls (the providers' callbacks): HAProxy's
# for a cluster node, else the web server's own
FRONT_PORT=""
while [ $# -gt 0 ]; do
	case "$1" in
	--galera) GALERA=$2; shift 2 ;;
	--galera-port-base) GALERA_PORT_BASE=$2; shift 2 ;;
	--web-ports) WEB_PORTS=$2; shift 2 ;;
	--node) NODE=$2; shift 2 ;;
	--nodes) NODES=$2; shift 2 ;;
	--replica) REPLICA=1; shift ;;
	--front-port) FRONT_PORT=$2; shift 2 ;;
	--no-web) WEB=0; shift ;;
	--var) VAR=$2; shift 2 ;;
	--build) BUILD=$2; shift 2 ;;
	--port) PORT=$2; shift 2 ;;
	--server) SERVER=$2; shift 2 ;;
	--no-workers) WORKERS=0; shift ;;
	--chain) CHAIN=$2; shift 2 ;;
	--signer) SIGNER_STORE=$2; shift 2 ;;
	--anvil-port) ANVIL_PORT=$2; shift 2 ;;
	--bench) BENCH=1; shift ;;
	--warm) WARM=$2; shift 2 ;;
	--metrics-port) METRICS_PORT=$2; shift 2 ;;
	--prometheus-port) PROMETHEUS_PORT=$2; shift 2 ;;
	-*) echo "stack: unknown option $1" >&2; exit 2 ;;
	*) if [ -z "$CMD" ]; then CMD=$1; elif [ "$CMD" = warm ]; then WARM_ARGS+=("$1");
	   else NODE_ARG=$1; fi; shift ;;
	esac
done
[ -n "$FRONT_PORT" ] || FRONT_PORT=$PORT
mkdir -p "$VAR"
VAR=$(cd "$VAR" && pwd)
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
case "$SERVER" in apache|lighttpd) ;; *) echo "stack: --server apache|lighttpd" >&2; exit 2 ;; esac
case "$CHAIN" in sim|evm) ;; *) echo "stack: --chain sim|evm" >&2; exit 2 ;; esac
case "$SIGNER_STORE" in file|pkcs11) ;; *) echo "stack: --signer file|pkcs11" >&2; exit 2 ;; esac
[[ $WARM =~ ^[0-9]{1,2}$ ]] || { echo "stack: --warm N: 0 to 99 processes a program" >&2; exit 2; }

ME=$(id -un)
WEB_USER=$ME
[ "$(id -u)" = 0 ] && WEB_USER=www-data # Apache refuses to serve as root
WEB_GROUP=$(id -gn "$WEB_USER" 2>/dev/null) || WEB_GROUP=""
MAX_BODY=8388608
WALLET_ID=0x1111111111111111111111111111111111111111

log() { printf 'stack: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }
# shellcheck source=tools/ports.sh
. "$ROOT/tools/ports.sh"

# kept_port NAME [GIVEN]: the port given, else the one this stack drew
# before (var/run/NAME.port) while nothing else took it, else a free one;
# kept in var/run/NAME.port for the later calls (down, the banner)
kept_port() {
	local f="$VAR/run/$1.port" p=${2:-}
	if [ -z "$p" ] && [ -s "$f" ]; then
		p=$(cat "$f")
		(exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && p=""
	fi
	[ -n "$p" ] || p=$(free_port)
	[ "$p" != 0 ] || die "no free port for $1"
	mkdir -p "$VAR/run"
	echo "$p" > "$f"
	echo "$p"
}

# The runtime directory, named after var/ so that every command finds it.
# Short, so that socket paths in it fit the 107 bytes of a Unix socket.
RUN_BASE=/tmp
[ "$(id -u)" = 0 ] && [ -d /run ] && [ -w /run ] && RUN_BASE=/run
RUN="$RUN_BASE/cediramp-$(printf '%s' "$VAR" | md5sum | cut -c1-12)"
SOCK="$RUN/mysqld.sock"
MYCNF="$VAR/my.cnf"
DB() { mariadb --defaults-file="$MYCNF" -uroot "$@"; }
ADMIN() { CEDIRAMP_CONF="$VAR/cediramp.conf" "$BUILD/tools/cediramp-admin" "$@"; }

# cediramp-signer's user, directory and socket (signer_stage)
SIGNER_USER=$ME
[ "$(id -u)" = 0 ] && SIGNER_USER=cediramp-signer
SIGNER_DIR="$RUN/signer"
SIGNER_SOCK="$RUN/signer-sock/signer.sock"
# --signer pkcs11: its SoftHSM2 token, outside var/ (which the signer's
# user may not enter), kept across down and up; purge removes it
SIGNER_HOME="/var/tmp/cediramp-signer-$(printf '%s' "$VAR" | md5sum | cut -c1-12)"
SOFTHSM_MODULE=/usr/lib/softhsm/libsofthsm2.so

# A cluster node's MariaDB runs as the system's mysql user when we are
# root, as Debian runs it: rsync's SST daemon, started by the server,
# drops root for "nobody" and could not write a root-owned datadir. Its
# socket is then in a directory of its own in the runtime directory.
DB_USER=$ME
if [ "$NODE" -gt 0 ]; then
	[ "$(id -u)" = 0 ] && DB_USER=mysql
	SOCK="$RUN/db/mysqld.sock"
fi
# What that user reads and writes (the node's my.cnf, datadir and tmpdir)
# must be reachable by it, and a checkout under a 0700 directory (root's
# home, a mktemp -d) is not. They then live in a directory of their own,
# DBHOME, /var/tmp/cediramp-db-HASH (HASH naming var/, as RUN does), with
# the links var/mysql and var/my.cnf to them. Kept across down and up as
# var/mysql is; `purge` removes it (make test does after its cluster pass),
# and so does a start that finds var/ new (the DBHOME of a var/ deleted).
DBHOME=""
if [ "$DB_USER" != "$ME" ]; then
	DBHOME="/var/tmp/cediramp-db-$(printf '%s' "$VAR" | md5sum | cut -c1-12)"
	MYCNF="$DBHOME/my.cnf"
fi
DBDATA="${DBHOME:-$VAR}/mysql" DBTMP="${DBHOME:-$VAR}/tmp"
# Galera's ports of node i: replication, IST, rsync SST
gport() { echo $((GALERA_PORT_BASE + 10 * $1 + ${2:-0})); }

db_running() { mariadb-admin --defaults-file="$MYCNF" -uroot ping >/dev/null 2>&1; }
# The server this stack started (its pid kept in run/mysqld.pid) still runs,
# answering or not (a joining node answers only once it has its state).
db_alive() {
	[ -f "$VAR/run/mysqld.pid" ] &&
		tr '\0' ' ' 2>/dev/null < "/proc/$(cat "$VAR/run/mysqld.pid")/cmdline" | grep -qF "$MYCNF"
}
db_ready() {
	[ "$NODE" -gt 0 ] || { db_running; return; }
	[ "$(DB -Nse "SHOW STATUS LIKE 'wsrep_ready'" 2>/dev/null | cut -f2)" = ON ]
}

# A cluster node's lines of my.cnf (docs/operations.md, "Running on a
# Galera cluster"): every write replicated by certification, anything
# Galera cannot replicate refused, auto-increment interleaved per node.
galera_cnf() {
	local i peers=""
	[ "$NODE" -gt 0 ] || return 0
	for i in $(seq 1 "$NODES"); do peers="$peers${peers:+,}127.0.0.1:$(gport "$i")"; done
	cat <<CNF
pid-file = $DBDATA/mysqld.pid
binlog_format = ROW
innodb_autoinc_lock_mode = 2
default_storage_engine = InnoDB
wsrep_on = ON
wsrep_provider = /usr/lib/galera/libgalera_smm.so
wsrep_cluster_name = cediramp
wsrep_cluster_address = gcomm://$peers
wsrep_node_name = node$NODE
wsrep_node_address = 127.0.0.1:$(gport "$NODE")
wsrep_provider_options = "base_host=127.0.0.1;base_port=$(gport "$NODE");ist.recv_addr=127.0.0.1:$(gport "$NODE" 1);gcache.size=128M;pc.recovery=true"
wsrep_sst_method = rsync
wsrep_sst_receive_address = 127.0.0.1:$(gport "$NODE" 2)
wsrep_mode = STRICT_REPLICATION,REQUIRED_PRIMARY_KEY
wsrep_slave_threads = 2
# an autocommit statement that lost certification is retried by the server
wsrep_retry_autocommit = 4
# the schema's triggers, created by the cediramp user (binlogged as rows)
log_bin_trust_function_creators = 1
CNF
}

db_cnf() {
	local pidfile="pid-file = $VAR/run/mysqld.pid"
	[ "$NODE" -gt 0 ] && pidfile="" # in the datadir, galera_cnf
	cat > "$MYCNF.new" <<CNF
[client]
socket = $SOCK
[mysqld]
datadir = $DBDATA
socket = $SOCK
$pidfile
tmpdir = $DBTMP
skip-networking
skip-name-resolve
innodb_buffer_pool_size = 64M
innodb_log_file_size = 16M
innodb_flush_log_at_trx_commit = 1
# Apache's FastCGI processes (up to 480, httpd.conf.in), the workers,
# the tests' and the admin tool's connections
max_connections = 600
# every program prepares every statement once per connection (about 260):
# 600 connections need ~160,000 (the default 16,382 runs out near 65)
max_prepared_stmt_count = 200000
character-set-server = utf8mb4
collation-server = utf8mb4_bin
$(galera_cnf)
CNF
	# replaced whole, never rewritten in place: a mariadbd just launched
	# (its launch's lock already released) may be reading it, and once
	# read a truncated one and started with no Galera and no socket of ours
	if cmp -s "$MYCNF.new" "$MYCNF"; then rm -f "$MYCNF.new"; else mv -f "$MYCNF.new" "$MYCNF"; fi
}

# Whether another node of the cluster listens for replication (a node that
# may bootstrap must not when one does).
peer_up() {
	local i
	for i in $(seq 1 "$NODES"); do
		[ "$i" = "$NODE" ] && continue
		(exec 3<>"/dev/tcp/127.0.0.1/$(gport "$i")") 2>/dev/null && return 0
	done
	return 1
}

# The arguments a cluster node starts with: a new cluster from the first
# node of a fresh one, or from the node Galera marked safe to bootstrap
# (the last one stopped) when no other runs; otherwise it joins at the
# position its own data holds, so that it catches up by IST (the
# writesets it missed) instead of copying everything (SST).
galera_args() {
	local pos
	[ "$NODE" -gt 0 ] || return 0
	if [ ! -f "$VAR/mysql/grastate.dat" ]; then
		[ "$NODE" = 1 ] && [ ! -d "$VAR/mysql/cediramp" ] && ! peer_up && echo --wsrep-new-cluster
		return 0
	fi
	if grep -q '^safe_to_bootstrap: *1' "$VAR/mysql/grastate.dat" && ! peer_up; then
		echo --wsrep-new-cluster
		return 0
	fi
	mariadbd --defaults-file="$MYCNF" --user="$DB_USER" --wsrep-recover \
		--log-error="$DBTMP/wsrep-recover.log" >/dev/null 2>&1 || true
	pos=$(sed -n 's/.*WSREP: Recovered position: *//p' "$DBTMP/wsrep-recover.log" 2>/dev/null | tail -1)
	rm -f "$DBTMP/wsrep-recover.log"
	[ -n "$pos" ] && echo "--wsrep_start_position=$pos"
	return 0
}

# The seqno this node's data holds (-1 unknown), the server stopped: read
# from grastate.dat, or recovered from InnoDB after a crash.
db_position() {
	local seq
	[ -f "$VAR/mysql/grastate.dat" ] || { echo -1; return; } # never joined
	seq=$(sed -n 's/^seqno: *//p' "$VAR/mysql/grastate.dat")
	if [ "${seq:--1}" = -1 ]; then
		mariadbd --defaults-file="$MYCNF" --user="$DB_USER" --wsrep-recover \
			--log-error="$DBTMP/wsrep-recover.log" >/dev/null 2>&1 || true
		seq=$(sed -n 's/.*WSREP: Recovered position: *[^:]*://p' "$DBTMP/wsrep-recover.log" 2>/dev/null | tail -1)
		rm -f "$DBTMP/wsrep-recover.log"
	fi
	echo "${seq:--1}"
}

# Starts the server without waiting for it. Launches and kills of one
# node take run/db.lock in turn, so that a server is never started while
# another launch is still recovering its position (about a second, before
# its pid is known), nor killed then: the keeper once started a second
# mariadbd in that gap, whose pid replaced the first one's. With
# --unless-held, the keeper's, a server held stopped is left so.
db_launch() {
	mkdir -p "$VAR/run"
	( flock 9; db_launch_locked "${1:-}" ) 9>"$VAR/run/db.lock"
}

# DBHOME made (ours, 0711, what is in it the node user's) and linked
# from var/; a datadir of an older stack in var/ itself moved there.
dbhome_make() {
	[ -n "$DBHOME" ] || return 0
	if [ ! -L "$VAR/mysql" ] && [ -e "$DBHOME" ]; then
		rm -rf "${DBHOME:?}" # a deleted var/'s, whose path this var/ took
	fi
	if [ -L "$DBHOME" ] || { [ -e "$DBHOME" ] && [ ! -d "$DBHOME" ]; }; then
		die "$DBHOME is not a directory; remove it"
	fi
	[ -d "$DBHOME" ] || mkdir -m 0711 "$DBHOME" || die "cannot create $DBHOME"
	[ "$(stat -c %u "$DBHOME")" = "$(id -u)" ] || die "$DBHOME belongs to another user; remove it"
	chmod 0711 "$DBHOME"
	if [ -d "$VAR/mysql" ] && [ ! -L "$VAR/mysql" ]; then
		log "moving the node's data from $VAR/mysql to $DBDATA"
		rm -rf "${DBDATA:?}"
		mv "$VAR/mysql" "$DBDATA" || die "could not move $VAR/mysql to $DBDATA"
	fi
	mkdir -p "$DBDATA" "$DBTMP"
	chown "$DB_USER" "$DBDATA" "$DBTMP"
	ln -sfn "$DBDATA" "$VAR/mysql"
	ln -sfn "$MYCNF" "$VAR/my.cnf"
}

# Removes DBHOME once its server has stopped (`purge`).
dbhome_purge() {
	[ -n "$DBHOME" ] && [ -d "$DBHOME" ] || return 0
	if db_alive || db_running; then
		log "MariaDB still runs; keeping $DBHOME"
		return 1
	fi
	rm -rf "${DBHOME:?}"
	rm -f "$VAR/mysql" "$VAR/my.cnf"
}

db_launch_locked() {
	local args
	dbhome_make
	mkdir -p "$DBDATA" "$DBTMP" "$VAR/log" "$VAR/tmp"
	runtime_dir
	if [ "$1" = --unless-held ]; then
		[ -f "$VAR/run/db.hold" ] && return 0
	else
		rm -f "$VAR/run/db.hold"
	fi
	if [ "$NODE" -gt 0 ]; then
		mkdir -p "$RUN/db"
		chmod 0711 "$RUN/db"
		chown "$DB_USER" "$RUN/db" "$DBDATA" "$DBTMP"
	fi
	db_cnf
	if db_alive || db_running; then return 0; fi
	if [ ! -d "$DBDATA/mysql" ] && { [ "$NODE" -le 1 ]; }; then
		log "initialising MariaDB in $DBDATA"
		mariadb-install-db --defaults-file="$MYCNF" --user="$DB_USER" \
			--auth-root-authentication-method=normal --skip-test-db \
			>"$VAR/log/mysql-install.log" 2>&1 9>&- ||
			die "mariadb-install-db failed; see $VAR/log/mysql-install.log"
	fi
	# (the arguments first: $! must be mariadbd itself, not a shell still
	# recovering the node's position)
	args=$(galera_args 9>&-)
	# shellcheck disable=SC2086
	mariadbd --defaults-file="$MYCNF" --user="$DB_USER" $args \
		>>"$VAR/log/mysqld.log" 2>&1 9>&- &
	echo $! > "$VAR/run/mysqld.pid"
}

# Starts the server and waits until it serves: 10 s for one server, 3
# minutes for a cluster node (joining may copy the whole database).
db_start() {
	local tries=100
	[ "$NODE" -gt 0 ] && tries=1800
	db_launch "${1:-}"
	[ "${1:-}" = --unless-held ] && [ -f "$VAR/run/db.hold" ] && return 0
	for _ in $(seq 1 "$tries"); do
		db_ready && return 0
		db_alive || db_running || break
		sleep 0.1
	done
	die "MariaDB did not start; see $VAR/log/mysqld.log"
}

# Stops the server; the stack's keeper leaves it stopped (run/db.hold)
# until db_start.
db_stop() {
	mkdir -p "$VAR/run"
	( flock 9; touch "$VAR/run/db.hold" ) 9>"$VAR/run/db.lock"
	if db_running; then
		mariadb-admin --defaults-file="$MYCNF" -uroot shutdown || true
	elif db_alive; then # still joining: not answering yet
		kill -TERM "$(cat "$VAR/run/mysqld.pid")" 2>/dev/null || true
	fi
	for _ in $(seq 1 300); do db_alive || break; sleep 0.1; done
}

# kill -9 of the server, as a crash would (tests); held like db_stop.
db_kill() {
	mkdir -p "$VAR/run"
	(
		flock 9
		touch "$VAR/run/db.hold"
		if db_alive; then kill -KILL "$(cat "$VAR/run/mysqld.pid")" 2>/dev/null || true; fi
	) 9>"$VAR/run/db.lock"
	for _ in $(seq 1 50); do db_alive || break; sleep 0.1; done
	return 0
}

# Secrets are made once per var/ and kept, so data and keys survive restarts.
# A new secret for name: MoMo API users as MTN issues them (a UUID v4),
# their API and subscription keys 32 hex digits, the rest 64.
secret_new() {
	case "$1" in
	MOMO_*_API_USER) cat /proc/sys/kernel/random/uuid ;;
	MOMO_*_API_KEY | MOMO_*_SUBSCRIPTION_KEY) head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n' ;;
	# a Paystack test secret key's shape: sk_test_ and 40 hex digits
	PAYSTACK_*_SECRET_KEY) echo "sk_test_$(head -c 20 /dev/urandom | od -An -tx1 | tr -d ' \n')" ;;
	*) head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' ;;
	esac
}

# Whether a kept MoMo credential has MTN's shape (older stacks made 64 hex
# digits of each, which MTN's own clients refuse).
secret_shaped() {
	case "$1" in
	MOMO_*_API_USER) [[ $2 =~ ^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$ ]] ;;
	MOMO_*_API_KEY | MOMO_*_SUBSCRIPTION_KEY) [[ $2 =~ ^[0-9a-f]{32}$ ]] ;;
	*) return 0 ;;
	esac
}

secrets() {
	local name value
	touch "$VAR/secrets.env"
	chmod 600 "$VAR/secrets.env"
	# each secret is made once and kept; a var/ from an older version gets
	# the ones it lacks, and MoMo credentials in MTN's shape
	for name in DB_PASSWORD JWT_HS256_SECRET CURSOR_SECRET QUOTES_SIGNING_KEY KYC_ENCRYPTION_KEY WEBHOOKS_ENCRYPTION_KEY \
		MOMO_CALLBACK_TOKEN \
		MOMO_MTN_API_USER MOMO_MTN_API_KEY MOMO_MTN_SUBSCRIPTION_KEY \
		MOMO_TELECEL_API_USER MOMO_TELECEL_API_KEY MOMO_TELECEL_SUBSCRIPTION_KEY \
		MOMO_AIRTELTIGO_API_USER MOMO_AIRTELTIGO_API_KEY MOMO_AIRTELTIGO_SUBSCRIPTION_KEY \
		PAYSTACK_TELECEL_SECRET_KEY PAYSTACK_AIRTELTIGO_SECRET_KEY \
		EVM_DEPLOYER_KEY EVM_OPERATOR_KEY EVM_CUSTODY_KEY EVM_WALLET_KEY EVM_TREASURY_KEY \
		EVM_OWNER_KEY SIGNER_PIN SIGNER_SO_PIN; do
		value=$(sed -n "s/^$name=//p" "$VAR/secrets.env")
		if [ -n "$value" ] && ! secret_shaped "$name" "$value"; then
			sed -i "/^$name=/d" "$VAR/secrets.env"
			value=""
		fi
		[ -n "$value" ] || echo "$name=$(secret_new "$name")" >> "$VAR/secrets.env"
	done
	# shellcheck disable=SC1091
	. "$VAR/secrets.env"
}

db_setup() {
	DB <<SQL
CREATE DATABASE IF NOT EXISTS cediramp CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
CREATE USER IF NOT EXISTS 'cediramp'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
ALTER USER 'cediramp'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
GRANT ALL PRIVILEGES ON cediramp.* TO 'cediramp'@'localhost';
SQL
}

# The runtime directory itself: ours, 0711 (others may pass through to
# what is inside, not list it). Under /tmp a name another user took first
# is refused, never reused.
runtime_dir() {
	if [ -L "$RUN" ] || { [ -e "$RUN" ] && [ ! -d "$RUN" ]; }; then
		die "$RUN is not a directory; remove it"
	fi
	if [ ! -d "$RUN" ]; then
		mkdir -m 0711 "$RUN" || die "cannot create the runtime directory $RUN"
	fi
	[ "$(stat -c %u "$RUN")" = "$(id -u)" ] || die "$RUN belongs to another user; remove it"
	chmod 0711 "$RUN"
}

# A directory of the runtime directory that the web user writes in.
web_dir() {
	rm -rf "${RUN:?}/$1"
	mkdir -m 0700 "$RUN/$1"
	[ "$WEB_USER" != "$ME" ] && chown "$WEB_USER:$WEB_GROUP" "$RUN/$1"
	return 0
}

# Logs the web side wrote in the runtime directory, moved to var/log/: the
# programs' log is appended to var/log/cediramp.log, sanitizer reports
# become var/log/asan.PID / ubsan.PID (where `make test` looks for them).
collect_logs() {
	local f
	[ -d "$RUN" ] || return 0
	mkdir -p "$VAR/log"
	f="$RUN/log/cediramp.log"
	if [ -f "$f" ] && [ ! -L "$f" ] && [ -s "$f" ]; then
		touch "$VAR/log/cediramp.log" && chmod 640 "$VAR/log/cediramp.log"
		cat "$f" >> "$VAR/log/cediramp.log"
		: > "$f"
	fi
	f="$SIGNER_DIR/signer.log"
	if [ -f "$f" ] && [ ! -L "$f" ] && [ -s "$f" ]; then
		cat "$f" >> "$VAR/log/signer.log"
		: > "$f"
	fi
	for f in "$RUN"/san/asan.* "$RUN"/san/ubsan.* "$SIGNER_DIR"/asan.* "$SIGNER_DIR"/ubsan.*; do
		if [ -f "$f" ] && [ ! -L "$f" ]; then
			cat "$f" > "$VAR/log/${f##*/}"
			rm -f "$f"
		fi
	done
}

# Stages what the web server executes, reads and writes (see the top of
# this file). Refreshed on every `up`: a rebuilt program is served, never a
# stale copy. The MariaDB socket in it is left alone.
stage() {
	local f
	runtime_dir
	collect_logs # of a run that never came down
	rm -rf "${RUN:?}/fcgi" "$RUN/www" "$RUN/log"
	mkdir -m 0755 "$RUN/fcgi" "$RUN/www" "$RUN/log"
	for f in "$BUILD"/fcgi/*.fcgi; do
		[ -f "$f" ] || die "no FastCGI programs in $BUILD/fcgi; run make"
		cp "$f" "$RUN/fcgi/"
	done
	# the benchmark's yardstick, beside the programs so that it is served
	# with exactly their settings; only a --bench stack has it (and routes
	# /bench/hello to it)
	if [ "$BENCH" = 1 ]; then
		[ -f "$BUILD/fcgi-bench/hello.fcgi" ] || die "no $BUILD/fcgi-bench/hello.fcgi; run make"
		cp "$BUILD/fcgi-bench/hello.fcgi" "$RUN/fcgi/hello.fcgi"
	fi
	chmod 0755 "$RUN"/fcgi/*.fcgi
	# the HTML reference (/docs/), static files the web server reads
	rm -rf "${RUN:?}/docs"
	mkdir -m 0755 "$RUN/docs"
	cp "$BUILD"/docs/*.html "$RUN/docs/" || die "no HTML reference in $BUILD/docs; run make"
	chmod 0644 "$RUN"/docs/*.html
	# the console's pages (/console/: index.html, app.js, app.css), static too
	rm -rf "${RUN:?}/console"
	mkdir -m 0755 "$RUN/console"
	cp "$BUILD"/console/* "$RUN/console/" || die "no console pages in $BUILD/console; run make"
	chmod 0644 "$RUN"/console/*
	web_dir fcgid    # mod_fcgid's sockets
	web_dir lighttpd # lighttpd's sockets and request body spool
	web_dir san      # sanitizer reports of the programs (build-asan)
	# the programs' metrics (core/metrics.h): a file per program, written
	# by the web user's programs and by our workers, read by the scrape;
	# setgid, so every file is the web group's
	rm -rf "${RUN:?}/metrics"
	mkdir -m 2770 "$RUN/metrics"
	chgrp "$WEB_GROUP" "$RUN/metrics"
	chmod 2770 "$RUN/metrics"
	# the log: in a directory of ours, so the web user can write it but
	# not replace it (root appends to it too)
	: > "$RUN/log/cediramp.log"
	chmod 0640 "$RUN/log/cediramp.log"
	[ "$WEB_USER" != "$ME" ] && chown "$WEB_USER" "$RUN/log/cediramp.log"
	return 0
}

# Removes the runtime directory once everything in it has stopped.
unstage() {
	[ -d "$RUN" ] || return 0
	collect_logs
	if db_running; then
		log "MariaDB still runs; keeping $RUN"
		return 0
	fi
	rm -rf "${RUN:?}"
}

# ---- the sandbox chain on Anvil (--chain evm) ----
ANVIL="$ROOT/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil"
CHAIN_ID=31337

rpc() { # rpc METHOD PARAMS-JSON: the node's answer, or nothing
	curl -fsS --max-time 5 -H 'Content-Type: application/json' \
		-d "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"$1\",\"params\":${2:-[]}}" \
		"http://127.0.0.1:$ANVIL_PORT" 2>/dev/null
}
chain_running() { [ -f "$VAR/run/anvil.pid" ] && kill -0 "$(cat "$VAR/run/anvil.pid")" 2>/dev/null; }

# Anvil mining a block a second, its chain kept in var/anvil/state.json
# (written when it stops, and every 10 s), so a restart continues it.
chain_start() {
	mkdir -p "$VAR/anvil" "$VAR/run" "$VAR/log"
	chain_running && return 0
	[ -x "$ANVIL" ] || die "no $ANVIL; run make deps"
	if (exec 3<>"/dev/tcp/127.0.0.1/$ANVIL_PORT") 2>/dev/null; then
		die "port $ANVIL_PORT is in use; choose another with ANVIL_PORT=..."
	fi
	"$ANVIL" --host 127.0.0.1 --port "$ANVIL_PORT" --chain-id "$CHAIN_ID" --block-time 1 \
		--state "$VAR/anvil/state.json" --state-interval 10 \
		>>"$VAR/log/anvil.log" 2>&1 &
	echo $! > "$VAR/run/anvil.pid"
	for _ in $(seq 1 100); do
		rpc eth_chainId | grep -q result && return 0
		chain_running || break
		sleep 0.1
	done
	die "Anvil did not start on port $ANVIL_PORT; see $VAR/log/anvil.log"
}

chain_stop() {
	local pid
	chain_running || { rm -f "$VAR/run/anvil.pid"; return 0; }
	pid=$(cat "$VAR/run/anvil.pid")
	kill -TERM "$pid" 2>/dev/null || true # it writes its state as it stops
	for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -KILL "$pid" 2>/dev/null || true
	rm -f "$VAR/run/anvil.pid"
}

# The tokens and the gateway (once per chain: deploy.mjs finds them again
# in var/anvil/deployed.json), the custody's approvals, the sandbox
# wallet's coins; the addresses into var/chain.env.
chain_deploy() {
	RPC_URL="http://127.0.0.1:$ANVIL_PORT" DEPLOYER_KEY=$EVM_DEPLOYER_KEY \
		OPERATOR_KEY=$EVM_OPERATOR_KEY OPERATOR_ADDRESS="${OPERATOR_ADDRESS:-}" \
		OWNER_ADDRESS="${OWNER_ADDRESS:-}" \
		CUSTODY_KEY=$EVM_CUSTODY_KEY \
		WALLET_KEY=$EVM_WALLET_KEY TREASURY_KEY=$EVM_TREASURY_KEY \
		STATE_FILE="$VAR/anvil/deployed.json" \
		node "$ROOT/tools/chain/deploy.mjs" "$ROOT/build/contracts" \
		>"$VAR/chain.env.new" 2>>"$VAR/log/anvil-deploy.log" ||
		die "deploying the sandbox contracts failed: $(tail -1 "$VAR/log/anvil-deploy.log")"
	mv "$VAR/chain.env.new" "$VAR/chain.env"
	# a chain deployed anew (its state was lost) starts its nonces over
	CHAIN_FRESH=0
	tail -1 "$VAR/log/anvil-deploy.log" | grep -q '^deploy: deployed' && CHAIN_FRESH=1
	# shellcheck disable=SC1091
	. "$VAR/chain.env"
	return 0
}

# cediramp-signer (--chain evm; docs/design.md "Custody"): the only holder
# of the operator's key. As root it runs as the system user
# cediramp-signer (tools/deps.sh makes it); otherwise as us, the
# documented equivalent. Its directory in the runtime directory is its
# own, 0700: the key (0400), its config (0400), its program, its log. Its
# socket has a directory of its own that every caller may search;
# SO_PEERCRED decides who may ask (signer.allow_uids: the web user, us).
signer_stage() {
	id -u "$SIGNER_USER" >/dev/null 2>&1 ||
		die "no user $SIGNER_USER to run cediramp-signer as; run make deps (tools/deps.sh)"
	rm -rf "${SIGNER_DIR:?}" "$RUN/signer-sock" "$VAR/run/signer.hold"
	mkdir -m 0700 "$SIGNER_DIR"
	mkdir -m 0755 "$RUN/signer-sock"
	cp "$BUILD/tools/cediramp-signer" "$SIGNER_DIR/cediramp-signer"
	chmod 0500 "$SIGNER_DIR/cediramp-signer"
	: > "$SIGNER_DIR/signer.log"
	chmod 0600 "$SIGNER_DIR/signer.log"
	signer_own "$SIGNER_DIR" "$RUN/signer-sock"
	signer_home
	[ "$SIGNER_STORE" = pkcs11 ] && signer_token
	signer_keys
}

# The signer's home, kept across runs (the runtime directory is not): the
# keys a rotation made (file store) and the SoftHSM2 token (pkcs11).
signer_home() {
	# a home whose var/ was removed by hand (not purged) holds the keys
	# and token PIN of secrets that are gone: dropped, as purge would
	# have. The two share an id (a home from before ids is adopted).
	if [ -f "$SIGNER_HOME/var-id" ] && ! cmp -s "$SIGNER_HOME/var-id" "$VAR/signer-id"; then
		echo "stack: $SIGNER_HOME belonged to an earlier $VAR: new keys"
		rm -rf "$SIGNER_HOME"
	fi
	[ -f "$VAR/signer-id" ] || head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$VAR/signer-id"
	if [ ! -d "$SIGNER_HOME" ]; then
		# new keys (purge took the old ones): a new gateway for them, and
		# the database's rotations and nonces go with the old one
		rm -f "$VAR/anvil/deployed.json"
		mkdir -m 0700 "$SIGNER_HOME" "$SIGNER_HOME/tokens" "$SIGNER_HOME/keys"
		printf 'directories.tokendir = %s/tokens\nobjectstore.backend = file\nlog.level = ERROR\n' \
			"$SIGNER_HOME" > "$SIGNER_HOME/softhsm2.conf"
		signer_own "$SIGNER_HOME"
	fi
	if [ ! -d "$SIGNER_HOME/keys" ]; then # a home from before rotations
		mkdir -m 0700 "$SIGNER_HOME/keys"
		signer_own "$SIGNER_HOME/keys"
	fi
	[ -f "$SIGNER_HOME/var-id" ] || cp "$VAR/signer-id" "$SIGNER_HOME/var-id"
	return 0
}

# The signer's keys (the file store's from the secrets: the operator's and
# the gateway owner's; a token makes its own) and their addresses, which
# the gateway is deployed for, into OPERATOR_ADDRESS and OWNER_ADDRESS.
signer_keys() {
	local hsm="$SIGNER_HOME/softhsm2.conf"
	umask 077
	if [ "$SIGNER_STORE" = file ]; then
		printf '%s\n' "$EVM_OPERATOR_KEY" > "$SIGNER_DIR/operator.key"
		printf '%s\n' "$EVM_OWNER_KEY" > "$SIGNER_DIR/owner.key"
		chmod 0400 "$SIGNER_DIR/operator.key" "$SIGNER_DIR/owner.key"
	fi
	rm -f "$SIGNER_DIR/keys.conf"
	signer_conf_keys > "$SIGNER_DIR/keys.conf"
	umask 022
	chmod 0400 "$SIGNER_DIR/keys.conf"
	signer_own "$SIGNER_DIR"
	OPERATOR_ADDRESS=$(as_signer env SOFTHSM2_CONF="$hsm" CEDIRAMP_CONF="$SIGNER_DIR/keys.conf" \
		"$SIGNER_DIR/cediramp-signer" --address) ||
		die "cediramp-signer found no operator key: $OPERATOR_ADDRESS"
	OWNER_ADDRESS=$(as_signer env SOFTHSM2_CONF="$hsm" CEDIRAMP_CONF="$SIGNER_DIR/keys.conf" \
		"$SIGNER_DIR/cediramp-signer" --owner-address) ||
		die "cediramp-signer found no owner key: $OWNER_ADDRESS"
}

# signer_own PATH...: the signer's user's (when it is not us)
signer_own() {
	[ "$SIGNER_USER" != "$ME" ] && chown -R "$SIGNER_USER:$SIGNER_USER" "$@"
	return 0
}

# as_signer CMD...: CMD as the signer's user
as_signer() {
	if [ "$SIGNER_USER" != "$ME" ]; then
		setpriv --reuid="$SIGNER_USER" --regid="$SIGNER_USER" --clear-groups "$@"
	else
		"$@"
	fi
}

# --signer pkcs11: the token (made once, labelled cediramp-sandbox) and its
# PIN's file (the signer makes its keys in the token the first time).
signer_token() {
	local hsm="$SIGNER_HOME/softhsm2.conf"
	umask 077
	printf '%s\n' "$SIGNER_PIN" > "$SIGNER_DIR/pin"
	umask 022
	chmod 0400 "$SIGNER_DIR/pin"
	signer_own "$SIGNER_DIR"
	if ! as_signer env SOFTHSM2_CONF="$hsm" softhsm2-util --show-slots 2>/dev/null |
		grep -q 'Label: *cediramp-sandbox *$'; then
		as_signer env SOFTHSM2_CONF="$hsm" softhsm2-util --init-token --free \
			--label cediramp-sandbox --pin "$SIGNER_PIN" --so-pin "$SIGNER_SO_PIN" >/dev/null ||
			die "SoftHSM2 did not make the signer's token in $SIGNER_HOME"
	fi
}

# The signer's key store lines of its config.
signer_conf_keys() {
	if [ "$SIGNER_STORE" = pkcs11 ]; then
		cat <<CONF
signer.key_store = pkcs11
signer.pkcs11.module = $SOFTHSM_MODULE
signer.pkcs11.token = cediramp-sandbox
signer.pkcs11.pin_file = $SIGNER_DIR/pin
signer.pkcs11.key_label = cediramp-operator
signer.pkcs11.owner_label = cediramp-owner
CONF
	else
		cat <<CONF
signer.key_store = file
signer.key_file = $SIGNER_DIR/operator.key
signer.owner_key_file = $SIGNER_DIR/owner.key
signer.key_dir = $SIGNER_HOME/keys
CONF
	fi
}

# Its config, once the chain is known.
signer_conf() {
	umask 077
	rm -f "$SIGNER_DIR/signer.conf"
	cat > "$SIGNER_DIR/signer.conf" <<CONF
# Generated by tools/stack.sh: cediramp-signer's own config, which only its
# user reads (docs/operations.md, "The signer").
environment = sandbox
db.socket = $SOCK
db.user = cediramp
db.password = $DB_PASSWORD
db.name = cediramp
log.file = $SIGNER_DIR/signer.log
$(chain_conf)
$(signer_conf_keys)
signer.allow_uids = $(id -u "$WEB_USER"),$(id -u)
# a key rotation (cediramp-admin signer rotate) is ours to ask for only
signer.admin_uids = $(id -u)
CONF
	# lines a bench or a test adds (tools/bench/signer.sh: its policy)
	[ -n "${CEDIRAMP_EXTRA_SIGNER_CONF:-}" ] &&
		printf '%s\n' "$CEDIRAMP_EXTRA_SIGNER_CONF" >> "$SIGNER_DIR/signer.conf"
	umask 022
	chmod 0400 "$SIGNER_DIR/signer.conf"
	signer_own "$SIGNER_DIR"
}

signer_running() { [ -f "$VAR/run/signer.pid" ] && kill -0 "$(cat "$VAR/run/signer.pid")" 2>/dev/null; }

# Starts the signer (unless it runs) and waits for its socket; with
# --unless-held (the keeper's), a signer held stopped is left so. Under
# var/run/signer.lock, as signer_stop is: the keeper and a signer-start
# never start two (the second would take the socket, the first run on
# unseen), and a stop never races a start.
signer_start() {
	[ "$CHAIN" = evm ] || return 0
	mkdir -p "$VAR/run" "$VAR/log"
	( flock 9; signer_start_locked "${1:-}" ) 9>"$VAR/run/signer.lock"
}

signer_start_locked() {
	local as=() asan=()
	[ "$1" = --unless-held ] && [ -f "$VAR/run/signer.hold" ] && return 0
	signer_running && return 0
	[ "$SIGNER_USER" != "$ME" ] &&
		as=(setpriv --reuid="$SIGNER_USER" --regid="$SIGNER_USER" --clear-groups)
	case "$BUILD" in *-asan)
		asan=("ASAN_OPTIONS=log_path=$SIGNER_DIR/asan:detect_leaks=1:abort_on_error=0"
			"UBSAN_OPTIONS=log_path=$SIGNER_DIR/ubsan:print_stacktrace=1") ;;
	esac
	rm -f "$SIGNER_SOCK"
	"${as[@]}" env CEDIRAMP_CONF="$SIGNER_DIR/signer.conf" SOFTHSM2_CONF="$SIGNER_HOME/softhsm2.conf" \
		"${asan[@]}" \
		"$SIGNER_DIR/cediramp-signer" </dev/null >>"$VAR/log/signer.out" 2>&1 9>&- &
	echo $! > "$VAR/run/signer.pid"
	for _ in $(seq 1 200); do
		[ -S "$SIGNER_SOCK" ] && return 0
		signer_running || break
		sleep 0.05
	done
	die "cediramp-signer did not start: $(tail -2 "$VAR/log/signer.out" "$SIGNER_DIR/signer.log" 2>/dev/null)"
}

signer_stop() {
	[ -d "$VAR/run" ] || return 0
	( flock 9; pid_stop signer ) 9>"$VAR/run/signer.lock"
}

# Two copies of one config: var/cediramp.conf for what runs from the build
# as us (workers, the admin tool, the tests), 0600; the runtime directory's
# for the web server's programs, readable by the web user's group only.
# The chain's lines of the config: the EVM ones under --chain evm.
chain_conf() {
	[ "$CHAIN" = evm ] || return 0
	cat <<CONF
providers.chain = evm
providers.evm.rpc_url = http://127.0.0.1:$ANVIL_PORT
providers.evm.chain_id = $CHAIN_ID
# Anvil mines a block a second: two blocks on top settle a conversion
providers.evm.confirmations = 2
providers.evm.gateway = $CHAIN_GATEWAY
providers.evm.treasury = $CHAIN_TREASURY
providers.chain_custody_wallet = $CHAIN_CUSTODY
signer.socket = $SIGNER_SOCK
providers.evm.token.USDT = $CHAIN_TOKEN_USDT
providers.evm.token.USDC = $CHAIN_TOKEN_USDC
providers.evm.token.USDC_E = $CHAIN_TOKEN_USDC_E
providers.evm.token.DAI = $CHAIN_TOKEN_DAI
providers.evm.replace_after_seconds = 30
providers.evm.head_max_age_seconds = 30
# a sandbox chain is short: the deposits worker reads it from the start
providers.evm.deposits_start_block = 1
CONF
}

# The webhook secrets' key in its own file (webhooks.encryption_key_file):
# ours, 0440 and the web user's group (0400 when we are the web user).
write_webhooks_key() {
	rm -f "$RUN/webhooks.key"
	umask 077
	printf '%s\n' "$WEBHOOKS_ENCRYPTION_KEY" > "$RUN/webhooks.key"
	umask 022
	if [ "$WEB_USER" != "$ME" ]; then
		chgrp "$WEB_GROUP" "$RUN/webhooks.key"
		chmod 440 "$RUN/webhooks.key"
	else
		chmod 400 "$RUN/webhooks.key"
	fi
}

write_conf() {
	local base="http://127.0.0.1:$PORT"
	write_webhooks_key
	cat > "$VAR/cediramp.conf.new" <<CONF
# Generated by tools/stack.sh for the private stack; see etc/cediramp.conf.
environment = sandbox
db.socket = $SOCK
db.user = cediramp
db.password = $DB_PASSWORD
db.name = cediramp
http.max_body_bytes = $MAX_BODY
jwt.hs256_secret = $JWT_HS256_SECRET
api.cursor_secret = $CURSOR_SECRET
quotes.signing_key = $QUOTES_SIGNING_KEY
kyc.encryption_key = $KYC_ENCRYPTION_KEY
webhooks.encryption_key_file = $RUN/webhooks.key
# in the runtime directory while the stack runs; appended to
# $VAR/log/cediramp.log when it stops
log.file = $RUN/log/cediramp.log
providers.chain_url = $base/sim/chain
$(chain_conf)
providers.momo_url = $base/sim/momo
# every send carries X-Callback-Url under it; the simulator calls back once
# per final state (cron/sandbox_providers). The stack's front door: on a
# cluster HAProxy's, the one host every node registers and accepts.
providers.momo.callback_base = http://127.0.0.1:$FRONT_PORT
# the last segment of the callback path, nobody else's to guess; and the
# addresses the callbacks may come from (the simulators call from
# 127.0.0.1; the tests' forged bursts from 127.0.0.3, so that the public
# routes' per-address limit they use up is not 127.0.0.1's)
providers.momo.callback_token = $MOMO_CALLBACK_TOKEN
providers.momo.callback_allow = 127.0.0.1, 127.0.0.3
# mod_fcgid makes a request wait a whole second when every simulator
# process is busy; 5 s keeps that from reading as "degraded" (past 2.5 s).
providers.timeout_ms = 5000
# the simulators record a send before they answer it: a send in doubt
# is one they recorded within moments or never (205), so a status of
# "never seen" is trusted after 2 s here (the default, 10, is for real
# providers that may record a timed-out request late)
payouts.resend_grace_seconds = 2
# each network's MoMo API credentials: the adapter gets its tokens with
# them and the simulator checks them
providers.momo.MTN.api_user = $MOMO_MTN_API_USER
providers.momo.MTN.api_key = $MOMO_MTN_API_KEY
providers.momo.MTN.subscription_key = $MOMO_MTN_SUBSCRIPTION_KEY
# (the MTN simulator serves every network: these are Telecel's and
# AirtelTigo's there, for a stack that switches their adapter to mtn)
providers.momo.TELECEL.api_user = $MOMO_TELECEL_API_USER
providers.momo.TELECEL.api_key = $MOMO_TELECEL_API_KEY
providers.momo.TELECEL.subscription_key = $MOMO_TELECEL_SUBSCRIPTION_KEY
providers.momo.AIRTELTIGO.api_user = $MOMO_AIRTELTIGO_API_USER
providers.momo.AIRTELTIGO.api_key = $MOMO_AIRTELTIGO_API_KEY
providers.momo.AIRTELTIGO.subscription_key = $MOMO_AIRTELTIGO_SUBSCRIPTION_KEY
# Telecel and AirtelTigo publish no MoMo API: the sandbox reaches them as
# production does, through Paystack (each its own account in the Paystack
# simulator), so every run exercises both adapters
providers.momo.TELECEL.adapter = paystack
providers.momo.TELECEL.url = $base/sim/paystack/TELECEL
providers.momo.TELECEL.secret_key = $PAYSTACK_TELECEL_SECRET_KEY
providers.momo.TELECEL.charge_email_domain = payers.sandbox.cediramp.test
providers.momo.AIRTELTIGO.adapter = paystack
providers.momo.AIRTELTIGO.url = $base/sim/paystack/AIRTELTIGO
providers.momo.AIRTELTIGO.secret_key = $PAYSTACK_AIRTELTIGO_SECRET_KEY
providers.momo.AIRTELTIGO.charge_email_domain = payers.sandbox.cediramp.test
rates.source_url = $base/sim/rates
schema.dir = $ROOT/schema
# webhooks to receivers on this machine (sandbox only)
webhooks.allow_loopback = 1
# a client from 127.0.0.2 stands for a proxy that terminates TLS: its
# X-Forwarded-Proto and X-Forwarded-Host are believed (the signature tests)
http.trusted_proxies = 127.0.0.2
# a revoked key stops working within 2 s (the tests wait that long)
auth.key_cache_seconds = 2
# a new rate reaches every quote within 1 s (the tests wait that long)
rates.cache_seconds = 1
# an account lookup is asked again after 2 s (the tests wait that long)
providers.lookup_cache_seconds = 2
# console sign-in: the backoff and the lockout within seconds of failures
# (the tests reach both), and room for the suite's many sign-ins from
# 127.0.0.1
console.signin_backoff_after = 3
console.signin_lockout = 6
ratelimit.console_signin = 300/300
# the console's links in mail, and the mail: to the sandbox's sink on this
# machine (tools/mailsink.c; none on a cluster's other nodes), in clear
console.base_url = $base/console/
mail.smtp_url = ${MAIL_PORT:+smtp://127.0.0.1:$MAIL_PORT}
mail.starttls_optional = 1
mail.from = no-reply@sandbox.cediramp.test
# the sandbox's chain is a private node with no explorer: its hashes link
# to a name that resolves nowhere (.invalid), to show where one would go
console.explorer_tx_url = https://explorer.invalid/tx/{hash}
# the back office (/console/ops/) from this host only: the tests show a
# request from 127.0.0.2 (a trusted proxy here) refused unless it says,
# in X-Forwarded-For, that its client is this host
console.ops_allow = 127.0.0.1, ::1
# metrics: the programs' shared memory files; GET /metrics answers
# 127.0.0.1 only (the tests show 127.0.0.2 refused)
metrics.dir = $RUN/metrics
metrics.allow = 127.0.0.1, ::1
CONF
	# Extra lines for special stacks (make bench raises the rate limits).
	[ -n "${CEDIRAMP_EXTRA_CONF:-}" ] && printf '%s\n' "$CEDIRAMP_EXTRA_CONF" >> "$VAR/cediramp.conf.new"
	chmod 600 "$VAR/cediramp.conf.new"
	cp "$VAR/cediramp.conf.new" "$RUN/cediramp.conf.new"
	mv "$VAR/cediramp.conf.new" "$VAR/cediramp.conf"
	if [ "$WEB_USER" != "$ME" ]; then
		chgrp "$WEB_GROUP" "$RUN/cediramp.conf.new"
		chmod 640 "$RUN/cediramp.conf.new"
	fi
	mv "$RUN/cediramp.conf.new" "$RUN/cediramp.conf"
}

# The web user must reach everything staged for it: a runtime directory
# under a path it cannot search would fail here, not with 403s.
check_access() {
	[ "$WEB_USER" = "$ME" ] && return 0
	local p
	for p in "-x $RUN/fcgi/partner-service.fcgi" "-r $RUN/cediramp.conf" \
		"-w $RUN/log/cediramp.log" "-w $SOCK" "-w $RUN/fcgid/." "-w $RUN/san/." \
		"-r $RUN/errors/neutral/400.json"; do
		# shellcheck disable=SC2086
		if ! setpriv --reuid="$WEB_USER" --regid="$WEB_GROUP" --clear-groups \
			test $p 2>/dev/null; then
			die "user $WEB_USER cannot reach ${p#-? } (test $p failed); every directory above $RUN must be searchable by it"
		fi
	done
}

web_running() { [ -f "$VAR/run/web.pid" ] && kill -0 "$(cat "$VAR/run/web.pid")" 2>/dev/null; }

web_start() {
	local asan="" users=""
	mkdir -p "$VAR/run" "$VAR/log"
	if web_running; then die "a web server from $VAR is already running (pid $(cat "$VAR/run/web.pid"))"; fi
	if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
		die "port $PORT is in use; choose another with PORT=..."
	fi
	METRICS_PORT=$(kept_port metrics "$METRICS_PORT")
	case "$BUILD" in *-asan)
		asan="ASAN_OPTIONS=log_path=$RUN/san/asan:detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=log_path=$RUN/san/ubsan:print_stacktrace=1" ;;
	esac
	if [ "$SERVER" = apache ]; then
		local env="" defs=()
		# cediramp.conf mounts /bench/hello under <IfDefine CEDIRAMP_BENCH>
		[ "$BENCH" = 1 ] && defs=(-DCEDIRAMP_BENCH)
		[ "$WEB_USER" != "$ME" ] && users="User $WEB_USER"$'\n'"Group $WEB_GROUP"
		for kv in $asan; do env+="FcgidInitialEnv ${kv%%=*} ${kv#*=}"$'\n'; done
		USERS="$users" FENV="$env" awk -v port="$PORT" -v var="$VAR" -v run="$RUN" \
			-v root="$ROOT" -v max="$MAX_BODY" -v mport="$METRICS_PORT" '
			{ gsub(/@PORT@/, port); gsub(/@VAR@/, var); gsub(/@RUN@/, run);
			  gsub(/@METRICS_PORT@/, mport);
			  gsub(/@ROOT@/, root); gsub(/@MAX_BODY@/, max); gsub(/@FCGID_MAX@/, max * 2);
			  gsub(/@SANDBOX_DEFINE@/, "Define CEDIRAMP_SANDBOX");
			  if ($0 ~ /@USER_LINES@/) { print ENVIRON["USERS"]; next }
			  if ($0 ~ /@FCGID_ENV@/) { print ENVIRON["FENV"]; next }
			  print }' "$ROOT/apache-conf/httpd.conf.in" > "$VAR/httpd.conf"
		apache2 -t -f "$VAR/httpd.conf" "${defs[@]}" >/dev/null 2>"$VAR/log/httpd-configtest.log" ||
			die "bad Apache config: $(cat "$VAR/log/httpd-configtest.log")"
		APACHE_RUN_DIR="$VAR/run" apache2 -f "$VAR/httpd.conf" -DFOREGROUND "${defs[@]}" \
			>>"$VAR/log/httpd-error.log" 2>&1 &
	else
		[ "$WEB_USER" != "$ME" ] &&
			users="server.username = \"$WEB_USER\""$'\n'"server.groupname = \"$WEB_GROUP\""
		# the lines between the BENCH_BEGIN and BENCH_END markers (the
		# /bench/hello route) are kept for a --bench stack only
		USERS="$users" awk -v port="$PORT" -v var="$VAR" -v run="$RUN" -v max="$MAX_BODY" \
			-v asan="$asan" -v bench="$BENCH" -v mport="$METRICS_PORT" '
			/@BENCH_BEGIN@/ { inbench = 1; next }
			/@BENCH_END@/ { inbench = 0; next }
			inbench && bench != 1 { next }
			{ gsub(/@PORT@/, port); gsub(/@VAR@/, var); gsub(/@RUN@/, run);
			  gsub(/@METRICS_PORT@/, mport);
			  gsub(/@MAX_BODY_KB@/, int(max / 1024));
			  if ($0 ~ /@USER_LINES@/) { print ENVIRON["USERS"]; next }
			  if ($0 ~ /@ASAN_ENV@/) {
				n = split(asan, kv, " ");
				for (i = 1; i <= n; i++) { split(kv[i], p, "="); sub(/^[^=]*=/, "", kv[i]);
					printf "\"%s\" => \"%s\",\n", p[1], kv[i] }
				next }
			  print }' "$ROOT/apache-conf/lighttpd.conf.in" > "$VAR/lighttpd.conf"
		lighttpd -tt -f "$VAR/lighttpd.conf" >"$VAR/log/lighttpd-configtest.log" 2>&1 ||
			die "bad lighttpd config: $(cat "$VAR/log/lighttpd-configtest.log")"
		# its error log is its stderr: it opens files only after it became
		# the web user, and var/ may be closed to that user
		lighttpd -D -f "$VAR/lighttpd.conf" >>"$VAR/log/lighttpd.log" 2>&1 &
	fi
	echo $! > "$VAR/run/web.pid"
	for _ in $(seq 1 100); do
		if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/v1/health" 2>/dev/null; then
			[ "$SERVER" = apache ] && fcgid_warm "$WARM"
			return 0
		fi
		web_running || break
		sleep 0.1
	done
	die "$SERVER did not come up on port $PORT; see $VAR/log/"
}

# fcgid_warm N [PROGRAM...]: Apache's programs (all, or those) spawned to N
# processes each before traffic comes (mod_fcgid spawns only for a request
# that waited a second, decision 68). lighttpd starts its fixed pools
# itself. A program left short is reported, not fatal: it grows under load.
fcgid_warm() {
	local n=$1
	shift
	[ "$SERVER" = apache ] && [ "$n" -gt 0 ] || return 0
	web_running || die "no web server from $VAR is running"
	"$ROOT/tools/fcgid_warm.sh" "http://127.0.0.1:$PORT" "$RUN/fcgi" "$n" "$@" >&2 ||
		log "some programs have fewer than $n processes (above)"
	return 0
}

# Every process of this stack: its servers name var/ on their command line,
# the FastCGI programs run from the runtime directory, and every program
# carries CEDIRAMP_CONF naming one of the two configs in its environment
# (also after its web server died and orphaned it).
# Whether process $1 is this stack's keeper or one of its cron loops: this
# script run with "up" or "run" and "--var VAR" (what `pids` or `down`
# itself runs as is not). VAR as given, absolute: what the tests pass.
is_loop() {
	local args
	args=$(tr '\0' '\n' 2>/dev/null < "/proc/$1/cmdline") || return 1
	grep -qxF "$VAR" <<<"$args" && grep -qx -e up -e run <<<"$args"
}

stack_pids() {
	local p
	# (the keeper and the cron loops are this script: "--var VAR")
	for p in $(pgrep -f "$VAR" 2>/dev/null) $(pgrep -f "$RUN/" 2>/dev/null) \
		$(pgrep -f "^$BUILD/(fcgi|cron)/" 2>/dev/null) \
		$([ -n "$DBHOME" ] && pgrep -f "$DBHOME/" 2>/dev/null); do
		[ "$p" = "$$" ] && continue
		# (2>/dev/null first: a process may exit while we look)
		if tr '\0' '\n' 2>/dev/null < "/proc/$p/cmdline" |
			grep -qF -e "$VAR/" -e "$RUN/" -e "${DBHOME:-$VAR}/" ||
			is_loop "$p" ||
			tr '\0' '\n' 2>/dev/null < "/proc/$p/environ" |
			grep -qxF -e "CEDIRAMP_CONF=$VAR/cediramp.conf" -e "CEDIRAMP_CONF=$RUN/cediramp.conf"; then
			echo "$p"
		fi
	done | sort -u
}

# Whether process $1 runs one of this stack's FastCGI programs (the staged
# copy, deleted or not, or the build's own from an older stack.sh).
is_program() {
	case "$(readlink "/proc/$1/exe" 2>/dev/null)" in
	"$RUN"/fcgi/* | "$BUILD"/fcgi/*) return 0 ;;
	esac
	return 1
}

descendants() {
	local c
	for c in $(pgrep -P "$1"); do
		echo "$c"
		descendants "$c"
	done
}

web_stop() {
	local pid kids="" p left
	if web_running; then
		pid=$(cat "$VAR/run/web.pid")
		kids=$(descendants "$pid")
		kill -TERM "$pid" 2>/dev/null || true
		for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -KILL "$pid" 2>/dev/null || true
	fi
	rm -f "$VAR/run/web.pid"
	# FastCGI programs that outlived this server: only its own, never
	# another stack's that runs the same build...
	for p in $kids; do
		if is_program "$p"; then kill -TERM "$p" 2>/dev/null || true; fi
	done
	# ...and any it orphaned by dying first (a Ctrl-C reaches it too)
	for p in $(stack_pids); do
		if is_program "$p"; then kill -TERM "$p" 2>/dev/null || true; fi
	done
	# Wait for them to exit (a sanitizer build writes its leak reports
	# then) before their logs are collected. What still runs after that is
	# left for `pids` to show.
	for _ in $(seq 1 50); do
		left=""
		for p in $(stack_pids); do
			if is_program "$p"; then left="$left $p"; fi
		done
		[ -z "$left" ] && break
		sleep 0.1
	done
	return 0
}

# The sandbox cron: every worker in build/cron, one pass after another with a
# second between them (so a sandbox withdrawal completes in about 15 s);
# the webhooks worker in a loop of its own, since one run of it drains for
# webhooks.drain_seconds. A loop outlives any exit of its workers (a
# worker exits 1 while the database is away), and the keeper restarts a
# loop that died.
workers_loop() {
	set +e
	trap 'exit 0' TERM INT
	while :; do
		for w in "$BUILD"/cron/*; do
			[ -x "$w" ] || continue
			[ "$(basename "$w")" = webhooks ] && continue
			CEDIRAMP_CONF="$VAR/cediramp.conf" "$w" >>"$VAR/log/workers.log" 2>&1
		done
		sleep 1 & wait $!
	done
}

webhooks_loop() {
	local child=
	set +e
	trap '[ -n "$child" ] && kill -TERM $child 2>/dev/null; exit 0' TERM INT
	while :; do
		CEDIRAMP_CONF="$VAR/cediramp.conf" "$BUILD/cron/webhooks" \
			>>"$VAR/log/workers.log" 2>&1 & child=$!
		wait $child
		child=
		sleep 1 & wait $!
	done
}

loop_alive() { [ -f "$VAR/run/$1.pid" ] && kill -0 "$(cat "$VAR/run/$1.pid")" 2>/dev/null; }

workers_start() {
	rm -f "$VAR/run/workers.hold"
	# (their output is in the log; none may hold the caller's stdout open)
	if ! loop_alive workers; then
		workers_loop </dev/null >/dev/null 2>&1 &
		echo $! > "$VAR/run/workers.pid"
	fi
	if [ -x "$BUILD/cron/webhooks" ] && ! loop_alive webhooks; then
		webhooks_loop </dev/null >/dev/null 2>&1 &
		echo $! > "$VAR/run/webhooks.pid"
	fi
}

# The keeper: once a second, a MariaDB that died (not stopped by db-stop,
# which holds it) is started again, and so is a cron loop that died. Its
# log lines go to var/log/keeper.log.
keeper() {
	set +e
	trap 'exit 0' TERM INT
	while :; do
		if [ ! -f "$VAR/run/db.hold" ] && ! db_alive && ! db_running; then
			echo "$(date -u +%FT%TZ) keeper: mariadbd is gone; starting it" >>"$VAR/log/keeper.log"
			( db_start --unless-held ) >>"$VAR/log/keeper.log" 2>&1
		fi
		if [ "$WORKERS" = 1 ] && [ ! -f "$VAR/run/workers.hold" ] &&
			{ ! loop_alive workers || ! loop_alive webhooks; }; then
			echo "$(date -u +%FT%TZ) keeper: restarting the cron loops" >>"$VAR/log/keeper.log"
			workers_start
		fi
		if [ "$CHAIN" = evm ] && [ ! -f "$VAR/run/signer.hold" ] && ! signer_running; then
			echo "$(date -u +%FT%TZ) keeper: cediramp-signer is gone; starting it" >>"$VAR/log/keeper.log"
			( signer_start --unless-held ) >>"$VAR/log/keeper.log" 2>&1
		fi
		sleep 1 & wait $!
	done
}

# The sandbox's mail sink (tools/mailsink.c) on a free port of its own
# choosing, which MAIL_PORT then holds; the config names it (write_conf).
# Only a first node has one: a cluster's other nodes send no mail.
mailsink_start() {
	local port_file="$VAR/run/mailsink.port"
	mkdir -p "$VAR/run" "$VAR/log"
	rm -f "$port_file"
	CEDIRAMP_CONF="$VAR/cediramp.conf" "$BUILD/tools/cediramp-mailsink" --port 0 \
		--port-file "$port_file" </dev/null >>"$VAR/log/mailsink.log" 2>&1 &
	echo $! > "$VAR/run/mailsink.pid"
	for _ in $(seq 1 100); do
		[ -s "$port_file" ] && { MAIL_PORT=$(cat "$port_file"); return 0; }
		kill -0 "$(cat "$VAR/run/mailsink.pid")" 2>/dev/null || break
		sleep 0.05
	done
	die "the mail sink did not start (see $VAR/log/mailsink.log)"
}

# pid_stop NAME: the process of var/run/NAME.pid stopped (TERM, then
# KILL after 5 s), its pid file removed
pid_stop() {
	local pid
	[ -f "$VAR/run/$1.pid" ] || return 0
	pid=$(cat "$VAR/run/$1.pid")
	kill -TERM "$pid" 2>/dev/null || true
	for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -KILL "$pid" 2>/dev/null || true
	rm -f "$VAR/run/$1.pid"
}

mailsink_stop() {
	pid_stop mailsink
	rm -f "$VAR/run/mailsink.port"
}

# The stack's own Prometheus (Debian's prometheus package), on a port of
# its own, scraping the metrics listener of each web server every 5 s
# with the alert rules of etc/prometheus/ (docs/operations.md, "Metrics");
# its data in var/prometheus/, started afresh with the stack as the
# programs' counters are (a series of the last run would otherwise show
# its last value for minutes after the start: no staleness marker was
# written for it).
prometheus_running() {
	[ -f "$VAR/run/prometheus.pid" ] && kill -0 "$(cat "$VAR/run/prometheus.pid")" 2>/dev/null
}

prometheus_start() {
	local targets="$*" t list=""
	command -v prometheus >/dev/null || die "no prometheus; run make deps (tools/deps.sh)"
	prometheus_running && return 0
	PROMETHEUS_PORT=$(kept_port prometheus "$PROMETHEUS_PORT")
	for t in $targets; do list="$list${list:+, }'127.0.0.1:$t'"; done
	rm -rf "${VAR:?}/prometheus"
	mkdir -p "$VAR/prometheus" "$VAR/log"
	cat > "$VAR/prometheus.yml" <<YML
# written by tools/stack.sh: this stack's web servers' metrics listeners
global:
  scrape_interval: 5s
  evaluation_interval: 5s
rule_files:
  - $ROOT/etc/prometheus/cediramp-rules.yml
scrape_configs:
  - job_name: cediramp
    metrics_path: /metrics
    static_configs:
      - targets: [$list]
YML
	prometheus --config.file="$VAR/prometheus.yml" --storage.tsdb.path="$VAR/prometheus" \
		--web.listen-address="127.0.0.1:$PROMETHEUS_PORT" --log.level=warn \
		</dev/null >>"$VAR/log/prometheus.log" 2>&1 &
	echo $! > "$VAR/run/prometheus.pid"
	for _ in $(seq 1 200); do
		curl -fsS -o /dev/null "http://127.0.0.1:$PROMETHEUS_PORT/-/ready" 2>/dev/null && return 0
		prometheus_running || break
		sleep 0.1
	done
	die "Prometheus did not start on port $PROMETHEUS_PORT (see $VAR/log/prometheus.log)"
}

prometheus_stop() { pid_stop prometheus; }

keeper_start() {
	loop_alive keeper && return 0
	keeper </dev/null >/dev/null 2>&1 &
	echo $! > "$VAR/run/keeper.pid"
}

# Stops the keeper and waits until it has gone: a keeper in the middle
# of starting a cron loop handles its TERM only after, and the loop it
# started after workers_stop looked would be left running.
keeper_stop() {
	local pid
	if [ -f "$VAR/run/keeper.pid" ]; then
		pid=$(cat "$VAR/run/keeper.pid")
		kill -TERM "$pid" 2>/dev/null || true
		for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -KILL "$pid" 2>/dev/null || true
		rm -f "$VAR/run/keeper.pid"
	fi
}

workers_stop() {
	local f
	mkdir -p "$VAR/run"
	touch "$VAR/run/workers.hold" # the keeper leaves them stopped
	for f in "$VAR/run/workers.pid" "$VAR/run/webhooks.pid"; do
		if [ -f "$f" ]; then
			kill -TERM "$(cat "$f")" 2>/dev/null || true
			rm -f "$f"
		fi
	done
}

# workers_stop, then waits (30 s at most) until no worker of this stack runs:
# each loop ends once its current worker has (the webhooks loop ends its
# worker itself). For a benchmark that times a worker alone.
workers_stop_wait() {
	local p left
	workers_stop
	for _ in $(seq 1 300); do
		left=""
		for p in $(stack_pids); do
			case "$(readlink "/proc/$p/exe" 2>/dev/null)" in
			"$BUILD"/cron/*) left="$left $p" ;;
			esac
		done
		[ -z "$left" ] && return 0
		sleep 0.1
	done
	die "workers still running:$left"
}

# A sandbox partner key (kept across runs while it still works), its
# console owner (kept while the key is), the wallet developer's console
# account (kept) and a wallet token, written to var/sandbox.env.
seed() {
	local key="" tok partner="" email="" password="" wdev="" wpass=""
	if [ -f "$VAR/sandbox.env" ]; then
		key=$(sed -n 's/^PARTNER_API_KEY=//p' "$VAR/sandbox.env")
		email=$(sed -n 's/^CONSOLE_EMAIL=//p' "$VAR/sandbox.env")
		password=$(sed -n 's/^CONSOLE_PASSWORD=//p' "$VAR/sandbox.env")
		wdev=$(sed -n 's/^WALLET_DEVELOPER_EMAIL=//p' "$VAR/sandbox.env")
		wpass=$(sed -n 's/^WALLET_DEVELOPER_PASSWORD=//p' "$VAR/sandbox.env")
	fi
	if [ -n "$key" ]; then
		partner=$(printf '%s\n' "$key" | ADMIN partner verify-key 2>/dev/null) || partner=""
	fi
	if [ -z "$partner" ]; then
		key=$(ADMIN partner create --name "Sandbox Partner" --tier verified --quiet)
		partner=$(printf '%s\n' "$key" | ADMIN partner verify-key) ||
			die "the new sandbox key does not authenticate"
		email=""
	fi
	# the console's owner of the sandbox partner: a fresh one with the partner
	if [ -z "$email" ] || [ -z "$password" ]; then
		email="owner-$(date +%s)@sandbox.cediramp.test"
		password=$(head -c 18 /dev/urandom | base64 | tr '+/' 'xy')
		printf '%s\n' "$password" | ADMIN console user add --partner "$partner" \
			--email "$email" --role owner >/dev/null || die "could not add the console owner"
	fi
	# the wallet developer (docs/console.md): added again under the same
	# login when the database is new (an existing one is refused, and kept)
	if [ -z "$wdev" ] || [ -z "$wpass" ]; then
		wdev="wallet-dev-$(date +%s)@sandbox.cediramp.test"
		wpass=$(head -c 18 /dev/urandom | base64 | tr '+/' 'xy')
	fi
	printf '%s\n' "$wpass" | ADMIN console user add --email "$wdev" --role wallet-developer \
		>/dev/null 2>&1 || true
	ADMIN rate seed
	[ "$CHAIN" = evm ] && WALLET_ID=$WALLET_ADDRESS
	tok=$(ADMIN token mint --wallet "$WALLET_ID" --ttl 604800)
	cat > "$VAR/sandbox.env" <<ENV
BASE_URL=http://127.0.0.1:$PORT
METRICS_URL=http://127.0.0.1:$METRICS_PORT/metrics
PROMETHEUS_URL=http://127.0.0.1:$PROMETHEUS_PORT
PARTNER_API_KEY=$key
PARTNER_PUBLIC_KEY=pk_${key:3:21}
CONSOLE_URL=http://127.0.0.1:$PORT/console/
CONSOLE_EMAIL=$email
CONSOLE_PASSWORD=$password
WALLET_DEVELOPER_EMAIL=$wdev
WALLET_DEVELOPER_PASSWORD=$wpass
WALLET_JWT=$tok
JWT_HS256_SECRET=$JWT_HS256_SECRET
PAYSTACK_TELECEL_SECRET_KEY=$PAYSTACK_TELECEL_SECRET_KEY
PAYSTACK_AIRTELTIGO_SECRET_KEY=$PAYSTACK_AIRTELTIGO_SECRET_KEY
ENV
	if [ "$CHAIN" = evm ]; then
		cat >> "$VAR/sandbox.env" <<ENV
CHAIN_RPC_URL=http://127.0.0.1:$ANVIL_PORT
CHAIN_ID=$CHAIN_ID
CHAIN_GATEWAY=$CHAIN_GATEWAY
CHAIN_TREASURY=$CHAIN_TREASURY
CHAIN_CUSTODY=$CHAIN_CUSTODY
CHAIN_TOKEN_USDT=$CHAIN_TOKEN_USDT
CHAIN_TOKEN_USDC=$CHAIN_TOKEN_USDC
CHAIN_TOKEN_USDC_E=$CHAIN_TOKEN_USDC_E
CHAIN_TOKEN_DAI=$CHAIN_TOKEN_DAI
WALLET_ADDRESS=$WALLET_ADDRESS
WALLET_PRIVATE_KEY=0x$EVM_WALLET_KEY
ENV
	fi
	chmod 600 "$VAR/sandbox.env"
}

up() {
	[ -x "$BUILD/tools/cediramp-admin" ] || die "nothing built in $BUILD; run make"
	[ -n "$WEB_GROUP" ] || die "no user $WEB_USER to run the web server's programs as"
	if web_running; then die "a web server from $VAR is already running (pid $(cat "$VAR/run/web.pid"))"; fi
	stage
	db_start
	secrets
	if [ "$REPLICA" = 1 ]; then
		# a cluster node after the first: the schema, the database user
		# and the sandbox's data replicate from it
		write_conf
		node_web
		keeper_start
		return 0
	fi
	if [ "$CHAIN" = evm ]; then
		chain_start
		signer_stage
		chain_deploy
	fi
	db_setup
	write_conf
	ADMIN migrate >/dev/null
	# the mail sink, and the config again with its port
	mailsink_start
	write_conf
	# the sandbox chain was deployed anew: the nonces the database kept
	# belong to a chain that is gone (the node's count is the truth again)
	if [ "$CHAIN" = evm ] && [ "$CHAIN_FRESH" = 1 ]; then
		DB cediramp -e "DELETE FROM chain_nonces WHERE chain_id = $CHAIN_ID;
			DELETE t FROM signer_rotation_txs t JOIN signer_rotations r ON r.id = t.rotation_id
			WHERE r.chain_id = $CHAIN_ID; DELETE FROM signer_rotations WHERE chain_id = $CHAIN_ID"
		# and the keys its rotations made (their names start over)
		rm -f "$SIGNER_HOME"/keys/operator-*.key
	fi
	if [ "$CHAIN" = evm ]; then
		signer_conf
		signer_start
	fi
	# the web server's own errors as JSON files it serves (cediramp.conf)
	node_web
	# (a cluster's one Prometheus scrapes every node: stack-cluster.sh's)
	[ "$WEB" = 1 ] && [ "$NODE" = 0 ] && prometheus_start "$METRICS_PORT"
	seed
	keeper_start
	return 0
}

# The web server (unless --no-web) with its error documents, and the cron loops.
node_web() {
	rm -rf "${RUN:?}/errors"
	ADMIN errdocs "$RUN/errors" || die "could not write the error documents in $RUN/errors"
	if [ "$WEB" = 1 ]; then
		check_access
		web_start
	fi
	[ "$WORKERS" = 1 ] && workers_start
	return 0
}

down() {
	keeper_stop
	workers_stop
	prometheus_stop
	web_stop
	signer_stop
	mailsink_stop
	chain_stop
	db_stop
	unstage
}

# kill -9 of everything this stack runs (a node lost whole, for tests):
# the keeper, the cron loops and their workers, the web server and its
# programs, MariaDB. `up --replica` starts it again.
kill_all() {
	local p
	mkdir -p "$VAR/run"
	touch "$VAR/run/db.hold" "$VAR/run/workers.hold"
	for f in keeper workers webhooks web mysqld mailsink signer; do
		[ -f "$VAR/run/$f.pid" ] && kill -KILL "$(cat "$VAR/run/$f.pid")" 2>/dev/null
	done
	for p in $(stack_pids); do kill -KILL "$p" 2>/dev/null; done
	rm -f "$VAR/run/keeper.pid" "$VAR/run/workers.pid" "$VAR/run/webhooks.pid" "$VAR/run/web.pid"
	return 0
}

chain_banner() {
	if [ "$CHAIN" = evm ]; then
		printf '  chain             Anvil at http://127.0.0.1:%s (chain %s), gateway %s\n' \
			"$ANVIL_PORT" "$CHAIN_ID" "$CHAIN_GATEWAY"
		printf '  sandbox wallet    %s (its key: WALLET_PRIVATE_KEY in sandbox.env)\n' \
			"$WALLET_ADDRESS"
	else
		printf '  chain             the simulator (make run CHAIN=evm: a local Anvil node)\n'
	fi
}

if [ "$GALERA" != 0 ]; then
	# shellcheck source=tools/stack-cluster.sh
	. "$ROOT/tools/stack-cluster.sh"
	cluster_main
	exit
fi

case "$CMD" in
run)
	trap 'echo; log "stopping"; down; exit 0' INT TERM
	up
	cat <<MSG

cediramp sandbox is running ($SERVER, data in $VAR)

  base URL          http://127.0.0.1:$PORT   (wallet API /api, partner API /v1)
  partner API key   $(sed -n 's/^PARTNER_API_KEY=//p' "$VAR/sandbox.env")
  console           $(sed -n 's/^CONSOLE_URL=//p' "$VAR/sandbox.env")
                    sign in as $(sed -n 's/^CONSOLE_EMAIL=//p' "$VAR/sandbox.env") / $(sed -n 's/^CONSOLE_PASSWORD=//p' "$VAR/sandbox.env")
                    the wallet developer: $(sed -n 's/^WALLET_DEVELOPER_EMAIL=//p' "$VAR/sandbox.env") / $(sed -n 's/^WALLET_DEVELOPER_PASSWORD=//p' "$VAR/sandbox.env")
  metrics           $(sed -n 's/^METRICS_URL=//p' "$VAR/sandbox.env") (Prometheus: $(sed -n 's/^PROMETHEUS_URL=//p' "$VAR/sandbox.env"))
  wallet JWT        (wallet $WALLET_ID, 7 days) in $VAR/sandbox.env
  JWT HS256 secret  $JWT_HS256_SECRET
$(chain_banner)

  try: curl http://127.0.0.1:$PORT/v1/health
  these values are in $VAR/sandbox.env; logs in $VAR/log/
  (the programs' own: $RUN/log/cediramp.log until the stack stops)
  Ctrl-C stops everything.

MSG
	while web_running; do sleep 1 & wait $! || true; done
	log "$SERVER exited; see $VAR/log/"
	down
	exit 1
	;;
up) up ;;
down) down ;;
purge) rm -rf "${SIGNER_HOME:?}"; dbhome_purge ;;
workers-stop) workers_stop_wait ;;
db-stop) db_stop ;;
db-start) db_start ;;
db-launch) db_launch ;;
db-kill) db_kill ;;
db-ready) db_ready ;;
db-alive) db_alive ;;
db-position) db_position ;;
kill) kill_all ;;
chain-stop) chain_stop ;;
chain-start) chain_start ;;
signer-stop) mkdir -p "$VAR/run"; touch "$VAR/run/signer.hold"; signer_stop ;;
signer-start) rm -f "$VAR/run/signer.hold"; signer_start ;;
signer-kill)
	[ -f "$VAR/run/signer.pid" ] && kill -KILL "$(cat "$VAR/run/signer.pid")" 2>/dev/null
	true ;;
pids) stack_pids ;;
warm)
	[[ ${WARM_ARGS[0]:-} =~ ^[0-9]{1,2}$ ]] || die "warm N [PROGRAM...]: N from 0 to 99"
	fcgid_warm "${WARM_ARGS[@]}"
	;;
*) sed -n '2,12p' "$0" >&2; exit 2 ;;
esac
