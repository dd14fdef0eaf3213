#!/usr/bin/env bash
# Builds the DocC documentation of NeonSQL (Sources/NeonSQL/NeonSQL.docc) without adding the
# swift-docc-plugin to anyone's dependency graph: the symbol graph of the built module
# (swift-symbolgraph-extract), then `docc convert` with warnings as errors (undocumented
# parameters, broken links), then a check that every public symbol has a doc comment.
#
#   Scripts/docs.sh            writes .build/docs/NeonSQL.doccarchive
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
GRAPHS="$ROOT/.build/docs-symbol-graphs"
OUTPUT="$ROOT/.build/docs/NeonSQL.doccarchive"
rm -rf "$GRAPHS" "$OUTPUT"
mkdir -p "$GRAPHS" "$(dirname "$OUTPUT")"

# A plain build (the same flags as every other build, so nothing is rebuilt for the docs), then the
# symbol graph from the built module.
swift build --target NeonSQL
BIN="$(swift build --show-bin-path)"
TRIPLE="$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
swift-symbolgraph-extract -module-name NeonSQL -I "$BIN/Modules" -target "$TRIPLE" \
    -minimum-access-level public -output-dir "$GRAPHS"

DOCC="$(command -v docc || xcrun --find docc 2>/dev/null || true)"
[ -n "$DOCC" ] || { echo "docs.sh: docc not found (it ships with the Swift toolchain)" >&2; exit 1; }
"$DOCC" convert "$ROOT/Sources/NeonSQL/NeonSQL.docc" \
    --additional-symbol-graph-dir "$GRAPHS" \
    --fallback-display-name NeonSQL --fallback-bundle-identifier dev.neon-sql.NeonSQL \
    --output-path "$OUTPUT" --warnings-as-errors

python3 "$ROOT/Scripts/check-doc-coverage.py" "$GRAPHS" NeonSQL
echo "docs.sh: documentation in $OUTPUT"
