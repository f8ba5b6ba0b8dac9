#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (a test tool's own browser
# download cannot work on this network). Install it once if it is missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [[ $(id -u) -ne 0 ]] && ! command -v sudo >/dev/null 2>&1; then
  echo "chromium is missing and this user cannot install it: apt-get install chromium" >&2
  exit 1
fi
SUDO=$([[ $(id -u) -eq 0 ]] && echo "" || echo sudo)
echo "› installing chromium from Debian's packages" >&2
$SUDO apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >&2
