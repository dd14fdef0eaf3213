#!/usr/bin/env bash
# Integration test of NeonSQLPlugin: builds a tiny package that depends on this repository by path
# and uses the plugin, then checks
#   (a) it builds, the generated API compiles and runs, outputs are named by the documented rule;
#   (b) editing one .sql file rewrites only that file's output, touching one without a change
#       rewrites nothing, and a rebuild without changes runs no generator;
#   (c) a misspelled column fails `swift build` with `<abs path>/users.sql:LINE:COL: error:`.
# Usage: Scripts/test-plugin.sh [--keep]   (--keep leaves the temporary package for inspection)
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
KEEP=0
for arg in "$@"; do
    case "$arg" in
        --keep) KEEP=1 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown argument: $arg" >&2; exit 2 ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/neon-sql-plugin-test.XXXXXX")"
WORK="$(cd "$WORK" && pwd -P)"
cleanup() { if [ "$KEEP" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT

FAILURES=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILURES=$((FAILURES + 1)); }

# The dependency's package identity is its directory name.
IDENTITY="$(basename "$REPO" | tr '[:upper:]' '[:lower:]')"
PKG="$WORK/fixture"
QUERIES="$PKG/Sources/FixtureQueries"
mkdir -p "$QUERIES/schema" "$QUERIES/posts" "$PKG/Sources/fixture-app"

cat > "$PKG/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(path: "$REPO")],
    targets: [
        .target(
            name: "FixtureQueries",
            dependencies: [.product(name: "NeonSQL", package: "$IDENTITY")],
            plugins: [.plugin(name: "NeonSQLPlugin", package: "$IDENTITY")]
        ),
        // A second generated module with the same query names: both import into one file.
        .target(
            name: "OtherQueries",
            dependencies: [.product(name: "NeonSQL", package: "$IDENTITY")],
            plugins: [.plugin(name: "NeonSQLPlugin", package: "$IDENTITY")]
        ),
        .executableTarget(name: "fixture-app", dependencies: ["FixtureQueries", "OtherQueries"]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT

cat > "$QUERIES/Exports.swift" <<'SWIFT'
@_exported import NeonSQL

/// The jsonb column posts.meta, mapped to this type by neon-sql.json.
public struct PostMeta: Codable, Hashable, Sendable, JSONColumnCodable {
    public var tags: [String]
    public init(tags: [String]) { self.tags = tags }
}
SWIFT

# A config file: schema location stays the default; one column gets the user's own type.
cat > "$QUERIES/neon-sql.json" <<'JSON'
{ "schema": ["schema"], "overrides": { "columns": { "posts.meta": "PostMeta" } }, "queryClient": true }
JSON

cat > "$QUERIES/schema/001_users.sql" <<'SQL'
CREATE TYPE mood AS ENUM ('happy', 'so_so');

CREATE TABLE users (
    id    serial PRIMARY KEY,
    name  text NOT NULL,
    email text,
    mood  mood NOT NULL DEFAULT 'happy'
);
SQL

cat > "$QUERIES/schema/002_posts.sql" <<'SQL'
CREATE TABLE posts (
    id        serial PRIMARY KEY,
    author_id integer NOT NULL REFERENCES users (id),
    title     text NOT NULL,
    meta      jsonb
);
SQL

cat > "$QUERIES/users.sql" <<'SQL'
-- name: ListUsers :many
-- Every user.
SELECT id, name, email, mood
FROM users
ORDER BY id;

-- name: RenameUser :execrows
UPDATE users SET name = @name WHERE id = @id;
SQL

cat > "$QUERIES/posts/by_author.sql" <<'SQL'
-- name: PostsByAuthor :many
SELECT p.id, p.title, p.meta, u.name AS author_name
FROM posts p
JOIN users u ON u.id = p.author_id
WHERE p.author_id = @author_id;
SQL

OTHER="$PKG/Sources/OtherQueries"
mkdir -p "$OTHER/migrations"
cat > "$OTHER/neon-sql.json" <<'JSON'
{ "names": { "client": "OtherClient" }, "queryClient": true }
JSON
cat > "$OTHER/migrations/001_users.sql" <<'SQL'
CREATE TABLE users (id bigint PRIMARY KEY, handle text NOT NULL);
SQL
cat > "$OTHER/Exports.swift" <<'SWIFT'
@_exported import NeonSQL
SWIFT
cat > "$OTHER/users.sql" <<'SQL'
-- name: ListUsers :many
SELECT id, handle FROM users ORDER BY id;
SQL

cat > "$PKG/Sources/fixture-app/Both.swift" <<'SWIFT'
import FixtureQueries
import OtherQueries

/// Both modules declare `Queries`, `Statements`, `User` (their `users` table's model, which
/// `ListUsers` returns) and `listUsers()`: each is reached through its module, from one file.
func callBoth() async throws -> String {
    var fixture = FixtureQueries.QueryClient.previewValue
    fixture.listUsers = { [FixtureQueries.User(id: 7, name: "Ada", email: nil, mood: .happy)] }
    var other = OtherClient.previewValue
    other.listUsers = { [OtherQueries.User(id: 9, handle: "@ada")] }
    let first = try await fixture.listUsers()
    let second = try await other.listUsers()
    let names = [FixtureQueries.Statements.listUsers().name, OtherQueries.Statements.listUsers().name]
    return "\(first.map(\.id)) \(second.map(\.handle)) \(names)"
}
SWIFT

cat > "$PKG/Sources/fixture-app/main.swift" <<'SWIFT'
import FixtureQueries

let list: Statement<[User]> = FixtureQueries.Statements.listUsers()
let rename: Statement<Int> = FixtureQueries.Statements.renameUser(name: "Ada", id: 1)
let posts: Statement<[PostsByAuthorRow]> = FixtureQueries.Statements.postsByAuthor(authorId: 1)
let row = User(id: 1, name: "Ada", email: nil, mood: .soSo)
let post = PostsByAuthorRow(id: 1, title: "Hi", meta: PostMeta(tags: ["swift"]), authorName: "Ada")
let users: @Sendable (FixtureQueries.Queries) async throws -> [User] = { try await $0.listUsers() }
func requireSendable<T: Sendable>(_: T) {}
requireSendable(row)
requireSendable(post)
requireSendable(users)
print(list.sql.contains("FROM users"), rename.sql.contains("$1"), posts.sql.contains("$1"),
      row.id, Mood.allCases.map(\.rawValue), User.columns.count, post.meta?.tags ?? [])
print(try await callBoth())
SWIFT

cd "$PKG"
BUILD_LOG="$WORK/build.log"
build() { swift build "$@" >"$BUILD_LOG" 2>&1; }
GEN_DISPLAY="Generating Swift from"

# (a) -------------------------------------------------------------------------------------------
echo "== (a) first build"
if build; then
    pass "the fixture builds"
    if OUTPUT="$(.build/debug/fixture-app 2>&1)" && [ "$OUTPUT" = 'true true true 1 ["happy", "so_so"] 4 ["swift"]
[7] ["@ada"] ["ListUsers", "ListUsers"]' ]; then
        pass "the generated API runs (with the PostMeta override from neon-sql.json), and two modules with the same query names are called from one file: $OUTPUT"
    else
        fail "fixture-app failed: $OUTPUT"
    fi
else
    fail "swift build failed (log below; this needs the analyzer and the NeonSQL runtime)"
    tail -40 "$BUILD_LOG"
fi

GEN_DIR="$(find .build/plugins/outputs -type d -path '*FixtureQueries*/NeonSQLPlugin/GeneratedSources' 2>/dev/null | head -1)"
if [ -n "$GEN_DIR" ]; then
    ACTUAL_NAMES="$(cd "$GEN_DIR" && ls | sort | tr '\n' ' ')"
    if [ "$ACTUAL_NAMES" = "NeonSQLSchema.swift posts_by_author.swift users.swift " ]; then
        pass "outputs are named by the rule: $ACTUAL_NAMES"
    else
        fail "unexpected outputs in $GEN_DIR: $ACTUAL_NAMES"
    fi
else
    fail "no generated sources directory under .build/plugins/outputs"
fi

# (b) -------------------------------------------------------------------------------------------
echo "== (b) incremental builds"
# SwiftPM relinks a plugin's host tool once on the first rebuild after a clean build (which reruns
# every command using it); build once to settle, then a build without changes must run nothing.
if [ -n "$GEN_DIR" ] && build && build; then
    if grep -q "$GEN_DISPLAY" "$BUILD_LOG"; then
        fail "a rebuild without changes ran the generator"
    else
        pass "a rebuild without changes runs no generator"
    fi

    # SwiftPM compares modification times; an edit in the same second as the last build can be missed.
    sleep 1
    MARK="$WORK/mark"; touch "$MARK"; sleep 1
    sed -i.bak 's/^-- Every user\.$/-- Every user, in id order./' "$QUERIES/users.sql" && rm -f "$QUERIES/users.sql.bak"
    if build; then
        CHANGED="$(cd "$GEN_DIR" && find . -type f -newer "$MARK" | sed 's|^\./||' | sort | tr '\n' ' ')"
        if grep -q "$GEN_DISPLAY" "$BUILD_LOG" && [ "$CHANGED" = "users.swift " ]; then
            pass "editing users.sql rewrote only users.swift"
        else
            fail "editing users.sql rewrote: '$CHANGED' (expected 'users.swift ')"
        fi
    else
        fail "the build after editing users.sql failed"; tail -20 "$BUILD_LOG"
    fi

    sleep 1
    touch "$MARK"; sleep 1
    touch "$QUERIES/posts/by_author.sql"
    if build; then
        CHANGED="$(cd "$GEN_DIR" && find . -type f -newer "$MARK" | tr '\n' ' ')"
        if [ -z "$CHANGED" ]; then
            pass "touching a .sql without a change rewrites no output"
        else
            fail "touching posts/by_author.sql rewrote: $CHANGED"
        fi
        # Outputs left untouched must not make the next build run the generator again.
        if build && ! grep -q "$GEN_DISPLAY" "$BUILD_LOG"; then
            pass "the build after that runs no generator"
        else
            fail "the build after touching posts/by_author.sql ran the generator again (or failed)"
        fi
    else
        fail "the build after touching posts/by_author.sql failed"; tail -20 "$BUILD_LOG"
    fi
else
    fail "skipped: (a) did not build"
fi

# (c) -------------------------------------------------------------------------------------------
echo "== (c) a misspelled column fails the build at its line"
sleep 1
sed -i.bak 's/^SELECT id, name, email, mood$/SELECT id, nmae, email, mood/' "$QUERIES/users.sql" && rm -f "$QUERIES/users.sql.bak"
LINE="$(grep -n 'SELECT id, nmae' "$QUERIES/users.sql" | cut -d: -f1)"
COLUMN="$(awk -v n="$LINE" 'NR == n { print index($0, "nmae") }' "$QUERIES/users.sql")"
EXPECTED="$QUERIES/users.sql:$LINE:$COLUMN: error:"
if build; then
    fail "swift build succeeded with a misspelled column"
elif grep -qF "$EXPECTED" "$BUILD_LOG"; then
    pass "swift build fails with: $(grep -F "$EXPECTED" "$BUILD_LOG" | head -1)"
else
    fail "swift build failed without '$EXPECTED'; its errors:"
    grep -i "error" "$BUILD_LOG" | head -10
fi

echo
if [ "$FAILURES" -eq 0 ]; then
    echo "plugin integration test: all checks passed"
else
    echo "plugin integration test: $FAILURES check(s) failed"
    exit 1
fi
