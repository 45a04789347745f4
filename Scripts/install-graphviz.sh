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

if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: Graphviz (libgvc) is missing and this is not a Debian-like system; install Graphviz's development package and pkg-config, then retry." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null 2>&1; then
  sudo="sudo"
else
  echo "error: Graphviz (libgvc) is missing; run as root: apt-get update && apt-get install -y libgraphviz-dev graphviz pkg-config" >&2
  exit 1
fi

echo "Installing Graphviz (libgraphviz-dev, graphviz, pkg-config) with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq libgraphviz-dev graphviz pkg-config >/dev/null
# Debian registers the plugins at install time; rebuild the configuration in case it is stale.
$sudo dot -c || true
pkg-config --exists libgvc
