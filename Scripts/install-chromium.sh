#!/usr/bin/env bash
# Makes sure a headless Chromium is installed: the report page's browser test
# (ReportPageBrowserTests) loads Diagrams/index.html in it. Debian: apt-get install chromium.
# macOS: brew install --cask chromium. Does nothing when `chromium` is already there.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
  exit 0
fi

if [ "$(uname -s)" = "Darwin" ]; then
  echo "Installing Chromium with Homebrew…" >&2
  exec brew install --cask chromium
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: chromium is missing and this is not a Debian-like system; install Chromium (a \`chromium\` command on PATH), then retry." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null 2>&1; then
  sudo="sudo"
else
  echo "error: chromium is missing; run as root: apt-get update && apt-get install -y chromium" >&2
  exit 1
fi

echo "Installing Chromium with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null
