#!/usr/bin/env bash
# Make Firefox and WebKit available to the cross-engine tests (tests/browser/
# test_firefox_webkit.py) and print what was found: Debian's firefox-esr (driven through its
# own WebDriver BiDi) and WebKitGTK's WebDriver with a virtual screen (Xvfb).
# Playwright's own Firefox and WebKit are patched builds that cannot be downloaded here.
set -euo pipefail
missing=()
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb xauth)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "browsers: missing ${missing[*]} (install them with your package manager)" >&2
    exit 1
  fi
  echo "browsers: installing Debian's ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
echo "browsers: $(firefox-esr --version 2>/dev/null | tail -1); WebKitGTK $(dpkg-query -W -f='${Version}' webkit2gtk-driver 2>/dev/null || echo '?')"
