#!/usr/bin/env bash
# Installs Debian packages the tests drive when their command is missing: Chromium's headless shell for the docs'
# and clients' browser tests (a test tool's own browser download cannot work on this network), tmux for the CLI's terminal
# test. Usage: ensure-debian-packages.sh COMMAND[=PACKAGE] …  (e.g. chromium-headless-shell tmux)
set -euo pipefail
missing=()
for wanted in "$@"; do
  command=${wanted%%=*}
  package=${wanted#*=}
  command -v "$command" >/dev/null 2>&1 || missing+=("$package")
done
((${#missing[@]})) || exit 0
if [[ $(id -u) -ne 0 ]] && ! command -v sudo >/dev/null 2>&1; then
  echo "missing and this user cannot install them: apt-get install ${missing[*]}" >&2
  exit 1
fi
SUDO=$([[ $(id -u) -eq 0 ]] && echo "" || echo sudo)
echo "› installing ${missing[*]} from Debian's packages" >&2
$SUDO apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
