import NeonSQLGenerator
import NeonSQLTestSupport

/// One generated case: a schema and query files built from ``HostileNames``, reproducible from
/// its seed. `prefix` keeps the module-level Swift names of several cases apart when they share
/// one module (enum type, table and query names get it: a table's model is module-level;
/// columns, labels and parameters do not reach module scope and stay fully hostile).
struct HostileCase {
    let seed: UInt64
    let schema: String
    let queries: [SQLSourceInput]
    let typeNames: GeneratedTypeNames

    struct Column {
        let name: String
        let type: String
        let comparable: Bool
        let notNull: Bool
    }

    struct Table {
        let name: String
        let columns: [Column]
    }

    static let scalarTypes: [(sql: String, comparable: Bool)] = [
        ("integer", true), ("bigint", true), ("smallint", true), ("text", true), ("varchar(20)", true),
        ("boolean", true), ("uuid", true), ("date", true), ("timestamptz", true), ("numeric", true),
        ("real", false), ("double precision", false), ("timestamp", false), ("time", false), ("interval", false),
        ("jsonb", false), ("json", false), ("bytea", false), ("integer[]", false), ("text[]", false),
    ]

    /// `"name"` with embedded quotes doubled.
    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// `'text'` with embedded quotes doubled.
    static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// Names that are valid annotation names (letters, digits, `_`, not starting with a digit).
    static let annotationNames = HostileNames.all.filter { name in
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    init(seed: UInt64, prefix: String?, queryCount: ClosedRange<Int>, enumCount: ClosedRange<Int>) {
        self.seed = seed
        var random = SeededRandom(seed: seed)
        var ddl: [String] = []
        var enumNames: [String] = []
        var usedTypeNames: Set<String> = []
        for _ in 0..<random.int(enumCount) {
            let base = random.pick(HostileNames.all)
            let name = (prefix.map { $0.lowercased() + "_" } ?? "") + base
            guard usedTypeNames.insert(name).inserted else { continue }
            var labels: [String] = []
            for _ in 0..<random.int(1...5) {
                let label = random.pick(HostileNames.all)
                if !labels.contains(label) { labels.append(label) }
            }
            ddl.append("CREATE TYPE \(Self.quoted(name)) AS ENUM (\(labels.map(Self.literal).joined(separator: ", "))) ;")
            enumNames.append(name)
        }
        var tables: [Table] = []
        var usedTables: Set<String> = []
        for _ in 0..<random.int(1...3) {
            let name = (prefix.map { $0.lowercased() + "_" } ?? "") + random.pick(HostileNames.all)
            guard usedTables.insert(name).inserted else { continue }
            var columns: [Column] = []
            var usedColumns: Set<String> = []
            for _ in 0..<random.int(1...6) {
                let columnName = random.pick(HostileNames.all)
                guard usedColumns.insert(columnName).inserted else { continue }
                if !enumNames.isEmpty, random.chance(0.2) {
                    columns.append(Column(name: columnName, type: Self.quoted(random.pick(enumNames)), comparable: true,
                                          notNull: random.chance(0.5)))
                } else {
                    let type = random.pick(Self.scalarTypes)
                    columns.append(Column(name: columnName, type: type.sql, comparable: type.comparable, notNull: random.chance(0.5)))
                }
            }
            let definitions = columns.enumerated().map { index, column in
                "  \(Self.quoted(column.name)) \(column.type)" + (index == 0 && column.comparable ? " PRIMARY KEY" : column.notNull ? " NOT NULL" : "")
            }
            ddl.append("CREATE TABLE \(Self.quoted(name)) (\n\(definitions.joined(separator: ",\n"))\n);")
            tables.append(Table(name: name, columns: columns))
        }
        schema = ddl.joined(separator: "\n") + "\n"

        var files: [SQLSourceInput] = []
        var usedQueryNames: Set<String> = []
        for fileIndex in 0..<random.int(1...2) {
            var statements: [String] = []
            for _ in 0..<random.int(queryCount) {
                let base = random.pick(Self.annotationNames)
                let name = (prefix.map { $0 + "_" } ?? "") + base
                let key = name.lowercased().replacingOccurrences(of: "_", with: "")
                guard usedQueryNames.insert(key).inserted, let table = tables.isEmpty ? nil : random.pick(tables) else { continue }
                statements.append(Self.query(named: name, on: table, using: &random))
            }
            let path = "/case\(seed)/\(fileIndex)_\(random.pick(HostileNames.annotationNamesForFiles)).sql"
            files.append(SQLSourceInput(path: path, contents: statements.joined(separator: "\n\n") + "\n"))
        }
        queries = files
        typeNames = prefix.map {
            GeneratedTypeNames(queries: "Queries\($0)", statements: "Statements\($0)", client: "QueryClient\($0)")
        } ?? GeneratedTypeNames()
    }

    /// One annotated statement over `table`, of a random shape.
    static func query(named name: String, on table: Table, using random: inout SeededRandom) -> String {
        let from = quoted(table.name)
        let comparable = table.columns.filter(\.comparable)
        let documentation = random.chance(0.3)
            ? "-- \(random.pick(HostileNames.all.filter { !$0.contains("\n") })) */ \"\"\" \\(x) #\n" : ""
        var freshNames = HostileNames.all.shuffled(using: &random).makeIterator()
        func fresh() -> String { freshNames.next() ?? "spare" }
        func parameter() -> String {
            switch random.int(0...3) {
            case 0: return "sqlc.arg(\(literal(random.pick(HostileNames.all))))"
            case 1: return "sqlc.narg(\(literal(random.pick(HostileNames.all))))"
            default: return "$1"
            }
        }
        // Columns repeat (the same column, or an alias twice: `id`, `id2`), and some have no
        // name (PostgreSQL's `?column?`: generated `column<N>`) or a name like a generated one.
        func selectList() -> String {
            (0..<random.int(1...4)).map { _ in
                let column = random.pick(table.columns)
                switch random.int(0...5) {
                case 0: return quoted(column.name) + " IS NULL"
                case 1: return quoted(column.name) + " AS " + quoted("column\(random.int(1...4))")
                case 2, 3: return quoted(column.name) + " AS " + quoted(random.pick(HostileNames.all))
                default: return quoted(column.name)
                }
            }.joined(separator: ", ")
        }
        // sqlc's block-comment annotation style, now and then.
        let blockAnnotations = random.chance(0.25)
        func annotation(_ kind: String) -> String {
            blockAnnotations ? "/* name: \(name) :\(kind) */\n" : "-- name: \(name) :\(kind)\n"
        }
        switch random.int(0...14) {
        case 12 where !comparable.isEmpty:
            // `-- @optional`: the optional filters' names are identifiers, hostile ones included
            // (`variant`, `parameter`, a name like the template's); one is required.
            let key = random.pick(comparable)
            var names = Array(Set(annotationNames.filter { !$0.hasPrefix("_") }).shuffled(using: &random).prefix(3))
            while names.count < 3 { names.append("spare\(names.count)") }
            let kind = random.pick(["many", "one", "execrows", "batchmany"])
            let limit = kind == "one" ? " LIMIT 1" : ""
            let body = kind == "execrows"
                ? "DELETE FROM \(from)"
                : "SELECT \(selectList()), \(quoted(key.name)) FROM \(from)"
            // `-- @sort` over hostile column names (the enum's cases are named from them).
            let sortName = ["order", "sort", "sort_by"].first { !names.contains($0) } ?? "spare_order"
            let sorted = kind == "many" && random.chance(0.6)
            // Sort keys need an ordering operator (json has none: that is an error at the key).
            let sortKeys = [quoted(key.name), quoted(random.pick(comparable).name) + " DESC", "(\(quoted(key.name)) NULLS LAST)"]
            let sortDirective = sorted ? "-- @sort \(sortName): \(sortKeys.joined(separator: ", "))\n" : ""
            let orderBy = sorted ? " ORDER BY @\(sortName)" : ""
            return documentation + annotation(kind) + "-- @optional \(names[1]), \(names[2])\n" + sortDirective
                + "\(body) WHERE \(quoted(key.name)) = @\(names[0]) AND \(quoted(key.name)) = @\(names[1]) "
                + "AND (\(quoted(key.name)) = @\(names[2]) OR \(quoted(key.name)) IS NULL)\(orderBy)\(limit);"
        case 14 where table.columns.first?.comparable == true
            && table.columns[0].name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }):
            // `-- @page` by the primary key, with a parameter named like what the page factory
            // declares (`after`, `pageCursor`, `bindings`) or hostile.
            let key = quoted(table.columns[0].name)
            let parameterName = random.pick(["after", "pageCursor", "bindings", "executor", "pageSize"] + HostileNames.all)
            return documentation + annotation("many") + "-- @page size \(random.int(1...500)) by \(table.columns[0].name)\n"
                + "SELECT \(key) FROM \(from) WHERE \(key) <> sqlc.arg(\(literal(parameterName))) ORDER BY \(key)\(random.chance(0.5) ? " DESC" : "");"
        case 13 where !comparable.isEmpty && table.columns.count >= 2:
            // `-- @patch`: every assignment patched, or one kept alongside.
            let key = random.pick(comparable)
            let targets = Array(table.columns.filter { $0.name != key.name }.prefix(2))
            var names = Array(Set(annotationNames.filter { !$0.hasPrefix("_") }).shuffled(using: &random).prefix(3))
            while names.count < 3 { names.append("spare\(names.count)") }
            let assignments = targets.enumerated().map { "\(quoted($0.element.name)) = @\(names[$0.offset + 1])" }
            let patched = targets.indices.map { names[$0 + 1] }
            return documentation + annotation(random.pick(["execrows", "exec"])) + "-- @patch \(patched.joined(separator: ", "))\n"
                + "UPDATE \(from) SET \(assignments.joined(separator: ", ")) WHERE \(quoted(key.name)) = @\(names[0]);"
        case 6 where !comparable.isEmpty && table.columns.count >= 2:
            let key = random.pick(comparable)
            let target = random.pick(table.columns.filter { $0.name != key.name })
            return documentation + annotation("execresult")
                + "UPDATE \(from) SET \(quoted(target.name)) = sqlc.arg(\(literal(fresh()))) WHERE \(quoted(key.name)) = sqlc.arg(\(literal(fresh())));"
        case 7 where !comparable.isEmpty:
            let key = random.pick(comparable)
            return documentation + annotation("batchexec") + "DELETE FROM \(from) WHERE \(quoted(key.name)) = \(parameter());"
        case 8 where !comparable.isEmpty:
            let key = random.pick(comparable)
            return documentation + annotation("batchone")
                + "SELECT \(selectList()), \(quoted(key.name)) FROM \(from) WHERE \(quoted(key.name)) = \(parameter()) LIMIT 1;"
        case 9 where !comparable.isEmpty:
            let key = random.pick(comparable)
            return documentation + annotation("batchmany") + "SELECT \(selectList()) FROM \(from) WHERE \(quoted(key.name)) = sqlc.arg(\(literal(fresh())));"
        case 10 where !table.columns.isEmpty:
            // Every column, array columns too (each row's array bound as one text element).
            let columns = table.columns
            let values = columns.map { _ in "sqlc.arg(\(literal(fresh())))" }
            return documentation + annotation("copyfrom")
                + "INSERT INTO \(from) (\(columns.map { quoted($0.name) }.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")));"
        case 11 where !comparable.isEmpty:
            let key = random.pick(comparable)
            let negated = random.chance(0.5) ? "NOT " : ""
            return documentation + annotation("many")
                + "SELECT \(selectList()) FROM \(from) WHERE \(quoted(key.name)) \(negated)IN (sqlc.slice(\(literal(fresh()))));"
        case 0:
            if random.chance(0.5) {
                // sqlc.embed: the table, and a hostile alias of it NULL-extended by an outer join.
                var alias = fresh()
                if alias == table.name { alias += "_2" }
                return documentation + "-- name: \(name) :many\nSELECT sqlc.embed(\(from)), sqlc.embed(\(quoted(alias))) "
                    + "FROM \(from) LEFT JOIN \(from) AS \(quoted(alias)) ON false;"
            }
            return documentation + "-- name: \(name) :many\nSELECT * FROM \(from);"
        case 1 where !comparable.isEmpty:
            let key = random.pick(comparable)
            let value = random.chance(0.5) ? "sqlc.arg(\(literal(random.pick(HostileNames.all))))" : "$1"
            return documentation + "-- name: \(name) :many\nSELECT \(selectList()) FROM \(from) WHERE \(quoted(key.name)) = \(value);"
        case 2 where comparable.count >= 1:
            let key = random.pick(comparable)
            return documentation + "-- name: \(name) :one\nSELECT \(selectList()), \(quoted(key.name)) FROM \(from) WHERE \(quoted(key.name)) = \(parameter()) LIMIT 1;"
        case 3 where !comparable.isEmpty:
            let key = random.pick(comparable)
            return documentation + "-- name: \(name) :exec\nDELETE FROM \(from) WHERE \(quoted(key.name)) = sqlc.arg(\(literal(random.pick(HostileNames.all))));"
        case 4 where !comparable.isEmpty && table.columns.count >= 2:
            let key = random.pick(comparable)
            let target = random.pick(table.columns.filter { $0.name != key.name })
            return documentation + "-- name: \(name) :execrows\nUPDATE \(from) SET \(quoted(target.name)) = sqlc.arg(\(literal(fresh()))) WHERE \(quoted(key.name)) = sqlc.arg(\(literal(fresh())));"
        default:
            let columns = table.columns
            let values = columns.map { _ in "sqlc.arg(\(literal(fresh())))" }
            return documentation + "-- name: \(name) :one\nINSERT INTO \(from) (\(columns.map { quoted($0.name) }.joined(separator: ", "))) VALUES (\(values.joined(separator: ", "))) RETURNING *;"
        }
    }

    /// The case as text, for a failure report.
    var reproduction: String {
        "seed \(seed)\n-- schema\n\(schema)" + queries.map { "-- \($0.path)\n\($0.contents)" }.joined()
    }
}

extension HostileNames {
    /// File name stems (only letters, digits, `_`, so that paths stay simple).
    static let annotationNamesForFiles = all.filter { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && !$0.isEmpty }
}
