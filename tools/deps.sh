#!/bin/sh
# Installs the Debian packages cediramp needs, only those missing, then the
# npm packages of package.json (pinned by package-lock.json: the Solidity
# compiler the build uses, the sandbox's Anvil node, and the test tools),
# when node_modules is older than the lockfile.
# Without root it prints the exact apt-get command and fails.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)

# prometheus: its promtool checks and tests the alert rules (`make check`),
# and the stack runs a private Prometheus of its own (issue 37).
# softhsm2, libp11-kit-dev: the operator key's PKCS#11 token in the sandbox
# and the tests, and the standard PKCS#11 header (issue 38).
PACKAGES="gcc make pkg-config libc6-dev libfcgi-dev libfcgi-bin libjansson-dev \
libmariadb-dev mariadb-server mariadb-client libcurl4-openssl-dev libssl-dev \
libcunit1-dev libgmp-dev libsecp256k1-dev nettle-dev libargon2-dev libqrencode-dev softhsm2 \
libp11-kit-dev apache2 libapache2-mod-fcgid lighttpd \
curl ca-certificates prometheus"
for opt in "$@"; do
	case "$opt" in
	--bench) PACKAGES="$PACKAGES wrk" ;;
	# `make test`: the HTML reference (/docs/) is opened in a real browser
	--test) PACKAGES="$PACKAGES chromium" ;;
	# `make fuzz`: clang, and its runtimes (libFuzzer, the sanitizers),
	# which clang only recommends.
	--fuzz) PACKAGES="$PACKAGES clang libclang-rt-dev" ;;
	# GALERA=1: the cluster's replication library, rsync for a joining
	# node's copy (SST) and iproute2's ss, which the SST script uses, and
	# HAProxy in front of the web servers
	--galera) PACKAGES="$PACKAGES galera-4 rsync iproute2 haproxy" ;;
	esac
done
# Node.js and npm: the build compiles the contracts with solc from npm, the
# sandbox chain is npm's Anvil, and the tests check signatures with npm's
# reference libraries. Debian's, unless a node and an npm are already on the
# PATH (some machines carry another vendor's build).
if ! { command -v node && command -v npm; } >/dev/null 2>&1; then
	PACKAGES="$PACKAGES nodejs npm"
fi

# The npm packages, as the lockfile pins them (npm ci), when missing or
# older than the lockfile.
npm_packages() {
	if [ ! "$ROOT/node_modules/.package-lock.json" -nt "$ROOT/package-lock.json" ]; then
		echo "deps: npm ci (package-lock.json)"
		(cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error) ||
			{ echo "deps: npm ci failed" >&2; exit 1; }
	fi
}

missing=""
for p in $PACKAGES; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
# cediramp-signer's own system user (docs/design.md "Custody"): the stack
# runs the signer as it when we are root; otherwise as us (the documented
# equivalent), and nothing is to be made.
signer_user() {
	[ "$(id -u)" = 0 ] || return 0
	id -u cediramp-signer >/dev/null 2>&1 && return 0
	echo "deps: adding the system user cediramp-signer"
	useradd --system --user-group --no-create-home --home-dir /nonexistent \
		--shell /usr/sbin/nologin cediramp-signer
}

if [ -z "$missing" ]; then
	signer_user
	npm_packages
	exit 0
fi

cmd="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages:$missing" >&2
	echo "deps: run as root: apt-get update && $cmd" >&2
	case " $missing " in *" prometheus "*)
		echo "deps: then: systemctl disable --now prometheus (the stack runs its own)" >&2 ;;
	esac
	exit 1
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
# Installing must not start system services (we run private ones from var/).
if [ ! -e /usr/sbin/policy-rc.d ]; then
	printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
	chmod 755 /usr/sbin/policy-rc.d
	trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq
# shellcheck disable=SC2086
$cmd -qq
# Debian's prometheus enables a system service on :9090 at boot, which the
# stack's own would clash with: disable it, and stop it if it started (a
# policy-rc.d other than ours may have let it).
case " $missing " in *" prometheus "*)
	if [ -d /run/systemd/system ]; then
		systemctl disable --now -q prometheus.service
	else
		# no systemd running: the init script's links, and the unit's for a
		# later boot under systemd
		update-rc.d prometheus disable >/dev/null 2>&1 || :
		if command -v systemctl >/dev/null 2>&1; then
			systemctl disable -q prometheus.service >/dev/null 2>&1 || :
		fi
		/etc/init.d/prometheus stop >/dev/null 2>&1 || :
	fi
	;;
esac
signer_user
npm_packages
