/// The SQL a query sends: its source text with parameters as `$n`, `!`/`?` alias markers
/// removed and `*` as the columns it stands for; for `:copyfrom`, the INSERT rewritten to insert every row from array parameters.
/// The one `$n` rewriter: the analyzer's queries and the lock file's statements (Lock/LockableStatement.swift) are written with it.
enum SQLRewriter {
    /// The statement's text with every parameter replaced by `$n` (or its template, such as
    /// `= ANY($n)` for `sqlc.slice`), `!`/`?` alias markers removed and a `-- @sort` parameter
    /// replaced by its first key.
    static func rewrittenSQL(_ parsed: ParsedStatement, _ analyzer: StatementAnalyzer) -> String {
        sql(of: rewrittenPieces(parsed, analyzer, marks: [])) { analyzer.sortSlots[$0]?.keys.first?.text ?? "" }
    }

    /// The text of `range` with every parameter occurrence of `parameters` as its `$n` (numbered by
    /// `table`) and the bytes of each `replaced` item as its text (empty for an alias marker left
    /// out, `t.*` for `sqlc.embed(t)`): for a statement read without the analyzer.
    static func rewrittenSQL(_ range: SourceRange, in source: SourceFile, parameters: [ParameterNode], _ table: ParameterTable,
                             replacing replaced: [(offset: Int, length: Int, text: String)]) -> String {
        let edits = parameterEdits(parameters, table, sortSlots: SortSlots()) + replaced.map {
            Edit(offset: $0.offset, length: $0.length, order: 2, pieces: $0.text.isEmpty ? [] : [.text($0.text)])
        }
        return sql(of: pieces(range, source, edits)) { _ in "" }
    }

    /// A piece of the SQL sent: text, a parameter's placeholder, or a position the caller marked.
    enum Piece: Sendable, Hashable {
        case text(String)
        case parameter(Int)
        case mark(Int)
        /// `ORDER BY @order` of a `-- @sort`: the offset of the parameter (a slot of the analyzer's `sortSlots`).
        case choice(Int)
    }

    /// A position in the statement's source to find in the rewritten pieces (`id` comes back as
    /// ``Piece/mark(_:)``). At one offset, marks ending something come before marks starting
    /// something, and both before the text edited there.
    struct Mark: Sendable, Hashable {
        let offset: Int
        let id: Int
        let isEnd: Bool
    }

    /// `length` bytes of the source at `offset` replaced by `pieces`; at one offset, edits apply in `order`.
    private struct Edit {
        let offset: Int
        let length: Int
        let order: Int
        let pieces: [Piece]
    }

    /// The rewritten statement as pieces, with `marks` at their places.
    static func rewrittenPieces(_ parsed: ParsedStatement, _ analyzer: StatementAnalyzer, marks: [Mark]) -> [Piece] {
        var edits = parameterEdits(parsed.parameters, analyzer.parameters, sortSlots: analyzer.sortSlots)
        for edit in analyzer.sentSQL.ordered {
            edits.append(Edit(offset: edit.offset, length: edit.length, order: 2, pieces: edit.replacement.map { [.text($0)] } ?? []))
        }
        for mark in marks { edits.append(Edit(offset: mark.offset, length: 0, order: mark.isEnd ? 0 : 1, pieces: [.mark(mark.id)])) }
        return pieces(parsed.range, analyzer.source, edits)
    }

    /// Each parameter occurrence as its placeholder (or its template around it), or as the choice
    /// of a `-- @sort` slot.
    private static func parameterEdits(_ parameters: [ParameterNode], _ table: ParameterTable, sortSlots: SortSlots) -> [Edit] {
        var edits: [Edit] = []
        for node in parameters {
            let offset = node.range.start.offset
            let length = node.range.endOffset - offset
            if sortSlots[offset] != nil {
                edits.append(Edit(offset: offset, length: length, order: 2, pieces: [.choice(offset)]))
                continue
            }
            guard let index = table.index(of: node) else { continue }
            var pieces: [Piece] = [.parameter(index)]
            if let template = node.template, let placeholder = template.firstRange(of: "$n") {
                pieces = [.text(String(template[..<placeholder.lowerBound])), .parameter(index),
                          .text(String(template[placeholder.upperBound...]))]
            }
            edits.append(Edit(offset: offset, length: length, order: 2, pieces: pieces))
        }
        return edits
    }

    /// The text of `range` with `edits` applied (an edit overlapping an earlier one is left out).
    private static func pieces(_ range: SourceRange, _ source: SourceFile, _ edits: [Edit]) -> [Piece] {
        let bytes = source.bytes
        var pieces: [Piece] = []
        var cursor = range.start.offset
        let end = min(range.endOffset, bytes.count)
        for edit in edits.sorted(by: { ($0.offset, $0.order) < ($1.offset, $1.order) }) where edit.offset >= cursor && edit.offset + edit.length <= end {
            if cursor < edit.offset { pieces.append(.text(String(decoding: bytes[cursor..<edit.offset], as: UTF8.self))) }
            pieces += edit.pieces
            cursor = edit.offset + edit.length
        }
        if cursor < end { pieces.append(.text(String(decoding: bytes[cursor..<end], as: UTF8.self))) }
        return pieces
    }

    /// The pieces as SQL: placeholders as `$n`, marks left out, a sort choice as `choice` says.
    private static func sql(of pieces: [Piece], choice: (Int) -> String) -> String {
        var sql = ""
        for piece in pieces {
            switch piece {
            case .text(let text): sql += text
            case .parameter(let index): sql += "$\(index)"
            case .mark: break
            case .choice(let offset): sql += choice(offset)
            }
        }
        return sql
    }

    /// Why a statement cannot be a `:copyfrom` query, or its SQL: `INSERT INTO t (a, b) VALUES
    /// (@a, @b)` becomes `INSERT INTO t (a, b) SELECT * FROM unnest($1::integer[], $2::text[])`, so
    /// one statement inserts every row, each parameter binding one column's values as an array.
    /// An array column's values bind as `text[]` (each row's array literal as one element, since
    /// `unnest` would flatten a multi-dimensional array and rows' arrays differ in length) and are
    /// cast back: `INSERT INTO t (a, tags) SELECT c1, c2::text[] FROM unnest($1::integer[], $2::text[]) AS u(c1, c2)`.
    static func copyFromSQL(_ statement: Statement, _ table: ParameterTable,
                            _ parameters: [ParameterDescription]) -> Result<String, CopyFromProblem> {
        guard case .insert(let insert) = statement else { return .failure(.notAnInsert) }
        guard insert.with == nil, insert.onConflict == nil, insert.returning.isEmpty,
              case .values(let rows) = insert.source, rows.count == 1, let values = rows.first else {
            return .failure(.notAnInsert)
        }
        var arrays: [String] = []
        var selected: [String] = []
        var used: Set<Int> = []
        for value in values {
            guard case .parameter(let node) = value.kind, node.template == nil, let index = table.index(of: node),
                  used.insert(index).inserted, let parameter = parameters.first(where: { $0.index == index }) else {
                return .failure(.valueIsNotAParameter(value.location))
            }
            let column = "c\(arrays.count + 1)"
            if case .array = parameter.type {
                arrays.append("$\(index)::text[]")
                selected.append("\(column)::\(parameter.type.formatName)")
            } else {
                arrays.append("$\(index)::\(parameter.type.formatName)[]")
                selected.append(column)
            }
        }
        guard used.count == parameters.count else { return .failure(.notAnInsert) }
        let target = insert.table.parts.map { quoteIfNeeded($0.name) }.joined(separator: ".")
        let columns = insert.columns.isEmpty ? "" : " (" + insert.columns.map { quoteIfNeeded($0.name) }.joined(separator: ", ") + ")"
        guard selected.contains(where: { $0.contains("::") }) else {
            return .success("INSERT INTO \(target)\(columns) SELECT * FROM unnest(\(arrays.joined(separator: ", ")))")
        }
        let aliases = selected.indices.map { "c\($0 + 1)" }.joined(separator: ", ")
        return .success("INSERT INTO \(target)\(columns) SELECT \(selected.joined(separator: ", ")) "
                        + "FROM unnest(\(arrays.joined(separator: ", "))) AS u(\(aliases))")
    }

    /// Why a statement is not a `:copyfrom` INSERT.
    enum CopyFromProblem: Error {
        /// Not `INSERT INTO t [(columns)] VALUES (...)` with one row, no WITH, ON CONFLICT or RETURNING.
        case notAnInsert
        /// A value that is not a parameter used once.
        case valueIsNotAParameter(SourceLocation)
    }
}
