// libFuzzer target `analyzer`: arbitrary query files analyzed against the fixed RIZQ schema
// (queries/schema, embedded at build time as `fuzzSchema` by Scripts/fuzz.sh), then rendered to
// Swift and to the describe JSON. Built with Sources/NeonSQLGenerator into one module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnalyzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let input = SQLSourceInput(path: "fuzz.sql", bytes: bytes)
    let described = CodeGenerator.describe(schema: fuzzSchema, queries: [input])
    FuzzInvariants.check(described, lineCount: bytes.count { $0 == 0x0A } + 1, schema: fuzzSchema)
    let generated = CodeGenerator.generate(schema: fuzzSchema, queries: [input])
    if generated.hasErrors != described.hasErrors || generated.diagnostics != described.diagnostics {
        FuzzInvariants.fail("generate and describe disagree on the diagnostics")
    }
    if !generated.hasErrors, generated.files.count != 1 {
        FuzzInvariants.fail("generate returned \(generated.files.count) files for one input")
    }
    return 0
}
