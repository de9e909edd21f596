#!/usr/bin/env bash
# npm/pack.sh OUTDIR [-platforms linux-x64,...]
# Makes tokengen's npm packages: cross-compiles the binary for the six
# platforms, writes @tokengen/<os>-<cpu> and tokengen, and packs them with
# npm pack into OUTDIR, platform packages first (see npm/pack/main.go and
# docs/npm.md). Needs Go, git and npm. The same commit makes the same
# tarballs.
set -euo pipefail
if [ $# -lt 1 ] || [[ "$1" == -* ]]; then
  echo "usage: npm/pack.sh OUTDIR [-platforms linux-x64,...]" >&2
  exit 2
fi
out="$1"
shift
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$repo"
exec go run ./npm/pack "$@" "$out"
