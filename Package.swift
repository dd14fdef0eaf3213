// swift-tools-version: 6.0
import PackageDescription

// The library package. What apps link (`NeonSQL`) depends on Foundation only; the generator
// depends on nothing, because it is built inside every user's build, and so does the tool the
// plugin runs (`neon-sql-gen-build`); the CLI adds only NeonSQL (for `check` and `prepare`). What the runtime and the generator share (`NeonSQLShared`: the SQL template
// assembler, JSON string escaping, SHA-256) depends on nothing, not even Foundation.
let package = Package(
    name: "swift-neon-sql",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "NeonSQL", targets: ["NeonSQL"]),
        .executable(name: "neon-sql-gen", targets: ["neon-sql-gen"]),
        .plugin(name: "NeonSQLPlugin", targets: ["NeonSQLPlugin"]),
        // The generator core for tools and benchmarks; not a stable API (hence the underscore).
        .library(name: "_NeonSQLGeneratorCore", targets: ["NeonSQLGenerator"]),
        // JSON and identifier quoting for LocalNeon (its own package); SPI (`NeonSQLInternal`), not API.
        .library(name: "_NeonSQLShared", targets: ["NeonSQLShared"]),
    ],
    targets: [
        // What the runtime and the generator both compile: one SQL template assembler (the SQL a
        // call sends is the SQL the generator checked), JSON string escaping, SHA-256. No dependencies.
        .target(name: "NeonSQLShared"),

        // Runtime: Neon's SQL-over-HTTP protocol, typed decoding, batches, errors, auth.
        .target(name: "NeonSQL", dependencies: ["NeonSQLShared"]),

        // The query description: what analysis produces and translation, rendering and the lock
        // file read (statements, parameters, columns, PostgreSQL types as values, nullability,
        // table effects, annotations, diagnostics). Depends on no stage (only on the template
        // parts it shares with the runtime), so no stage's types can leak into it.
        .target(name: "NeonSQLQueryDescription", dependencies: ["NeonSQLShared"]),
        // The Swift side: translate (every Swift name, type and signature) and render (Swift source,
        // `describe` JSON) from the query description alone; it cannot see parse, catalog or analyze.
        .target(name: "NeonSQLSwiftGeneration", dependencies: ["NeonSQLQueryDescription", "NeonSQLShared"]),
        // Generator core: parse -> catalog -> analyze -> query description -> translate -> render.
        .target(name: "NeonSQLGenerator", dependencies: ["NeonSQLSwiftGeneration", "NeonSQLQueryDescription", "NeonSQLShared"]),
        // `neon-sql-gen check`: the analyzed queries against a live database, through the runtime.
        .target(name: "NeonSQLSchemaCheck", dependencies: ["NeonSQLGenerator", "NeonSQL"]),
        // The CLI's commands that need no database (describe, generate, breaking) and its parsing.
        .target(name: "NeonSQLGeneratorCLI", dependencies: ["NeonSQLGenerator"]),
        .executableTarget(name: "neon-sql-gen", dependencies: ["NeonSQLGeneratorCLI", "NeonSQLGenerator", "NeonSQLSchemaCheck"]),
        // The tool the plugin runs: the CLI without `check` and `prepare`, so that a package using
        // the plugin does not build the runtime and the schema checker for the host as well.
        .executableTarget(name: "neon-sql-gen-build", dependencies: ["NeonSQLGeneratorCLI"]),
        .plugin(name: "NeonSQLPlugin", capability: .buildTool(), dependencies: ["neon-sql-gen-build"]),

        // The RIZQ example, dogfooded: its .sql files are compiled by the plugin.
        .target(
            name: "RIZQQueries",
            dependencies: ["NeonSQL"],
            path: "queries",
            plugins: ["NeonSQLPlugin"]
        ),
        // A small feature of the app, written against the generated client only.
        .target(name: "RIZQFeatures", dependencies: ["RIZQQueries", "NeonSQL"]),
        .executableTarget(name: "rizq-demo", dependencies: ["RIZQFeatures", "RIZQQueries", "NeonSQL"]),
        // The child process of the outbox's kill-at-random test: enqueues and drains probe writes.
        .executableTarget(name: "outbox-soak-child", dependencies: ["NeonSQL"]),
        // Revalidation against refetching RIZQ's screens (Scripts/bench-revalidation.sh runs it).
        .executableTarget(name: "RevalidationBenchmark", dependencies: ["RIZQFeatures", "RIZQQueries", "NeonSQL"]),

        // What several test targets share: the seeded generator, the services' environment.
        .target(name: "NeonSQLTestSupport", dependencies: ["NeonSQL"], path: "Tests/NeonSQLTestSupport"),
        .testTarget(
            name: "NeonSQLGeneratorTests",
            dependencies: ["NeonSQLGenerator", "NeonSQLSwiftGeneration", "NeonSQLQueryDescription", "NeonSQLShared", "NeonSQL", "NeonSQLTestSupport"],
            exclude: ["Golden", "Corpus/Data", "Diagnostics/Cases", "Differential/Data"]
        ),
        .testTarget(name: "NeonSQLTests", dependencies: ["NeonSQL", "NeonSQLTestSupport"]),
        // Type-checks generated Swift for random hostile schemas against the runtime (runs swiftc).
        .testTarget(name: "GeneratedCodeCompileTests", dependencies: ["NeonSQLGenerator", "NeonSQL", "NeonSQLTestSupport"]),
        // Partly needs the local stack (PostgreSQL + neon-local).
        .testTarget(name: "NeonSQLSchemaCheckTests", dependencies: ["NeonSQLSchemaCheck", "NeonSQLGenerator", "NeonSQLGeneratorCLI", "NeonSQL", "neon-sql-gen", "NeonSQLTestSupport"]),
        // The feature with the generated client's test value: no server.
        .testTarget(name: "RIZQFeatureTests", dependencies: ["RIZQFeatures", "RIZQQueries"]),
        // Needs the local stack (Scripts/test.sh starts it): PostgreSQL + neon-local.
        .testTarget(name: "RIZQEndToEndTests", dependencies: ["RIZQQueries", "RIZQFeatures", "NeonSQL", "NeonSQLTestSupport", "outbox-soak-child"]),
        // sqlc's query kinds and macros through code the plugin generates, against the local stack.
        .target(name: "SQLCQueries", dependencies: ["NeonSQL"], path: "Tests/SQLCQueries", plugins: ["NeonSQLPlugin"]),
        .testTarget(name: "SQLCEndToEndTests", dependencies: ["SQLCQueries", "NeonSQL", "NeonSQLTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
