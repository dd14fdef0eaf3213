// Table models (issue 28 §2): one struct per table or view of the schema that a query of the
// target returns whole, named after the table in the singular (`user_profiles` -> `UserProfile`),
// returned by every such query instead of its own row struct and used for `sqlc.embed(t)` of it.
// The rules are documented in docs/generated-code.md ("Table models").

/// A table or view with its Swift names: the struct declared once in the target's shared file.
struct NamedTableModel: Sendable {
    /// The relation's key (`public.user_profiles`).
    let relationKey: String
    /// The relation as its doc comment names it: `user_profiles`, or `shop.orders` outside the
    /// search path.
    let sqlName: String
    /// `table` or `view` (a materialized view is a view here).
    let relationKind: String
    /// `UserProfile`.
    let typeName: String
    /// One per column, in table order, with the table's nullability.
    let fields: [NamedValue]
    /// A column named `id` (in Swift) that is NOT NULL and alone a primary or unique key.
    let isIdentifiable: Bool
    /// An outer-joined `sqlc.embed(t)` uses the model: it gets `decodeIfPresent(from:)`.
    var decodesIfPresent = false
}

/// Which queries return a table model, and the models' names. Translate's choice: the analyzer
/// records where each column comes from (``ColumnOrigin``); this decides whether a run of columns
/// is exactly one relation's row.
enum TableModels {
    /// Whether `columns` are exactly `relation`'s row, in table order: each column the table's
    /// column of the same position (by origin), under the table column's own name, of its type,
    /// and at most as nullable (`ownNullable`: the column's nullability where its row is there).
    /// A column the query makes certain is fine (the model keeps the table's `T?`); one the query
    /// makes nullable (a NOT NULL column on the outer side of a join), a cast, or a rename is not.
    static func isRow(_ columns: ArraySlice<ColumnDescription>, of relation: RelationDescription, key: String,
                      ownNullable: (ColumnDescription) -> Bool) -> Bool {
        guard !columns.isEmpty, columns.count == relation.columns.count else { return false }
        for (column, tableColumn) in zip(columns, relation.columns) {
            guard let origin = column.origin, origin.relationKey == key, origin.column == tableColumn.name,
                  column.sqlName == tableColumn.name, column.type == tableColumn.type else { return false }
            if ownNullable(column), tableColumn.isNotNull { return false }
            if column.elementNullable, !tableColumn.elementNullable { return false }
        }
        return true
    }

    /// The relation (a table or view of the schema files, not a system catalog) whose row
    /// `columns` are exactly, if any.
    static func relationKey(of columns: ArraySlice<ColumnDescription>, relations: SchemaRelations,
                            ownNullable: (ColumnDescription) -> Bool) -> String? {
        guard let key = columns.first?.origin?.relationKey, let relation = relations.relations[key],
              isRow(columns, of: relation, key: key, ownNullable: ownNullable) else { return nil }
        return key
    }

    /// The relation a whole query result is, when the result may be a model: a row-returning
    /// kind, no `-- @page`, no `sqlc.embed`, and more than one column (a result of one column
    /// keeps its shape: its values, or its row struct).
    static func wholeResultRelation(of query: QueryDescription, relations: SchemaRelations) -> String? {
        guard [.many, .one, .batchmany, .batchone].contains(query.kind), query.paging == nil,
              query.columns.count > 1, !query.columns.contains(where: { $0.embed != nil }) else { return nil }
        return relationKey(of: query.columns[...], relations: relations, ownNullable: { $0.nullable })
    }

    /// The relation of each `sqlc.embed(t)` item of a query (by the item's `start`) whose columns
    /// are exactly one relation's row (the nullability compared is the column's own within its
    /// row: an outer-joined embed is still the model, as an optional value).
    static func embedRelations(of query: QueryDescription, relations: SchemaRelations) -> [Int: String] {
        guard query.kind.returnsRows, query.paging == nil else { return [:] }
        var runs: [Int: Range<Int>] = [:]
        for (position, column) in query.columns.enumerated() {
            guard let embed = column.embed else { continue }
            let lower = runs[embed.start]?.lowerBound ?? position
            runs[embed.start] = lower..<(position + 1)
        }
        var result: [Int: String] = [:]
        for (start, range) in runs {
            let key = relationKey(of: query.columns[range], relations: relations, ownNullable: { $0.embed?.nullable ?? $0.nullable })
            if let key { result[start] = key }
        }
        return result
    }

    // MARK: Names

    /// sqlc's model name: the relation's name with its last word in the singular, upper camel
    /// case (`user_profiles` -> `UserProfile`, `categories` -> `Category`).
    static func baseName(_ relationName: String) -> String {
        var words = IdentifierWords.words(of: relationName)
        if let last = words.popLast() { words.append(singular(last)) }
        return SwiftIdentifiers.upperCamelCase(words.joined(separator: "_"))
    }

    /// The singular of one English word (case-insensitive; the result is lowercased), by rules
    /// of the kind inflection libraries such as sqlc's use; the first that applies wins:
    /// - an uncountable word is kept (`data`, `metadata`, `news`, `series`, `species`, `media`, ...);
    /// - a known irregular plural, also at the end of a word (`people` -> `person`, `salespeople`
    ///   -> `salesperson`, `children`, `men`, `women`, `mice`, `geese`, `teeth`, `feet`, `criteria`,
    ///   `indices`, `matrices`, `leaves`, `shelves`, `wives`, `lives`, `analyses`, `crises`,
    ///   `statuses`, `aliases`, `buses`, `movies`, `cookies`, `heroes`, ...; ``irregular``);
    /// - `-ies` -> `-y` (`categories`);
    /// - `-sses`, `-xes`, `-ches`, `-shes` drop `-es`, `-zzes` drops `-zes` (`addresses`, `boxes`,
    ///   `matches`, `wishes`, `quizzes`);
    /// - a word ending in `-ss`, `-us` or `-is` is kept (`address`, `status`, `analysis`, `campus`);
    /// - any other trailing `-s` is dropped (`users`, `duas`, `houses`, `archives`, `excuses`).
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if uncountable.contains(lower) { return lower }
        for (plural, singular) in irregular where lower.hasSuffix(plural) {
            return String(lower.dropLast(plural.count)) + singular
        }
        if lower.count > 3, lower.hasSuffix("ies") { return String(lower.dropLast(3)) + "y" }
        if lower.hasSuffix("zzes") { return String(lower.dropLast(3)) }
        for suffix in ["sses", "xes", "ches", "shes"] where lower.hasSuffix(suffix) {
            return String(lower.dropLast(2))
        }
        if ["ss", "us", "is"].contains(where: { lower.hasSuffix($0) }) { return lower }
        if lower.count > 1, lower.hasSuffix("s") { return String(lower.dropLast()) }
        return lower
    }

    /// Words kept as they are: no separate plural, or a plural used as a name of its own.
    static let uncountable: Set<String> = [
        "data", "metadata", "media", "news", "series", "species", "equipment", "information", "sheep", "fish",
        "deer", "rice", "money", "feedback", "staff", "software", "hardware", "music", "police", "aircraft",
        "analytics", "settings", "stats", "preferences", "permissions",
    ]

    /// Irregular plural endings and their singulars, matched at the end of the word, longest first.
    static let irregular: [(plural: String, singular: String)] = [
        ("people", "person"), ("children", "child"), ("women", "woman"), ("men", "man"), ("mice", "mouse"),
        ("geese", "goose"), ("teeth", "tooth"), ("feet", "foot"), ("oxen", "ox"), ("criteria", "criterion"),
        ("phenomena", "phenomenon"), ("indices", "index"), ("vertices", "vertex"), ("matrices", "matrix"),
        ("appendices", "appendix"), ("leaves", "leaf"), ("halves", "half"), ("shelves", "shelf"), ("wolves", "wolf"),
        ("calves", "calf"), ("selves", "self"), ("thieves", "thief"), ("loaves", "loaf"), ("knives", "knife"),
        ("wives", "wife"), ("lives", "life"), ("analyses", "analysis"), ("theses", "thesis"), ("crises", "crisis"),
        ("diagnoses", "diagnosis"), ("hypotheses", "hypothesis"), ("synopses", "synopsis"), ("axes", "axis"),
        ("statuses", "status"), ("aliases", "alias"), ("buses", "bus"), ("viruses", "virus"), ("campuses", "campus"),
        ("bonuses", "bonus"), ("censuses", "census"), ("focuses", "focus"), ("syllabuses", "syllabus"),
        ("movies", "movie"), ("cookies", "cookie"), ("zombies", "zombie"), ("calories", "calorie"),
        ("species", "species"), ("series", "series"), ("heroes", "hero"), ("potatoes", "potato"),
        ("tomatoes", "tomato"), ("echoes", "echo"), ("vetoes", "veto"), ("cacti", "cactus"), ("alumni", "alumnus"),
    ].sorted { $0.plural.count > $1.plural.count }

    /// The model's type name: ``baseName(_:)`` made usable; a Swift keyword (`Type`, `Protocol`),
    /// a standard type the target's code writes unqualified (``shadowedStandardNames``: a model
    /// `Task` would turn every `Task { }` of the module and its importers into the model) or a
    /// name already taken (an enum, a row/params/sort type, `Queries`/`Statements`/the client, a
    /// module name, an override's Swift type, an earlier model) gets `Model` appended
    /// (`TypeModel`, `TaskModel`, `UserStatusModel`), and if that is taken too, the first free
    /// number (`UserStatusModel2`). Models claim last and in the order of their relation's key,
    /// so a model never renames anything else.
    static func claimTypeName(_ relationName: String, types: inout UniqueNames) -> String {
        let base = baseName(relationName)
        if SwiftIdentifiers.keywords.contains(base) || SwiftIdentifiers.unescapable.contains(base) || shadowedStandardNames.contains(base) {
            return types.claim(base + "Model")
        }
        let candidate = SwiftTranslator.usable(base, fallback: "Table")
        return types.claim(types.isTaken(candidate) ? candidate + "Model" : candidate)
    }

    /// Types of the standard library, `_Concurrency`, Foundation and NeonSQL that code beside the
    /// generated code writes unqualified. The generated code itself qualifies them all; a model
    /// of that name would still shadow them for the user.
    static let shadowedStandardNames: Set<String> = Set([
        // Swift and _Concurrency
        "Actor", "Array", "AsyncSequence", "AsyncStream", "Bool", "Character", "Clock", "Codable", "Collection",
        "Comparable", "Decodable", "Dictionary", "Double", "Duration", "Encodable", "Equatable", "Error", "Float",
        "Hashable", "Identifiable", "Int", "MainActor", "Never", "Optional", "Range", "Result", "Sequence", "Set",
        "String", "Substring", "Task", "Void",
        // Foundation
        "Bundle", "Calendar", "Data", "Date", "Decimal", "Locale", "Measurement", "Notification", "Operation",
        "Process", "Progress", "Thread", "TimeZone", "Timer", "URL", "UUID",
    ]).union(shadowedNeonSQLNames)

    /// The runtime's types an app writes (the client, statements, patches, JSON) among
    /// ``shadowedStandardNames``; `RuntimeAgreementTests` fails when one is no public type of NeonSQL.
    static let shadowedNeonSQLNames: Set<String> = ["Bindings", "JSONValue", "NeonClient", "Patch", "QueryExecutor", "Statement"]
}

/// The relations one query returns whole or embeds whole (``TableModels``): found per query
/// (on the machine's cores), applied once the models are named.
struct TableModelUse: Sendable {
    /// The relation the whole result is, if any.
    let wholeRelation: String?
    /// The relation of each `sqlc.embed(t)` item that is exactly one (by the item's `start`).
    let embedRelations: [Int: String]

    init(_ query: QueryDescription, relations: SchemaRelations) {
        wholeRelation = TableModels.wholeResultRelation(of: query, relations: relations)
        embedRelations = TableModels.embedRelations(of: query, relations: relations)
    }

    var isEmpty: Bool { wholeRelation == nil && embedRelations.isEmpty }
}

extension SwiftTranslator {
    /// The table models of the named files: the relations that some query returns whole (or
    /// embeds whole), named after everything else (``TableModels/claimTypeName(_:types:)``).
    /// Returns them by relation key and sorted by name.
    func tableModels(_ drafts: [NamedFileDraft], relations: SchemaRelations, types: inout UniqueNames,
                     enumName: (String) -> String) -> (byKey: [String: NamedTableModel], sorted: [NamedTableModel]) {
        var used: Set<String> = []
        for draft in drafts {
            for use in draft.modelUses where !use.isEmpty {
                if let key = use.wholeRelation { used.insert(key) }
                used.formUnion(use.embedRelations.values)
            }
        }
        guard !used.isEmpty else { return ([:], []) }
        // A user's override type lives in the same module as the models: never take its name.
        for swiftType in overrides.columns.values.sorted() + overrides.types.values.sorted() where SwiftIdentifiers.isUsable(swiftType) {
            types.reserve(swiftType)
        }
        // Nor a member's name the model would be spelled next to (`_1` for both a table `1` and
        // the row property of its embed: `_1(from: &row)` would call the property).
        for names in ParallelWork.map(drafts, { Self.memberNames(of: $0.file) }) {
            types.reserve(all: names)
        }
        var models: [String: NamedTableModel] = [:]
        for key in used.sorted() {
            guard let relation = relations.relations[key] else { continue }
            models[key] = tableModel(relation, key: key, types: &types, enumName: enumName)
        }
        // An outer-joined embed of a model makes the model decode `IfPresent`.
        for draft in drafts {
            // The query read in place, and only when it embeds a model (a copy of each costs more).
            for (index, use) in draft.modelUses.enumerated() where !use.embedRelations.isEmpty {
                let columns = draft.file.queries[index].query.columns
                for (start, key) in use.embedRelations
                where columns.contains(where: { $0.embed?.start == start && $0.embed?.optional == true }) {
                    models[key]?.decodesIfPresent = true
                }
            }
        }
        return (models, models.values.sorted { ($0.typeName, $0.relationKey) < ($1.typeName, $1.relationKey) })
    }

    /// Every member name a file's queries declare on the target's types and rows.
    /// Each query is read in place (a loop over the queries would copy every one of them), its
    /// names inserted without arrays of them first (issue 28).
    private static func memberNames(of file: NamedFile) -> Set<String> {
        // About a dozen names a query: sized at once rather than rehashed as the set grows.
        var names = Set<String>(minimumCapacity: 12 * file.queries.count)
        func insert(_ name: String) {
            if !name.isEmpty { names.insert(name) }
        }
        for index in file.queries.indices {
            insert(file.queries[index].functionName)
            insert(file.queries[index].pageFactoryName)
            insert(file.queries[index].pagesMethodName)
            for column in file.queries[index].columns { insert(column.name) }
            for embed in file.queries[index].embeds { insert(embed.propertyName) }
            for parameter in file.queries[index].parameters { insert(parameter.name) }
        }
        return names
    }

    private func tableModel(_ relation: RelationDescription, key: String, types: inout UniqueNames,
                            enumName: (String) -> String) -> NamedTableModel {
        var names = UniqueNames(taken: Self.reservedColumnNames.union(Self.embeddedReservedNames))
        let fields = relation.columns.enumerated().map { position, column in
            let origin = ColumnOrigin(relationKey: key, column: column.name, isUnique: column.isUnique)
            let nullable = !column.isNotNull
            let swift = swiftType(column.type, nullable: nullable, elementNullable: column.elementNullable, origin: origin,
                                  originIsElement: false, enumName: enumName)
            return NamedValue(name: names.claim(Self.usable(SwiftIdentifiers.lowerCamelCase(column.name), fallback: "column\(position + 1)")),
                              typeUsage: swift, type: column.type, pgType: column.type.baseType.formatName,
                              index: position + 1, sqlName: column.name, nullable: nullable, elementNullable: column.elementNullable)
        }
        let isIdentifiable = zip(fields, relation.columns).contains { field, column in
            field.name == "id" && column.isNotNull && column.isUnique
        }
        return NamedTableModel(relationKey: key, sqlName: relation.sqlName, relationKind: relation.isTable ? "table" : "view",
                               typeName: TableModels.claimTypeName(relation.name, types: &types), fields: fields,
                               isIdentifiable: isIdentifiable)
    }
}

extension NamedQuery {
    /// Points the query, and its embeds, at the table models its ``TableModelUse`` found.
    mutating func useTableModels(for use: TableModelUse, models: [String: NamedTableModel]) {
        guard !use.isEmpty else { return }
        if let key = use.wholeRelation, let model = models[key] {
            useTableModel(model)
        }
        if !use.embedRelations.isEmpty {
            useTableModels(use.embedRelations.compactMapValues { models[$0] })
        }
    }

    /// The query returns `model`: its row type is the model's, its columns take the model's
    /// property names and types (the table's nullability), keeping the query's own `nullable`.
    mutating func useTableModel(_ model: NamedTableModel) {
        rowTypeName = model.typeName
        returnsTableModel = true
        isIdentifiable = model.isIdentifiable
        columns = zip(columns, model.fields).map { $0.takingNames(of: $1) }
    }

    /// Its `sqlc.embed` items of a relation with a model (by the item's first column's embed
    /// `start`) hold that model; the other items' nested structs are renamed past the models the
    /// row mentions (a nested `User` would shadow the model `User` inside the row).
    mutating func useTableModels(_ models: [Int: NamedTableModel]) {
        guard !models.isEmpty else { return }
        let mentioned = Set(models.values.map(\.typeName))
        // A renamed nested struct avoids what the row's code mentions, as SwiftTranslator.embeds does.
        var taken = mentioned.union(embeds.map(\.typeName)).union(embeds.map(\.propertyName)).union(columns.map(\.name))
        for column in columns { taken.formUnion(SwiftIdentifiers.namesMentioned(inTypeText: column.codeType)) }
        var nestedNames = UniqueNames(taken: taken)
        for index in embeds.indices {
            guard let firstPosition = embeds[index].positions.first, firstPosition < query.columns.count,
                  let start = query.columns[firstPosition].embed?.start else { continue }
            if let model = models[start] {
                embeds[index].typeName = model.typeName
                embeds[index].isTableModel = true
                for (offset, position) in embeds[index].positions.enumerated() where position < columns.count && offset < model.fields.count {
                    columns[position] = columns[position].takingNames(of: model.fields[offset])
                }
            } else if mentioned.contains(embeds[index].typeName) {
                embeds[index].typeName = nestedNames.claim(embeds[index].typeName)
            }
        }
    }
}
