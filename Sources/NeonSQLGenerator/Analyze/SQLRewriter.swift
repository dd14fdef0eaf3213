/// The SQL a query sends: its source text with parameters as `$n`, `!`/`?` alias markers
/// removed and `*` as the columns it stands for; for `:copyfrom`, the INSERT rewritten to insert every row from array parameters.
enum SQLRewriter {
    /// The statement's text with every parameter replaced by `$n` (or its template, such as
    /// `= ANY($n)` for `sqlc.slice`), `!`/`?` alias markers removed and a `-- @sort` parameter
    /// replaced by its first key.
    static func rewrittenSQL(_ parsed: ParsedStatement, _ analyzer: StatementAnalyzer) -> String {
        var sql = ""
        for piece in rewrittenPieces(parsed, analyzer, marks: []) {
            switch piece {
            case .text(let text): sql += text
            case .parameter(let index): sql += "$\(index)"
            case .mark: break
            case .choice(let offset): sql += analyzer.sortSlots[offset]?.keys.first?.text ?? ""
            }
        }
        return sql
    }

    /// A piece of the SQL sent: text, a parameter's placeholder, or a position the caller marked.
    enum Piece: Sendable, Hashable {
        case text(String)
        case parameter(Int)
        case mark(Int)
        /// `ORDER BY @order` of a `-- @sort`: the offset of the parameter (a key of the analyzer's `sortSlots`).
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

    /// The rewritten statement as pieces, with `marks` at their places.
    static func rewrittenPieces(_ parsed: ParsedStatement, _ analyzer: StatementAnalyzer, marks: [Mark]) -> [Piece] {
        var edits: [(offset: Int, length: Int, order: Int, pieces: [Piece])] = []
        for node in parsed.parameters {
            if analyzer.sortSlots[node.range.start.offset] != nil {
                edits.append((node.range.start.offset, node.range.endOffset - node.range.start.offset, 2, [.choice(node.range.start.offset)]))
                continue
            }
            guard let index = analyzer.parameters.index(of: node) else { continue }
            var pieces: [Piece] = [.parameter(index)]
            if let template = node.template, let placeholder = template.firstRange(of: "$n") {
                pieces = [.text(String(template[..<placeholder.lowerBound])), .parameter(index),
                          .text(String(template[placeholder.upperBound...]))]
            }
            edits.append((node.range.start.offset, node.range.endOffset - node.range.start.offset, 2, pieces))
        }
        for edit in analyzer.aliasEdits { edits.append((edit.offset, edit.length, 2, [])) }
        for edit in analyzer.embedEdits + analyzer.starEdits { edits.append((edit.offset, edit.length, 2, [.text(edit.replacement)])) }
        for mark in marks { edits.append((mark.offset, 0, mark.isEnd ? 0 : 1, [.mark(mark.id)])) }
        edits.sort { ($0.offset, $0.order) < ($1.offset, $1.order) }
        let bytes = analyzer.source.bytes
        var pieces: [Piece] = []
        var cursor = parsed.range.start.offset
        let end = min(parsed.range.endOffset, bytes.count)
        for edit in edits where edit.offset >= cursor && edit.offset + edit.length <= end {
            if cursor < edit.offset { pieces.append(.text(String(decoding: bytes[cursor..<edit.offset], as: UTF8.self))) }
            pieces += edit.pieces
            cursor = edit.offset + edit.length
        }
        if cursor < end { pieces.append(.text(String(decoding: bytes[cursor..<end], as: UTF8.self))) }
        return pieces
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
