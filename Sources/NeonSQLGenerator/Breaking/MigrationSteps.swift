/// The new schema's statements in order, and the schema as it stands after each of them: the
/// breaking-change checker finds the statement after which a shipped query stops working.
struct MigrationSteps {
    /// One statement: its file (index into `files`) and where it ends and starts.
    struct Step {
        let file: Int
        let endOffset: Int
        let location: SourceLocation
    }

    let files: [SourceFile]
    let steps: [Step]

    init(_ files: [SourceFile]) {
        self.files = files
        var steps: [Step] = []
        for (index, file) in files.enumerated() {
            var ignored = DiagnosticCollector()
            let parsed = SQLParser.parse(PsqlScript.withoutMetaCommands(file, &ignored), diagnostics: &ignored)
            let ranges = parsed.statements.map(\.range) + parsed.unparsedStatements.map(\.range)
            for range in ranges.sorted(by: { $0.start.offset < $1.start.offset }) {
                steps.append(Step(file: index, endOffset: range.endOffset, location: range.start))
            }
        }
        self.steps = steps
    }

    /// The schema files after the first `count` statements (0: none; `steps.count`: all). A file
    /// cut after a statement keeps its path and the text before the cut, so locations stay right.
    func schema(after count: Int) -> [SourceFile] {
        guard count < steps.count else { return files }
        guard count > 0 else { return [] }
        let last = steps[count - 1]
        var result = Array(files[..<last.file])
        let file = files[last.file]
        let bytes = Array(file.text.utf8)
        let cut = min(last.endOffset, bytes.count)
        result.append(SourceFile(path: file.path, text: String(decoding: bytes[..<cut], as: UTF8.self) + ";\n"))
        return result
    }
}
