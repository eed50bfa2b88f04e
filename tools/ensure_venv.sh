#!/usr/bin/env bash
# The virtual environment with the project and its test tools (pyproject.toml's test
# extras), made by `make` when pyproject.toml is newer than it; says in one line what it
# installed (pip's own notes are kept for a failure).
set -euo pipefail
python="${1:-python3}"
venv="${2:-.venv}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! { "$python" -m venv "$venv" &&
  "$venv/bin/python" -m pip install -qq --upgrade pip &&
  "$venv/bin/python" -m pip install -qq -e '.[test]'; } >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
count="$("$venv/bin/python" -m pip list --format=freeze 2>/dev/null | wc -l)"
echo "python: $("$venv/bin/python" --version | cut -d' ' -f2) in $venv, $count packages (pyproject.toml's test extras)"
