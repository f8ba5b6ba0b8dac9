#!/usr/bin/env bash
# The CLI's terminal test runs `assoc-feed` inside tmux (a real terminal) to see its progress bar as a user
# would. Install tmux from Debian's packages once if it is missing.
set -euo pipefail
if command -v tmux >/dev/null 2>&1; then exit 0; fi
if [[ $(id -u) -ne 0 ]] && ! command -v sudo >/dev/null 2>&1; then
  echo "tmux is missing and this user cannot install it: apt-get install tmux" >&2
  exit 1
fi
SUDO=$([[ $(id -u) -eq 0 ]] && echo "" || echo sudo)
echo "› installing tmux from Debian's packages" >&2
$SUDO apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends tmux >&2
