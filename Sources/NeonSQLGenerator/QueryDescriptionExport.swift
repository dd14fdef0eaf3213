// The query description (Sources/NeonSQLQueryDescription/: what analysis produces and translation,
// rendering and the lock file read) is the generator's contract between SQL and Swift, its own
// target so that the compiler keeps it free of the stages. Every stage here uses it, and tools
// that link the generator core (the CLI, tests, benchmarks) read its values, so it is re-exported.
@_exported import NeonSQLQueryDescription
// Translation and rendering (Sources/NeonSQLSwiftGeneration/) are their own target, which sees the
// query description only; their public types (`TypeOverrides`, `GeneratedTypeNames`, the
// `describe` contract) are part of the generator's API, so it is re-exported too.
@_exported import NeonSQLSwiftGeneration
