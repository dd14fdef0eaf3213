/// What a shipped query finds in a schema: its SQL, exactly as shipped, analyzed against the
/// schema and compared with what the shipped binary binds and decodes. The shipped version is its
/// `describe` output read back as the contract's values (Render/DescribeContract.swift).
struct ShippedQueryComparison {
    let shipped: DescribeDocument

    /// One finding about one query.
    struct Finding: Hashable {
        let isError: Bool
        let message: String
    }

    /// The path a shipped query is analyzed under.
    static func path(ofQuery index: Int) -> String { "<shipped>/\(index).sql" }

    /// The shipped query as a query file: its annotation and its SQL (a batch kind's statement is
    /// one run of it; `:copyfrom`'s SQL is the `unnest` INSERT it sends).
    static func file(for query: DescribedQuery, index: Int) -> SourceFile {
        let kind: String
        switch query.kind {
        case "batchexec", "copyfrom": kind = "exec"
        case "batchone": kind = "one"
        case "batchmany": kind = "many"
        default: kind = query.kind
        }
        let name = query.name.isEmpty ? "Shipped\(index)" : query.name
        return SourceFile(path: path(ofQuery: index), text: "-- name: \(name) :\(kind)\n\(query.sql)\n;\n")
    }

    /// Analyzes the shipped queries `indices` against `schema`.
    func analyze(_ indices: [Int], schema: [SourceFile]) -> GenerationModel {
        Pipeline.analyze(schemaFiles: schema, queryFiles: indices.map { Self.file(for: shipped.queries[$0], index: $0) })
    }

    /// Analyzes the shipped queries `indices` against a catalog (the schema after some statement).
    func analyze(_ indices: [Int], catalog: Catalog) -> GenerationModel {
        Pipeline.analyze(queryFiles: indices.map { Self.file(for: shipped.queries[$0], index: $0) }, against: catalog)
    }

    /// The findings about query `index` in `model` (which analyzed it).
    func findings(_ index: Int, in model: GenerationModel) -> [Finding] {
        let query = shipped.queries[index]
        let path = Self.path(ofQuery: index)
        if let error = model.diagnostics.first(where: { $0.file == path && $0.severity == .error }) {
            return [Finding(isError: true, message: "no longer runs: \(error.message)")]
        }
        guard let analyzed = model.files.first(where: { $0.path == path })?.queries.first else {
            return [Finding(isError: true, message: "no longer runs")]
        }
        var findings: [Finding] = []
        if analyzed.columns.count != query.columns.count {
            findings.append(Finding(isError: true, message: "returns \(analyzed.columns.count) columns, where this version decodes \(query.columns.count)"))
        } else {
            for (old, new) in zip(query.columns, analyzed.columns) {
                findings += columnFindings(old, new, enums: model.enums)
            }
        }
        for old in query.params {
            guard let new = analyzed.parameters.first(where: { $0.index == old.index }) else { continue }
            if !Self.accepts(new.pgType, valuesOf: old.pgType) {
                findings.append(Finding(isError: true, message: "parameter $\(old.index) is now \(new.pgType), where this version sends \(old.pgType)"))
            }
            if let shippedEnum = shippedEnum(old.pgType), let current = model.enums.first(where: { $0.sqlName == shippedEnum.name }) {
                let removed = shippedEnum.labels.filter { !current.labels.contains($0) }
                if !removed.isEmpty {
                    findings.append(Finding(isError: true, message: "enum \(shippedEnum.name) no longer has \(Self.labels(removed)), which this version can send as $\(old.index)"))
                }
            }
        }
        return findings
    }

    private func columnFindings(_ old: DescribedColumn, _ new: ColumnDescription, enums: [EnumDescription]) -> [Finding] {
        var findings: [Finding] = []
        if new.sqlName != old.sqlName {
            findings.append(Finding(isError: true, message: "column \"\(old.sqlName)\" is now named \"\(new.sqlName)\""))
        }
        if new.pgType != old.pgType {
            findings.append(Finding(isError: true, message: "column \"\(old.sqlName)\" is now \(new.pgType), where this version decodes \(old.pgType)"))
        } else if !old.nullable, old.nullabilityOverride == nil, new.nullable {
            findings.append(Finding(isError: true, message: "column \"\(old.sqlName)\" can now be NULL, where this version expects a value"))
        }
        if let shippedEnum = shippedEnum(old.pgType), let current = enums.first(where: { $0.sqlName == shippedEnum.name }) {
            let added = current.labels.filter { !shippedEnum.labels.contains($0) }
            if !added.isEmpty {
                findings.append(shippedEnum.frozen
                    ? Finding(isError: true, message: "enum \(shippedEnum.name) has new \(Self.labels(added)) that column \"\(old.sqlName)\" can return; this version's frozen enum fails to decode such rows")
                    : Finding(isError: false, message: "enum \(shippedEnum.name) has new \(Self.labels(added)) that column \"\(old.sqlName)\" can return; this version decodes them as .undocumented"))
            }
        }
        return findings
    }

    /// The shipped enum a type (or array type) names.
    private func shippedEnum(_ pgType: String) -> DescribedEnum? {
        var name = Substring(pgType)
        while name.hasSuffix("[]") { name = name.dropLast(2) }
        return shipped.enums?.first { $0.name == name }
    }

    private static func labels(_ labels: [String]) -> String {
        (labels.count == 1 ? "label " : "labels ") + labels.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// Whether a parameter now typed `new` still accepts every text the shipped binary sends for
    /// `old` (it sends parameters as text; PostgreSQL parses them as the parameter's type).
    static func accepts(_ new: String, valuesOf old: String) -> Bool {
        if new == old { return true }
        if new == "text" { return true }
        let widenings: [String: Set<String>] = [
            "smallint": ["integer", "bigint", "numeric", "double precision"],
            "integer": ["bigint", "numeric"],
            "bigint": ["numeric"],
            "real": ["double precision"],
            "character varying": ["text"],
            "timestamp without time zone": ["timestamp with time zone"],
        ]
        return widenings[old]?.contains(new) ?? false
    }
}
