// `*` and `t.*` in a select or RETURNING list are sent as the explicit column list of the schema
// at generation time, so that a column a migration adds later does not reach an installed app
// whose row type does not have it.
extension NameResolving where Self: ExpressionTyping & CallTyping & FromClauseAnalyzing {
    /// Records the edit that replaces the `*` of a select or RETURNING list at `location` with the
    /// columns it stands for (`a.id, a.name, b.id`), when they can be named unambiguously.
    /// `TABLE t` (parsed as `SELECT * FROM t` with the star at `TABLE`) becomes `SELECT ... FROM t`.
    mutating func recordStarExpansion(at location: SourceLocation, _ scope: Scope) {
        // The column list is written into one string: no string per column, then joined.
        var columnList = ""
        for merged in scope.mergedColumns {
            let unambiguous = scope.mergedColumns.count(where: { $0.name == merged.name }) == 1
                && !scope.entries.contains { entry in
                    !entry.hiddenUnqualified.contains(merged.name) && entry.columns.contains { $0.name == merged.name }
                }
            guard unambiguous, !merged.name.isEmpty else { return }
            Self.appendListItem(Self.sqlName(merged.name), to: &columnList)
        }
        for entry in scope.entries {
            let visible = entry.hiddenUnqualified.isEmpty ? entry.columns : entry.columns.filter { !entry.hiddenUnqualified.contains($0.name) }
            guard Self.appendQualifiedColumns(visible, of: entry, to: &columnList) else { return }
        }
        guard !columnList.isEmpty else { return }
        let bytes = source.bytes
        let offset = location.offset
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "*") {
            sentSQL.replaceStar(offset: offset, length: 1, with: columnList)
        } else if offset + 5 <= bytes.count,
                  String(decoding: bytes[offset..<offset + 5], as: UTF8.self).lowercased() == "table" {
            sentSQL.replaceStar(offset: offset, length: 5, with: "SELECT " + columnList + " FROM")
        }
    }

    /// Records the edit that replaces `t.*` (written from `location` on) with `t.a, t.b`.
    mutating func recordQualifiedStarExpansion(at location: SourceLocation, _ entry: RangeEntry) {
        var columnList = ""
        guard Self.appendQualifiedColumns(entry.columns, of: entry, to: &columnList), !columnList.isEmpty,
              let starOffset = starOffset(from: location.offset) else { return }
        sentSQL.replaceStar(offset: location.offset, length: starOffset + 1 - location.offset, with: columnList)
    }

    /// Records the edit that replaces `(p).*` (written from `location` on) with `(p).a, (p).b`
    /// when `base` names a FROM item's row or a column of composite type: a column a migration adds
    /// to that table or type then does not reach an installed app. A call's `(f(x)).*` stays as
    /// written (its text would be repeated, parameters included).
    mutating func recordFieldStarExpansion(at location: SourceLocation, base: Expression, fields: [ScopeColumn]) {
        var inner = base
        while case .parenthesized(let nested) = inner.kind { inner = nested }
        guard case .column = inner.kind, !fields.isEmpty, let starOffset = starOffset(from: location.offset) else { return }
        var seen: Set<String> = []
        for field in fields where field.name.isEmpty || !seen.insert(field.name).inserted { return }
        var prefix = Array(source.bytes[location.offset..<starOffset])
        while let last = prefix.last, last == UInt8(ascii: ".") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\n")
                || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") {
            prefix.removeLast()
        }
        let row = String(decoding: prefix, as: UTF8.self)
        sentSQL.replaceStar(offset: location.offset, length: starOffset + 1 - location.offset,
                            with: fields.map { row + "." + Self.sqlName($0.name) }.joined(separator: ", "))
    }

    /// Appends `entry.a, entry.b` for columns of an entry to the comma-separated `list`; false
    /// (nothing appended) when a column cannot be named so: the entry has no name (an unaliased
    /// subquery), a column has none, or two share one.
    private static func appendQualifiedColumns(_ columns: [ScopeColumn], of entry: RangeEntry, to list: inout String) -> Bool {
        guard let name = entry.name, !name.isEmpty else { return columns.isEmpty }
        // Sized up front: growing the set column by column rehashed it several times (issue 28).
        var seen = Set<String>(minimumCapacity: entry.columns.count)
        for column in entry.columns where column.name.isEmpty || !seen.insert(column.name).inserted { return false }
        let qualifier = sqlName(name)
        for column in columns {
            if !list.isEmpty { list += ", " }
            list += qualifier
            list += "."
            list += sqlName(column.name)
        }
        return true
    }

    /// Appends `item` to the comma-separated `list`.
    private static func appendListItem(_ item: String, to list: inout String) {
        if !list.isEmpty { list += ", " }
        list += item
    }

    /// The offset of the `*` ending a qualified star that starts at `start`, skipping quoted
    /// identifiers and comments.
    private func starOffset(from start: Int) -> Int? {
        let bytes = source.bytes
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "*"):
                return index
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") { index += 2; continue }
                        break
                    }
                    index += 1
                }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 1
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}

extension NameResolving {
    /// A name as the SQL sent spells it: quoted unless it is a plain lower-case, non-reserved word
    /// (`quoteIfNeeded` quotes reserved and type-or-function-name keywords too).
    static func sqlName(_ name: String) -> String { quoteIfNeeded(name) }
}
