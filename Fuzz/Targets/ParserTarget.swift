// libFuzzer target `parser`: the lexer and parser (and the catalog builder) on arbitrary bytes.
// Built by Scripts/fuzz.sh together with Sources/NeonSQLGenerator into one module.
// Every input must end in a result plus diagnostics: a trap, an ASan report or a stack overflow is
// a finding. The invariants below turn silent mistakes into findings too.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let input = SQLSourceInput(path: "fuzz.sql", bytes: bytes)
    // As a query file (lexer, parser, annotation reading) and as a schema file (DDL, catalog).
    let asQueries = CodeGenerator.describe(schema: [], queries: [input])
    let asSchema = CodeGenerator.describe(schema: [input], queries: [])
    FuzzInvariants.check(asQueries, lineCount: bytes.count { $0 == 0x0A } + 1)
    FuzzInvariants.check(asSchema, lineCount: bytes.count { $0 == 0x0A } + 1)
    return 0
}
