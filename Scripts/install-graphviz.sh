#!/usr/bin/env bash
# Makes sure Graphviz's C library and headers (libgvc, pkg-config file) are installed.
# Debian/Ubuntu: apt-get install libgraphviz-dev graphviz pkg-config (as root, or via sudo).
# macOS: brew install graphviz. Does nothing when they are already there.
set -euo pipefail

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc && command -v dot >/dev/null 2>&1; then
  exit 0
fi

if [ "$(uname -s)" = "Darwin" ]; then
  echo "Installing Graphviz with Homebrew…" >&2
  exec brew install graphviz pkg-config
fi

source "$(dirname "$0")/require-packages.sh"
require_packages "Graphviz (libgvc)" libgraphviz-dev graphviz pkg-config
# Debian registers the plugins at install time; rebuild the configuration in case it is stale.
if [ "$(id -u)" -eq 0 ]; then dot -c || true; else sudo dot -c || true; fi
pkg-config --exists libgvc
