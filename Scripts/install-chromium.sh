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

source "$(dirname "$0")/require-packages.sh"
require_packages "Chromium" chromium
command -v chromium >/dev/null
