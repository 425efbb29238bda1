#!/usr/bin/env bash
# Sourced by the ensure-* scripts: install a Debian package when running as root with apt-get, or say how to.
# apt_install PACKAGE WHY HOW-ELSE
apt_install() {
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "$0: installing Debian's $1 $2" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq "$1" >&2
    return 0
  fi
  echo "$0: $1 not found. $3" >&2
  return 1
}
