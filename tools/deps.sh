#!/bin/sh
# Installs the Debian packages cediramp needs, only those missing.
# Without root it prints the exact apt-get command and fails.
set -eu

PACKAGES="gcc make pkg-config libc6-dev libfcgi-dev libfcgi-bin libjansson-dev \
libmariadb-dev mariadb-server mariadb-client libcurl4-openssl-dev libssl-dev \
libcunit1-dev libgmp-dev apache2 libapache2-mod-fcgid lighttpd curl ca-certificates"
[ "${1:-}" = "--bench" ] && PACKAGES="$PACKAGES wrk"
# `make fuzz`: clang, and its runtimes (libFuzzer, the sanitizers), which
# clang only recommends.
[ "${1:-}" = "--fuzz" ] && PACKAGES="$PACKAGES clang libclang-rt-dev"
# `make test` checks webhook signatures with the npm reference libraries
# (tests/webhooks): Node.js and npm, unless a node and an npm are already on
# the PATH (some machines carry another vendor's build).
if [ "${1:-}" = "--test" ] && ! { command -v node && command -v npm; } >/dev/null 2>&1; then
	PACKAGES="$PACKAGES nodejs npm"
fi

missing=""
for p in $PACKAGES; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

cmd="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages:$missing" >&2
	echo "deps: run as root: apt-get update && $cmd" >&2
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
