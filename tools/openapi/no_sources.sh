#!/bin/sh
# The specs are the integrators' reference: they name no source file
# (docs/development.md, "Every response against the specs"). Prints each
# line of openapi/{wallet,partner}.yaml (under DIR, default the checkout)
# holding `lib/`, `fcgi/` or `.c)`, and exits 1 when there is one.
set -u
cd "${1:-$(dirname "$0")/../..}" || exit 2
src=$(grep -nE 'lib/|fcgi/|\.c\)' openapi/wallet.yaml openapi/partner.yaml) || exit 0
echo "openapi: the specs name source files (an integrator's reference names none):"
printf '%s\n' "$src"
exit 1
