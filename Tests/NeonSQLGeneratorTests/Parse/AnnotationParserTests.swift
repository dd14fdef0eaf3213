import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

@Suite("Parser: sqlc annotations")
struct AnnotationParserTests {
    /// Each statement's annotation, and every diagnostic as `line:column severity message`.
    func parseQueries(_ text: String) -> (ParsedFile, [AnnotationParser.Result], [String]) {
        var collector = DiagnosticCollector()
        let source = SourceFile(path: "q.sql", text: text)
        let file = SQLParser.parse(source, diagnostics: &collector)
        let annotations = file.statements.map { AnnotationParser.parse($0.leadingComments, source, &collector) }
        return (file, annotations, collector.diagnostics.map { "\($0.line):\($0.column) \($0.severity) \($0.message)" })
    }

    @Test func everyKindInLineAndBlockComments() {
        var text = ""
        for kind in QueryDescription.Kind.allCases {
            text += "-- name: Line\(kind.rawValue) :\(kind.rawValue)\nSELECT 1 AS x;\n"
            text += "/* name: Block\(kind.rawValue) :\(kind.rawValue) */\nSELECT 1 AS x;\n"
        }
        let (_, results, diagnostics) = parseQueries(text)
        #expect(diagnostics == [])
        let annotations: [String] = results.compactMap {
            guard case .annotated(let annotation) = $0 else { return nil }
            return "\(annotation.name) \(annotation.kind.rawValue) \(annotation.location.line)"
        }
        #expect(annotations.count == QueryDescription.Kind.allCases.count * 2)
        #expect(annotations.prefix(4) == ["Linemany many 1", "Blockmany many 3", "Lineone one 5", "Blockone one 7"])
        #expect(annotations.last == "Blockcopyfrom copyfrom \(QueryDescription.Kind.allCases.count * 4 - 1)")
    }

    @Test func blockAnnotationKeepsItsDocumentationLines() {
        let (_, results, diagnostics) = parseQueries("""
            /* name: ListThings :many
            Lists the things. */
            -- More about it.
            SELECT 1 AS x;
            """)
        #expect(diagnostics == [])
        guard case .annotated(let annotation)? = results.first else {
            Issue.record("no annotation")
            return
        }
        #expect(annotation.name == "ListThings")
        #expect(annotation.documentation == ["Lists the things.", "More about it."])
    }

    @Test func execLastIdAndUnknownKindsAreClearErrors() {
        let (_, results, diagnostics) = parseQueries("""
            -- name: InsertThing :execlastid
            INSERT INTO t (a) VALUES (1);
            /* name: Other :exec_rows */
            SELECT 1;
            -- name: Fine :exec
            SELECT 1;
            """)
        #expect(diagnostics == [
            "1:1 error PostgreSQL has no last insert id for ':execlastid'; add 'RETURNING id' to the statement and use ':one'",
            "3:1 error unknown query kind ':exec_rows'; use :many, :one, :exec, :execrows, :execresult, :batchexec, :batchone, :batchmany or :copyfrom",
        ])
        #expect(results.filter { $0 == .invalid }.count == 2)
    }

    @Test func sqlcSliceIsAnArrayParameterComparedWithAny() {
        let (file, _, diagnostics) = parseQueries("""
            -- name: ByIds :many
            SELECT id FROM t WHERE id IN (sqlc.slice(ids)) AND kind NOT IN (sqlc.slice('kinds'));
            """)
        #expect(diagnostics == [])
        let parameters = file.statements.first?.parameters ?? []
        #expect(parameters.map(\.reference) == [.named("ids"), .named("kinds")])
        #expect(parameters.map { $0.template ?? "-" } == ["= ANY($n)", "<> ALL($n)"])
        // The occurrences span `IN (...)` and `NOT IN (...)`, so the SQL sent has no IN left.
        let spans = parameters.map { file.source.text(from: $0.range.start.offset, to: $0.range.endOffset) }
        #expect(spans == ["IN (sqlc.slice(ids))", "NOT IN (sqlc.slice('kinds'))"])
    }

    @Test func sliceAndCopyFromRewriteTheSQLSent() {
        let schema = "CREATE TABLE t (id bigint PRIMARY KEY, kind text NOT NULL, note text);"
        let slice = AnalysisFixture(schema: schema, query: "-- name: ByIds :many\nSELECT id FROM t WHERE id IN (sqlc.slice(ids)) AND kind = @kind;")
        #expect(slice.errors == [])
        #expect(slice.query?.query.sql == "SELECT id FROM t WHERE id = ANY($1) AND kind = $2")
        #expect(slice.parameterSignature == ["$1 ids: [Int]", "$2 kind: String"])

        let copy = AnalysisFixture(schema: schema, query: "-- name: Load :copyfrom\nINSERT INTO t (id, kind, note) VALUES (@id, @kind, @note);")
        #expect(copy.errors == [])
        #expect(copy.query?.query.sql == "INSERT INTO t (id, kind, note) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[])")
        #expect(copy.parameterSignature == ["$1 id: Int", "$2 kind: String", "$3 note: String?"])
        #expect(copy.query?.argumentsTypeName == "LoadParams")
    }
}
