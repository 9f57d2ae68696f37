#!/bin/sh
# tools/deps.sh: make sure the build dependencies are installed (Debian).
# As root, installs what is missing with apt-get; otherwise prints the exact
# command to run and fails. Called by `make demo` and `make test`. scdoc
# builds the man pages (docs/man); man-db's `man` reads them back in the
# install test (tests/cli/install_check.sh); clang builds the libFuzzer
# harnesses (make fuzz).
set -eu
PKGS="build-essential cmake pkg-config libxml2-dev libxml2-utils liblua5.4-dev check python3 scdoc man-db clang"
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "roomforge needs:$missing" >&2
    echo "run: sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing
