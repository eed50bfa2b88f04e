#!/usr/bin/env bash
# Make a Chromium available to the browser tests and print how it was found:
# the system's `chromium`, else Debian's package when we are root, else Playwright's
# own download (which needs network access to its CDN).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  echo "chromium: $(command -v chromium)"
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "chromium: installing Debian's package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  echo "chromium: $(command -v chromium)"
  exit 0
fi
echo "chromium: not found and not root; using Playwright's download"
"${1:-.venv/bin/python}" -m playwright install chromium
