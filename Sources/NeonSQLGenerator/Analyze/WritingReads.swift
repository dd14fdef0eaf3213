/// A statement is a write when its table effects say it changes a table, or may change one it
/// cannot see, whatever its first keyword: `SELECT record_visit(@user_id)` of a `VOLATILE`
/// function running an `UPDATE` (RPC style, common with Neon) writes, so it is not read-only: the
/// runtime never caches it, never answers it from a cache, invalidates what it writes, sends it to
/// the primary and does not resend it after a lost answer as it would a read.
enum WritingReads {
    /// Clears `query.isReadOnly` when its ``QueryDescription/tables`` change anything. A
    /// `-- @cache` or `-- @page` annotation on such a query is an error (both are for reads);
    /// returns false after reporting it.
    static func agree(_ query: inout QueryDescription, _ annotation: AnnotationParser.Annotation, _ source: SourceFile,
                      _ diagnostics: inout DiagnosticCollector) -> Bool {
        let tables = query.tables
        guard query.isReadOnly, !tables.writes.isEmpty || tables.writesUnknown else { return true }
        query.isReadOnly = false
        let what = tables.writes.isEmpty
            ? "may change tables through a function or trigger the generator cannot read"
            : "changes \(tables.writes.joined(separator: ", ")) through the functions or triggers it runs"
            + (tables.writesUnknown ? ", and may change others" : "")
        var accepted = true
        if let cache = annotation.cache {
            diagnostics.error("'-- @cache' caches the results of a read; this statement \(what)", in: source, at: cache.location)
            accepted = false
        }
        if let page = annotation.page {
            diagnostics.error("'-- @page' pages a SELECT that writes nothing; this statement \(what)", in: source, at: page.location)
            accepted = false
        }
        return accepted
    }
}
