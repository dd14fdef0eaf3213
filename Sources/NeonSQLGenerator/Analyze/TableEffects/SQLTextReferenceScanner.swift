/// The relations and functions SQL text mentions, read from its tokens alone: for function bodies
/// (SQL and PL/pgSQL), utility statements (`TRUNCATE`, `REFRESH MATERIALIZED VIEW`, `DO`) and
/// queries described by the lock file, where there is no syntax tree.
///
/// It errs towards more tables, never fewer: every name that resolves to a relation counts as read
/// (a PL/pgSQL variable named like a table adds that table); a name after `INSERT INTO`, `UPDATE`,
/// `DELETE FROM`, `MERGE INTO`, `TRUNCATE` or `COPY ... FROM` is changed; a name followed by `(`
/// that is a user function is called. `EXECUTE` (dynamic SQL) makes reads and writes unknown.
enum SQLTextReferenceScanner {
    /// The references of SQL text (a function body's string, a statement's text).
    static func references(ofText text: String, catalog: Catalog) -> StatementReferences {
        var scratch = DiagnosticCollector()
        let lexed = Lexer.tokenize(SourceFile(path: "", text: text), diagnostics: &scratch)
        var references = references(of: lexed.tokens, catalog: catalog)
        if scratch.hasErrors {
            // Text the lexer cannot read may hide anything.
            references.readsUnknown = true
            references.writesUnknown = true
        }
        return references
    }

    /// The references of tokens (a `RETURN` or `BEGIN ATOMIC` body, a lexed text).
    static func references(of tokens: [Token], catalog: Catalog) -> StatementReferences {
        var references = StatementReferences()
        var lastInsertTarget: String?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .string, index > 0, tokens[index - 1].isWord("do") || isBodyString(tokens, index) {
                // `DO $$ ... $$` or a nested function definition's body: PL/pgSQL or SQL text.
                references.formUnion(Self.references(ofText: token.value, catalog: catalog))
                index += 1
                continue
            }
            guard token.kind == .word || token.kind == .quotedIdentifier else {
                index += 1
                continue
            }
            if token.isWord("execute") {
                references.readsUnknown = true
                references.writesUnknown = true
            }
            if token.isWord("update"), index > 0, tokens[index - 1].isWord("do"), let target = lastInsertTarget {
                // INSERT ... ON CONFLICT ... DO UPDATE
                references.reads.insert(target)
                references.write(target, .update)
            }
            if index > 0, tokens[index - 1].kind == .dot {
                index += 1
                continue
            }
            let (parts, next) = qualifiedName(tokens, from: index)
            let isCall = next < tokens.count && tokens[next].kind == .leftParen
            if isCall, let name = parts.last {
                let schema = parts.count > 1 ? parts[parts.count - 2] : nil
                references.calls.formUnion(RelationReferenceCollector.calledFunctions(name, schema: schema, catalog: catalog))
            }
            if let key = relationKey(parts, catalog: catalog) {
                references.reads.insert(key)
                let changes = changes(before: index, tokens)
                for change in changes { references.write(key, change) }
                if changes == [.insert] { lastInsertTarget = key }
            }
            index = max(next, index + 1)
        }
        return references
    }

    /// The string after `AS` in a nested `CREATE FUNCTION` (or `DO` with `LANGUAGE` first).
    private static func isBodyString(_ tokens: [Token], _ index: Int) -> Bool {
        index > 0 && tokens[index - 1].isWord("as") && tokens[..<index].contains { $0.isWord("function") || $0.isWord("procedure") }
    }

    /// The dotted name starting at `index` (lower-cased words, exact quoted names) and the index after it.
    private static func qualifiedName(_ tokens: [Token], from index: Int) -> ([String], Int) {
        var parts = [tokens[index].value]
        var next = index + 1
        while next + 1 < tokens.count, tokens[next].kind == .dot,
              tokens[next + 1].kind == .word || tokens[next + 1].kind == .quotedIdentifier {
            parts.append(tokens[next + 1].value)
            next += 2
        }
        return (parts, next)
    }

    /// The relation a dotted name is: `schema.table`, `table`, or the table that qualifies a
    /// column (`duas.id` reads `duas`).
    private static func relationKey(_ parts: [String], catalog: Catalog) -> String? {
        var candidates: [(String, String?)] = []
        if parts.count >= 2 { candidates.append((parts[parts.count - 1], parts[parts.count - 2])) }
        if parts.count == 1 { candidates.append((parts[0], nil)) }
        if parts.count == 2 { candidates.append((parts[0], nil)) }
        if parts.count == 3 { candidates.append((parts[1], parts[0])) }
        for (name, schema) in candidates {
            if let relation = catalog.relation(name, schema: schema) { return Catalog.key(schema: relation.schema, name: relation.name) }
        }
        return nil
    }

    /// How a relation named at `index` is changed, from the words before it (empty: not changed).
    private static func changes(before index: Int, _ tokens: [Token]) -> [TableChange] {
        var position = index - 1
        if position >= 0, tokens[position].isWord("only") { position -= 1 }
        guard position >= 0 else { return [] }
        let word = tokens[position]
        let previous = position > 0 ? tokens[position - 1] : nil
        if word.isWord("into"), let previous, previous.isWord("insert") { return [.insert] }
        if word.isWord("into"), let previous, previous.isWord("merge") { return [.insert, .update, .delete] }
        if word.isWord("update"), !(previous?.isWord("do") ?? false), !(previous?.isWord("for") ?? false),
           !(previous?.isWord("key") ?? false) {
            return [.update]
        }
        if word.isWord("from"), let previous, previous.isWord("delete") { return [.delete] }
        if word.isWord("truncate") || (word.isWord("table") && previous?.isWord("truncate") ?? false) { return [.truncate] }
        if word.kind == .comma, truncateListContinues(tokens, before: position) { return [.truncate] }
        // REFRESH MATERIALIZED VIEW [CONCURRENTLY] name replaces the view's rows.
        if word.isWord("view"), previous?.isWord("materialized") ?? false, refreshes(tokens, before: position) { return [.insert, .delete] }
        if word.isWord("concurrently"), previous?.isWord("view") ?? false, refreshes(tokens, before: position) { return [.insert, .delete] }
        if word.isWord("copy") { return [.insert] }
        return []
    }

    /// Whether the comma at `position` continues a `TRUNCATE a, b` list.
    private static func truncateListContinues(_ tokens: [Token], before position: Int) -> Bool {
        var index = position - 1
        while index >= 0 {
            let token = tokens[index]
            if token.isWord("truncate") { return true }
            if token.kind == .word || token.kind == .quotedIdentifier || token.kind == .dot || token.kind == .comma
                || token.isWord("only") || token.isWord("table") {
                index -= 1
                continue
            }
            return false
        }
        return false
    }

    /// Whether `MATERIALIZED VIEW` before `position` follows `REFRESH`.
    private static func refreshes(_ tokens: [Token], before position: Int) -> Bool {
        (max(0, position - 3)..<position).contains { tokens[$0].isWord("refresh") }
    }
}
