#!/usr/bin/env bash
# Differential test against the reference on random cases:
#   internal/difftest/run.sh [COUNT [FIRST_SEED]]
# Builds tokengen, generates COUNT cases (seeds FIRST_SEED..), and compares
# both tools' outputs with check.mjs. A failing seed is replayed with
#   node internal/difftest/gen.mjs /tmp/case SEED
# Needs node and the reference installed by /work/shared/conformance/run.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
count=${1:-100}; first=${2:-1}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
(cd "$here/../.." && go build -o "$work/tokengen" ./cmd/tokengen)
dirs=()
for ((s = first; s < first + count; s++)); do
  node "$here/gen.mjs" "$work/cases/seed$s" "$s"
  dirs+=("$work/cases/seed$s")
done
node "$here/check.mjs" "$work/tokengen" "${dirs[@]}"
