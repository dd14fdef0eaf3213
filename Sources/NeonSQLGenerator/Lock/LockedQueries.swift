/// Applies a lock file (`neon-sql.lock.json`) to the analyzed queries:
/// - a query the analyzer could not type is built from its entry, with a warning that names it,
///   and the analyzer's errors about it are dropped;
/// - a query the analyzer typed is checked against its entry: a different type is an error that
///   names both answers (never a silent choice);
/// - an entry whose query text or schema changed since `prepare` is an error telling the user to
///   run `prepare` again.
enum LockedQueries {
    static func apply(_ input: QueryLockInput, schemaFiles: [SourceFile], parsedQueries: [ParsedFile], files: [QueryFileDescription],
                      catalog: Catalog, diagnostics: inout DiagnosticCollector) -> [QueryFileDescription] {
        let lock = input.lock
        let rerun = "run `\(lock.command.isEmpty ? "neon-sql-gen prepare --database-url <url> ..." : lock.command)` against a database with this schema"
        let schemaIsCurrent = QueryFingerprint.schemaHash(ofContents: schemaFiles.map(\.bytes)) == lock.schemaHash
        var reportedStaleSchema = false
        let analyzed = Dictionary(files.flatMap(\.queries).map { ($0.annotationName, $0) }, uniquingKeysWith: { first, _ in first })
        var built: [String: [QueryDescription]] = [:]
        var described: Set<String> = []
        var replacedSpans: [(file: String, from: SourceLocation, to: SourceLocation)] = []
        var messages = DiagnosticCollector()

        for parsed in parsedQueries {
            for statement in LockableStatement.statements(in: parsed) {
                let name = statement.annotation.name
                guard let entry = lock.queries[name], !described.contains(name) else { continue }
                described.insert(name)
                let at = statement.annotation.location
                guard lock.format == QueryLockFile.currentFormat else {
                    messages.error("\(input.path) has format \(lock.format); this generator reads format \(QueryLockFile.currentFormat): \(rerun)",
                                   in: statement.source, at: at)
                    return files
                }
                guard schemaIsCurrent else {
                    if !reportedStaleSchema {
                        messages.error("\(input.path) is stale: the schema files changed since PostgreSQL described the queries; \(rerun)",
                                       in: statement.source, at: at)
                        reportedStaleSchema = true
                    }
                    continue
                }
                guard entry.queryHash == QueryFingerprint.queryHash(of: statement.text) else {
                    messages.error("the description of '\(name)' in \(input.path) is stale: the query changed since PostgreSQL described it; \(rerun)",
                                   in: statement.source, at: at)
                    continue
                }
                if let query = analyzed[name] {
                    if let disagreement = LockComparison.disagreement(query, entry) {
                        messages.error("the analyzer and \(input.path) (PostgreSQL \(lock.postgresVersion)) disagree about '\(name)': \(disagreement); "
                                       + "if the database was not at this schema, \(rerun); otherwise please report the analyzer's answer",
                                       in: statement.source, at: at)
                    }
                    continue
                }
                let end = statement.source.location(ofOffset: statement.range.endOffset)
                let reason = diagnostics.diagnostics.first { $0.severity == .error && Self.lies($0, in: statement.source.path, from: at, to: end) }
                var local = DiagnosticCollector()
                guard let query = LockedQueryBuilder.query(statement, entry, catalog: catalog, &local), !local.hasErrors else {
                    messages.append(contentsOf: local.diagnostics)
                    continue
                }
                messages.append(contentsOf: local.diagnostics)
                let why = reason.map { ": the analyzer cannot type it (\($0.line):\($0.column): \($0.message))" } ?? ""
                messages.warning("query '\(name)' is described by \(input.path) (PostgreSQL \(lock.postgresVersion)), not by the analyzer\(why)",
                                 in: statement.source, at: at)
                replacedSpans.append((statement.source.path, at, end))
                built[parsed.source.path, default: []].append(query)
            }
        }

        let kept = diagnostics.diagnostics.filter { diagnostic in
            diagnostic.severity != .error || !replacedSpans.contains { lies(diagnostic, in: $0.file, from: $0.from, to: $0.to) }
        }
        diagnostics = DiagnosticCollector()
        diagnostics.append(contentsOf: kept)
        diagnostics.append(contentsOf: messages.diagnostics)
        return files.map { file in
            guard let added = built[file.path] else { return file }
            return QueryFileDescription(path: file.path, queries: (file.queries + added).sorted { $0.line < $1.line })
        }
    }

    /// Whether the diagnostic is in `file` between the two locations (inclusive).
    private static func lies(_ diagnostic: Diagnostic, in file: String, from start: SourceLocation, to end: SourceLocation) -> Bool {
        guard diagnostic.file == file else { return false }
        let position = (diagnostic.line, diagnostic.column)
        return position >= (start.line, start.column) && position <= (end.line, end.column)
    }
}
