#!/usr/bin/env bash
# Installs Debian packages for a tool that is missing: as root, through sudo, or else stops
# with the command to run. Sourced by Scripts/install-*.sh; it does not check whether the
# tool is there (each script does that first).
#   require_packages WHAT PACKAGE…
# WHAT names the tool in messages ("Graphviz (libgvc)").

require_packages() {
  local what=$1
  shift
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: $what is missing and this is not a Debian-like system; install it ($*), then retry." >&2
    exit 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo="sudo"
    else
      echo "error: $what is missing; run as root: apt-get update && apt-get install -y $*" >&2
      exit 1
    fi
  fi
  echo "Installing $what ($*) with apt-get…" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "$@" >/dev/null
}
