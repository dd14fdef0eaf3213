/// An index of a table, as far as it makes rows unique: a primary key's or UNIQUE constraint's
/// index, or one of `CREATE [UNIQUE] INDEX`. Non-unique indexes are kept for their names (they share
/// the relation namespace, so they decide the names PostgreSQL chooses) and for
/// `ADD ... USING INDEX`.
struct CatalogIndex: Sendable, Hashable {
    enum Constraint: Sendable, Hashable {
        /// A plain index (`CREATE [UNIQUE] INDEX`).
        case none
        case primaryKey
        case unique
    }

    /// The index name, which is also the constraint's name for a key constraint.
    var name: String
    /// The indexed columns; nil when an element is an expression (`lower(email)`).
    var columns: [String]?
    var isUnique: Bool
    /// `WHERE predicate`: unique only among some rows.
    var isPartial: Bool
    var constraint: Constraint
    /// For `CREATE INDEX`: each element's column name or expression text, and the `WHERE`
    /// predicate's conjuncts (``CreateIndexStatement/normalized(_:)``), which a query's WHERE can
    /// match to find a row unique under a partial or expression index.
    var elementTexts: [String] = []
    var predicateConjuncts: [String] = []

    /// The columns whose values are unique per row, when this index guarantees it for every row.
    var uniqueKey: [String]? {
        guard isUnique, !isPartial, let columns, !columns.isEmpty else { return nil }
        return columns
    }

    /// A primary key or UNIQUE constraint's index.
    static func key(name: String, columns: [String], primary: Bool) -> CatalogIndex {
        CatalogIndex(name: name, columns: columns, isUnique: true, isPartial: false, constraint: primary ? .primaryKey : .unique)
    }
}

/// The names PostgreSQL chooses for indexes and key constraints (`ChooseRelationName`,
/// `makeObjectName`): `table_pkey`, `table_a_b_key`, `table_a_idx`, with a number appended while
/// the name is taken, each part shortened so the whole fits in 63 bytes.
enum IndexNaming {
    /// PostgreSQL's NAMEDATALEN - 1.
    static let maximumLength = 63

    static func choose(table: String, columns: [String], label: String, isTaken: (String) -> Bool) -> String {
        let addition = columns.joined(separator: "_")
        var pass = 0
        while true {
            let suffix = pass == 0 ? label : label + String(pass)
            let candidate = makeObjectName(table, addition.isEmpty ? nil : addition, suffix)
            if !isTaken(candidate) { return candidate }
            pass += 1
        }
    }

    /// `name1_name2_label`, truncating the longer of name1/name2 first so the result fits.
    static func makeObjectName(_ name1: String, _ name2: String?, _ label: String) -> String {
        var first = Array(name1.utf8)
        var second = name2.map { Array($0.utf8) } ?? []
        let overhead = label.utf8.count + 1 + (name2 == nil ? 0 : 1)
        let available = maximumLength - overhead
        while first.count + second.count > available {
            if first.count > second.count { first.removeLast() } else { second.removeLast() }
        }
        // Never cut a multi-byte character in half (pg_mbcliplen).
        func clipped(_ bytes: [UInt8]) -> String {
            var bytes = bytes
            // Valid exactly when decoding repairs nothing (`String(validating:as:)` needs macOS 15,
            // and the plugin's tool is built for the package's macOS 14).
            while !bytes.isEmpty, !String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
        var result = clipped(first)
        if name2 != nil { result += "_" + clipped(second) }
        return result + "_" + label
    }
}
