#!/usr/bin/env bash
# The edit-rebuild loop of a downstream package using the plugin (BENCHMARKS.md "Edit-rebuild
# loop"): creates a package that depends on this checkout, with one target of N synthetic queries
# in M files (Scripts/lib/build_loop_project.py), builds it, then times, each after waiting 1 s
# (SwiftPM can miss an edit made within a second of the previous build):
#   no-op rebuild, comment edit, SQL-text edit, adding a query, changing a column's type
# and prints the ratios add/SQL-edit and type/SQL-edit. The first build is split into building
# the plugin's tool and the rest (running it and compiling the generated Swift).
#
#   Scripts/bench-build-loop.sh [N] [M] [--keep]     defaults: 500 38
#
# LOOP_CONFIG=<neon-sql.json> puts that config in the target (`{"queryClient": true}`: the target
# with its dependency client, which is opt-in).
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
N="${1:-500}"
M="${2:-38}"
KEEP="${3:-}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/neon-sql-build-loop.XXXXXX")"
cleanup() { if [[ "$KEEP" == "--keep" ]]; then echo "kept $WORK" >&2; else rm -rf "$WORK"; fi; }
trap cleanup EXIT

IDENTITY="$(basename "$REPO" | tr '[:upper:]' '[:lower:]')"
PKG="$WORK/loop"
TARGET="$PKG/Sources/AppQueries"
mkdir -p "$TARGET"
cat > "$PKG/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BuildLoop",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(path: "$REPO")],
    targets: [
        .target(
            name: "AppQueries",
            dependencies: [.product(name: "NeonSQL", package: "$IDENTITY")],
            plugins: [.plugin(name: "NeonSQLPlugin", package: "$IDENTITY")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
python3 "$REPO/Scripts/lib/build_loop_project.py" "$TARGET" "$N" "$M"
# A target needs a Swift file of its own besides the generated ones.
printf 'import NeonSQL\n\n/// The synthetic target of Scripts/bench-build-loop.sh.\npublic enum AppQueriesInfo {}\n' > "$TARGET/AppQueries.swift"
if [[ -n "${LOOP_CONFIG:-}" ]]; then cp "$LOOP_CONFIG" "$TARGET/neon-sql.json"; fi

cd "$PKG"
now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$2"; }
# Prints the build's seconds and, after a slash, how many of the target's Swift files the
# compiler compiled (its `-primary-file` jobs; an object file's time does not tell, as the
# frontend leaves an unchanged object file untouched).
build() {
    local start end files
    start="$(now)"
    swift build -v --target AppQueries >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; echo "error: build failed" >&2; exit 1; }
    end="$(now)"
    files="$(grep -o -- '-primary-file [^ ]*' "$WORK/build.log" | grep '/AppQueries/' | sort -u | wc -l)"
    echo "$(elapsed "$start" "$end")/$files"
}
seconds() { echo "${1%/*}"; }
objects() { echo "${1#*/}"; }

# The NeonSQL runtime and the plugin's tool, as a first build makes them.
start="$(now)"
# (SwiftPM builds the plugin's tool, neon-sql-gen-build, before any target of the package.)
swift build --target NeonSQL >"$WORK/tool.log" 2>&1 || { cat "$WORK/tool.log" >&2; exit 1; }
TOOL="$(elapsed "$start" "$(now)")"
FIRST="$(build)"
GENERATED_BYTES="$(cat .build/plugins/outputs/*/AppQueries/destination/NeonSQLPlugin/GeneratedSources/*.swift | wc -c)"
# Compiler warnings (`file.swift:LINE:COL: warning:`; `swift build -v` also prints lines starting
# `warning: '<package>':` that are its manifest commands). Generated code must have none: show any.
WARNINGS="$(grep -cE '\.swift:[0-9]+:[0-9]+: warning:' "$WORK/build.log" || true)"
grep -E '\.swift:[0-9]+:[0-9]+: warning:' "$WORK/build.log" | sort -u >&2 || true

sleep 1; NOOP="$(build)"

FILE="$TARGET/queries_000.sql"
sleep 1; sed -i '2s/.*/-- Query 0 of the synthetic project, its comment edited./' "$FILE"; COMMENT="$(build)"

sleep 1; sed -i '3s/WHERE id = @id;/WHERE id = @id AND score >= 0;/' "$FILE"; SQL_EDIT="$(build)"

sleep 1
printf -- '-- name: AddedQuery :many\n-- A query added to a big target.\nSELECT id, name FROM table_0 WHERE score > @score ORDER BY id;\n' >> "$FILE"
ADD="$(build)"

sleep 1
# One column of one table (the queries of table_0 change; the others do not).
python3 - "$TARGET/schema/001_tables.sql" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
start = text.index("CREATE TABLE table_0 (")
end = text.index(");", start)
block = text[start:end].replace("score integer NOT NULL", "score bigint NOT NULL")
open(path, "w").write(text[:start] + block + text[end:])
PY
TYPE="$(build)"

ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$(seconds "$1")" "$(seconds "$2")"; }
row() { printf '  %-44s %8s s  %4s files compiled' "$1" "$(seconds "$2")" "$(objects "$2")"; }
echo "Edit-rebuild loop: $N queries in $M files ($(du -k --apparent-size -c .build/plugins/outputs/*/AppQueries/destination/NeonSQLPlugin/GeneratedSources/*.swift | tail -1 | cut -f1) KiB of generated Swift, $WARNINGS warnings)"
printf '  %-44s %8s s\n' "first build: NeonSQL and the plugin's tool" "$TOOL"
row "first build: generate + compile the target" "$FIRST"; echo
row "no-op rebuild" "$NOOP"; echo
row "comment edit (one query's doc comment)" "$COMMENT"; echo
row "SQL-text edit (one query)" "$SQL_EDIT"; echo
row "adding a query" "$ADD"; echo "   ($(ratio "$ADD" "$SQL_EDIT")x the SQL-text edit)"
row "changing a column's type (table_0.score)" "$TYPE"; echo "   ($(ratio "$TYPE" "$SQL_EDIT")x the SQL-text edit)"
echo "  generated bytes: $GENERATED_BYTES"
