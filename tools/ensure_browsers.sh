#!/usr/bin/env bash
# Make the browsers the tests drive available, and say in one line what was found or
# installed: Chromium (the system's `chromium`), Firefox ESR (driven through its own
# WebDriver BiDi) and WebKitGTK's WebDriver with a virtual screen (Xvfb) for the
# cross-engine tests (tests/browser/test_firefox_webkit.py) — Debian's packages, all
# missing ones installed with one apt-get when we are root.  Playwright's own Firefox and
# WebKit are patched builds that cannot be downloaded here; as another user, a missing
# Chromium is Playwright's download (tools/ensure_chromium.sh) and the others are named.
set -euo pipefail
python="${1:-.venv/bin/python}"
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v xauth >/dev/null 2>&1 || missing+=(xauth)
installed=""
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    log="$(mktemp)"
    trap 'rm -f "$log"' EXIT
    export DEBIAN_FRONTEND=noninteractive
    if ! { apt-get update -qq && apt-get install -y -qq "${missing[@]}"; } >"$log" 2>&1; then
      cat "$log" >&2
      exit 1
    fi
    installed="installed ${missing[*]} (Debian); "
  else
    others=("${missing[@]/chromium/}")
    if [[ " ${missing[*]} " == *" chromium "* ]]; then
      bash "$(dirname "$0")/ensure_chromium.sh" "$python"
    fi
    if [ -n "${others[*]// /}" ]; then
      echo "browsers: missing ${others[*]} (install them with your package manager)" >&2
      exit 1
    fi
  fi
fi
chromium="$(chromium --version 2>/dev/null | grep -o '[0-9][0-9.]*' | head -1 || echo '?')"
firefox="$(firefox-esr --version 2>/dev/null | grep -o '[0-9][0-9.]*esr' | head -1 || echo '?')"
webkit="$(dpkg-query -W -f='${Version}' webkit2gtk-driver 2>/dev/null || echo '?')"
echo "browsers: ${installed}Chromium $chromium, Firefox $firefox, WebKitGTK $webkit"
