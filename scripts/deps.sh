#!/usr/bin/env bash
# deps.sh — installs the Debian packages Hyperlang builds and tests with, when
# they are missing. Safe to run repeatedly; needs root (or sudo) to install.
#   scripts/deps.sh            build + test dependencies
#   scripts/deps.sh --bench    also what the benchmarks compare against
#   scripts/deps.sh --oracle   also erlang-nox, to regenerate expected outputs
set -euo pipefail

pkgs=(gcc clang cmake make python3 python3-cffi python3-pytest python3-jsonschema libgmp-dev libcmocka-dev zlib1g-dev libpcre2-dev libjansson-dev libmicrohttpd-dev pkg-config libclang-rt-14-dev)
for arg in "$@"; do
  case "$arg" in
    --bench) pkgs+=(erlang-nox lua5.4 liblua5.4-dev) ;;
    --oracle) pkgs+=(erlang-nox) ;;
    *) echo "deps.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps.sh: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
