// Checks shared by the generator's fuzz targets: what must hold for every input.

enum FuzzInvariants {
    /// Stops the fuzzer with a finding (the harness, not the generator, decides to trap here).
    static func fail(_ message: String) -> Never {
        print("fuzz invariant violated: \(message)")
        fatalError(message)
    }

    /// Every diagnostic is located inside its file, and the JSON is a complete object.
    static func check(_ result: DescribeResult, lineCount: Int, schema: [SQLSourceInput] = []) {
        if !result.json.hasPrefix("{\n"), !result.json.hasSuffix("}\n") {
            fail("describe JSON is not one object: \(result.json.prefix(80))")
        }
        for diagnostic in result.diagnostics {
            // `path:LINE:COL: severity: message`
            let parts = diagnostic.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]), line >= 1, column >= 1 else {
                fail("malformed diagnostic: \(diagnostic)")
            }
            let limit = parts[0] == "fuzz.sql" ? lineCount : Int.max
            if line > limit { fail("diagnostic past the end of the file (\(lineCount) lines): \(diagnostic)") }
        }
    }
}
