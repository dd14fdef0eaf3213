@_spi(NeonSQLInternal) import NeonSQLShared

/// A column of a table or view as the catalog records it.
struct CatalogColumn: Sendable, Hashable {
    var name: String
    var type: SQLType
    /// NOT NULL, primary key, identity or serial: the column can never hold NULL.
    var isNotNull: Bool
    /// For array columns: whether elements may be NULL. PostgreSQL cannot constrain array
    /// elements; table columns are assumed to hold no NULL elements (a NULL element fails decoding
    /// with a clear error), view columns inherit what their expression says.
    var elementNullable: Bool = false
    var hasDefault: Bool = false
    /// NOT NULL only because its type is a NOT NULL domain (ALTER DOMAIN ... DROP NOT NULL undoes it).
    var isNotNullByDomainOnly = false
    /// An identity `GENERATED ALWAYS` or a generated column: what INSERT and UPDATE may write into
    /// it. Set only where the schema says so for certain; a column copied by LIKE, inheritance or
    /// partitioning has none (a missed rejection at worst, never a false error).
    var writeRestriction: ColumnWriteRestriction?
    /// Where a schema file declares it (nil for columns made otherwise: views, functions).
    var declaredAt: DeclarationSite?
}

/// A place in a schema file, for diagnostics about what it declares (`check`'s drift).
struct DeclarationSite: Sendable, Hashable {
    let file: String
    let line: Int
    let column: Int

    init(_ file: SourceFile, _ location: SourceLocation) {
        self.file = file.path
        self.line = location.line
        self.column = location.column
    }
}

/// A table or view.
struct CatalogRelation: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case table, view, materializedView }

    var schema: String
    var name: String
    let kind: Kind
    var columns: [CatalogColumn]
    /// Its indexes: the primary key's, UNIQUE constraints' and those of CREATE [UNIQUE] INDEX
    /// (CatalogIndex.swift).
    var indexes: [CatalogIndex]
    /// The primary key's columns (empty without one).
    var primaryKey: [String] { indexes.first { $0.constraint == .primaryKey }?.columns ?? [] }
    /// Where the relation was created, for messages.
    let file: String
    let location: SourceLocation
    /// For a view: whether PostgreSQL changes its base relation's rows through it, and which of its
    /// columns it can assign (Catalog/ViewUpdatability.swift); nil for other relations.
    var updatability: ViewUpdatability? = nil

    func column(named name: String) -> CatalogColumn? { columns.first { $0.name == name } }

    func columnIndex(named name: String) -> Int? { columns.firstIndex { $0.name == name } }

    /// Column sets whose values are unique per row: the primary key, UNIQUE constraints and
    /// unique indexes on plain columns without a WHERE.
    var uniqueKeys: [[String]] { indexes.compactMap(\.uniqueKey) }

    /// Whether `column` alone is a primary key or unique key.
    func isUniqueColumn(_ column: String) -> Bool {
        indexes.contains { index in index.uniqueKey.map { $0.count == 1 && $0[0] == column } ?? false }
    }

    func isPrimaryKey(_ column: String) -> Bool { primaryKey.contains(column) }
}

/// An enum type.
struct CatalogEnum: Sendable, Hashable {
    var schema: String
    var name: String
    var labels: [String]
    var declaredAt: DeclarationSite?
}

/// The schema as the queries see it: tables, views, enums and schemas, after applying every
/// schema file in order.
///
/// Its collections live in one ``Storage`` object that copies share until one of them changes
/// (copy on write): the analyzer reads the catalog through `self` in `mutating` methods and
/// closures, where Swift copies a struct it passes on, and a copy of a dozen collections retained
/// one by one cost more than 40,000 copies per generation (issue 28); now a copy is one retain.
struct Catalog: Sendable {
    /// The catalog's state; see the properties of the same names below for what each holds.
    /// Only a uniquely referenced storage is changed (``mutableStorage()``), so a copy of a
    /// catalog never sees another copy's changes, and sharing one across threads only reads it.
    private final class Storage: @unchecked Sendable {
        var schemas: Set<String> = ["public", "pg_catalog", "pg_temp"]
        var relations: [String: CatalogRelation] = [:]
        var enums: [String: CatalogEnum] = [:]
        var userTypes = UserTypeCatalog()
        var postgresVersion: Int?
        var functions: [String: [UserFunction]] = [:]
        var searchPath = ["public"]
        var callCandidates = CallCandidateCache()
        var defaultSearchPath = ["public"]
        var tableEffects = TableEffectsCatalog()

        init() {}

        /// A storage holding the same values, for a catalog about to change what it shared.
        init(copying other: Storage) {
            schemas = other.schemas
            relations = other.relations
            enums = other.enums
            userTypes = other.userTypes
            postgresVersion = other.postgresVersion
            functions = other.functions
            searchPath = other.searchPath
            callCandidates = other.callCandidates
            defaultSearchPath = other.defaultSearchPath
            tableEffects = other.tableEffects
        }
    }

    private var storage: Storage

    /// An empty catalog: PostgreSQL's schemas `public`, `pg_catalog` and `pg_temp`, nothing else.
    init() { storage = Storage() }

    private init(sharing storage: Storage) { self.storage = storage }

    /// The one storage every ``placeholder`` shares: never changed, since a change copies a
    /// storage that is not uniquely referenced and this one is held by the type too.
    private static let placeholderStorage = Storage()

    /// An empty catalog that costs no allocation: what a catalog building step holds while the
    /// builder's catalog is swapped into it (`CatalogBuildingStep.run`), never read.
    static var placeholder: Catalog { Catalog(sharing: placeholderStorage) }

    /// The storage to change: this catalog's own, copied first when another catalog shares it.
    private mutating func mutableStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
        return storage
    }

    /// The storage to change in something the call candidates depend on: it starts a new
    /// ``callCandidates`` cache, whose derived values include the analyzer's scope columns of a relation.
    private mutating func storageInvalidatingCallCandidates() -> Storage {
        let storage = mutableStorage()
        storage.callCandidates = CallCandidateCache()
        return storage
    }

    /// Schemas created so far (`public` always exists).
    private(set) var schemas: Set<String> {
        get { storage.schemas }
        set { mutableStorage().schemas = newValue }
    }
    /// Tables and views by `schema.name`; a change starts a new ``callCandidates``, whose derived
    /// values include the analyzer's scope columns of a relation.
    private(set) var relations: [String: CatalogRelation] {
        get { storage.relations }
        set { storageInvalidatingCallCandidates().relations = newValue }
    }
    private(set) var enums: [String: CatalogEnum] {
        get { storage.enums }
        set { mutableStorage().enums = newValue }
    }
    /// Extensions, domains, composite and range types (see Catalog+Types.swift). A change made
    /// through this property copies the collection it changes; they hold few entries.
    var userTypes: UserTypeCatalog {
        get { storage.userTypes }
        set { storageInvalidatingCallCandidates().userTypes = newValue }
    }
    /// The PostgreSQL major version the project targets (`postgresVersion` in neon-sql.json); nil:
    /// every version's built-in functions are known (Catalog+Versions.swift).
    var postgresVersion: Int? {
        get { storage.postgresVersion }
        set { storageInvalidatingCallCandidates().postgresVersion = newValue }
    }
    /// Functions and procedures of CREATE FUNCTION / PROCEDURE by `schema.name`, each name with
    /// its overloads (UserFunction.swift).
    private(set) var functions: [String: [UserFunction]] {
        get { storage.functions }
        set { storageInvalidatingCallCandidates().functions = newValue }
    }
    /// Unqualified names resolve against these schemas, in order (`SET search_path` in a schema
    /// file changes it for the statements after it). `pg_temp` is searched first for relations,
    /// as PostgreSQL does, and never for types or functions.
    private(set) var searchPath: [String] {
        get { storage.searchPath }
        set { storageInvalidatingCallCandidates().searchPath = newValue }
    }
    /// The call candidates and derived values built so far for this state of the catalog
    /// (CallCandidates.swift); replaced whenever a property above that they depend on changes.
    var callCandidates: CallCandidateCache { storage.callCandidates }
    /// The search path queries run with, which also decides how `format_type` spells user types:
    /// `public`, unless `ALTER DATABASE|ROLE ... SET search_path` changed it.
    private(set) var defaultSearchPath: [String] {
        get { storage.defaultSearchPath }
        set { mutableStorage().defaultSearchPath = newValue }
    }
    /// Foreign-key actions, triggers, function bodies, view definitions and partitions: what the
    /// table effects of a statement follow (TableEffectsCatalog.swift). Changed with
    /// ``changeTableEffects(_:)``.
    var tableEffects: TableEffectsCatalog { storage.tableEffects }

    /// Changes ``tableEffects`` in place. A change through a setter would start from the getter's
    /// copy, which shares its collections with the storage, so the collection changed would be
    /// copied whole (every foreign key for each one added).
    mutating func changeTableEffects(_ change: (inout TableEffectsCatalog) -> Void) {
        change(&mutableStorage().tableEffects)
    }

    /// The schema new objects go to when their name is unqualified: the first existing one on the path.
    var creationSchema: String? { searchPath.first { schemas.contains($0) && $0 != "pg_temp" } }

    static func key(schema: String, name: String) -> String { schema + "." + name }

    // MARK: Lookup

    /// The relation `name` (optionally `schema.name`), following the search path. As in PostgreSQL,
    /// `pg_temp` is searched first, then `pg_catalog` (its tables and views, and
    /// information_schema's when qualified, come from the built-in data) unless the path names it
    /// later (RelationNameLookup.swift).
    ///
    /// Looked up once per name for this state of the catalog, among the derived values of
    /// ``callCandidates`` (a change of the relations, search path or version starts a new cache):
    /// the lookup builds a `schema.name` key for each schema it tries.
    func relation(_ name: String, schema: String?) -> CatalogRelation? {
        derivedValue(RelationNameKey(name: name, schema: schema)) {
            RelationNameLookup.find(name, schema: schema, searchPath: searchPath, postgresVersion: postgresVersion,
                                    user: { relations[$0] }, system: { $0 })
        }
    }

    /// The relation with key `schema.name` (a scope entry's `relationKey`), user or system.
    func relation(key: String) -> CatalogRelation? {
        if let found = relations[key] { return found }
        guard let dot = key.firstIndex(of: ".") else { return nil }
        return systemRelation(String(key[key.index(after: dot)...]), schema: String(key[..<dot]))
    }

    /// A table or view of pg_catalog or information_schema, as the target PostgreSQL version has it.
    private func systemRelation(_ name: String, schema: String) -> CatalogRelation? {
        RelationNameLookup.systemRelation(name, schema: schema, version: postgresVersion)
    }

    func enumType(_ name: String, schema: String?) -> CatalogEnum? {
        if let schema { return enums[Catalog.key(schema: schema, name: name)] }
        for candidate in searchPath {
            if let found = enums[Catalog.key(schema: candidate, name: name)] { return found }
        }
        return nil
    }

    /// The name `format_type` prints for an enum: unqualified when the queries' search path finds
    /// it by that name.
    func formatName(ofEnum value: CatalogEnum) -> String {
        let visible = defaultSearchPath.first { enums[Catalog.key(schema: $0, name: value.name)] != nil } == value.schema
        return visible ? quoteIfNeeded(value.name) : quoteIfNeeded(value.schema) + "." + quoteIfNeeded(value.name)
    }

    /// User functions named `name` (in `schema`, or in the first schema of the search path that has any).
    func userFunctions(_ name: String, schema: String?) -> [UserFunction] {
        if let schema { return functions[Catalog.key(schema: schema, name: name)] ?? [] }
        for candidate in searchPath {
            if let found = functions[Catalog.key(schema: candidate, name: name)], !found.isEmpty { return found }
        }
        return []
    }

    /// The enum behind an `.enumeration` type name.
    func enumType(formatName: String) -> CatalogEnum? {
        enums.values.first { self.formatName(ofEnum: $0) == formatName }
    }

    // MARK: Mutation (used by CatalogBuilder)

    mutating func addSchema(_ name: String) { mutableStorage().schemas.insert(name) }

    mutating func removeSchema(_ name: String) {
        schemas.remove(name)
        relations = relations.filter { $0.value.schema != name }
        enums = enums.filter { $0.value.schema != name }
        userTypes.domains = userTypes.domains.filter { $0.value.schema != name }
        userTypes.composites = userTypes.composites.filter { $0.value.schema != name }
        userTypes.ranges = userTypes.ranges.filter { $0.value.schema != name }
        functions = functions.filter { !$0.key.hasPrefix(name + ".") }
    }

    /// Whether anything lives in schema `name` (DROP SCHEMA without CASCADE refuses then).
    func schemaHasObjects(_ name: String) -> Bool {
        relations.values.contains { $0.schema == name } || enums.values.contains { $0.schema == name }
            || userTypes.domains.values.contains { $0.schema == name } || userTypes.composites.values.contains { $0.schema == name }
            || userTypes.ranges.values.contains { $0.schema == name }
            || functions.contains { $0.key.hasPrefix(name + ".") && !$0.value.isEmpty }
    }

    /// `SET search_path`: where later schema statements look names up and create objects.
    mutating func setSearchPath(_ path: [String]) { searchPath = path }

    /// `ALTER DATABASE|ROLE ... SET search_path`: the path queries run with; enum names
    /// (`format_type`'s spelling, qualified outside the path) follow.
    mutating func setDefaultSearchPath(_ path: [String]) {
        let before = enums.values.map { ($0, formatName(ofEnum: $0)) }
        defaultSearchPath = path
        searchPath = path
        var renames: [String: String] = [:]
        for (value, oldName) in before where formatName(ofEnum: value) != oldName { renames[oldName] = formatName(ofEnum: value) }
        renameTypeReferences(renames)
    }

    /// Rewrites user type names (`.enumeration(old)`, a composite's or range's `.named(old)`, a
    /// domain's `.domain(old, ...)`) to their new names in every column, type and function signature.
    mutating func renameTypeReferences(_ renames: [String: String]) {
        guard !renames.isEmpty else { return }
        func rename(_ type: SQLType) -> SQLType {
            switch type {
            case .enumeration(let name): .enumeration(renames[name] ?? name)
            case .named(let name): .named(renames[name] ?? name)
            case .domain(let name, let base): .domain(renames[name] ?? name, base: rename(base))
            case .array(let element): .array(rename(element))
            case .userRange(let range): .userRange(renameRange(range))
            case .userMultirange(let range): .userMultirange(renameRange(range))
            case .builtin: type
            }
        }
        func renameRange(_ range: UserRangeType) -> UserRangeType {
            UserRangeType(name: renames[range.name] ?? range.name, multirangeName: renames[range.multirangeName] ?? range.multirangeName,
                          subtype: rename(range.subtype))
        }
        // Changed in place: through the properties, each change would copy the whole collection.
        let storage = storageInvalidatingCallCandidates()
        for (key, domain) in storage.userTypes.domains {
            storage.userTypes.domains[key] = CatalogDomain(schema: domain.schema, name: domain.name, base: rename(domain.base), isNotNull: domain.isNotNull)
        }
        for (key, range) in storage.userTypes.ranges {
            storage.userTypes.ranges[key] = CatalogRangeType(schema: range.schema, name: range.name, multirangeName: range.multirangeName,
                                                             subtype: rename(range.subtype))
        }
        func renameColumns(_ columns: [CatalogColumn]) -> [CatalogColumn] {
            columns.map { column in
                var copy = column
                copy.type = rename(column.type)
                return copy
            }
        }
        for (key, relation) in storage.relations {
            var copy = relation
            copy.columns = renameColumns(relation.columns)
            storage.relations[key] = copy
        }
        for (key, composite) in storage.userTypes.composites {
            var copy = composite
            copy.fields = renameColumns(composite.fields)
            storage.userTypes.composites[key] = copy
        }
        for (key, overloads) in storage.functions {
            storage.functions[key] = overloads.map { $0.mapTypes(rename) }
        }
        if !storage.userTypes.casts.isEmpty { storage.userTypes.casts = storage.userTypes.casts.mapTypes(rename) }
    }

    /// Adds a function, replacing one with the same signature (`CREATE OR REPLACE`).
    mutating func setFunction(_ function: UserFunction) {
        let key = Catalog.key(schema: function.schema, name: function.name)
        let storage = storageInvalidatingCallCandidates()
        storage.functions[key, default: []].removeAll { $0.signature == function.signature }
        storage.functions[key, default: []].append(function)
    }

    /// Removes the overloads of `schema.name` whose signature is `signature` (all when nil);
    /// returns how many were removed.
    @discardableResult
    mutating func removeFunctions(schema: String, name: String, signature: [SQLType]?) -> Int {
        let key = Catalog.key(schema: schema, name: name)
        let overloads = functions[key] ?? []
        let kept = overloads.filter { function in signature.map { function.signature != $0 } ?? false }
        storageInvalidatingCallCandidates().functions[key] = kept.isEmpty ? nil : kept
        return overloads.count - kept.count
    }

    mutating func setRelation(_ relation: CatalogRelation) {
        storageInvalidatingCallCandidates().relations[Catalog.key(schema: relation.schema, name: relation.name)] = relation
    }

    mutating func removeRelation(schema: String, name: String) {
        storageInvalidatingCallCandidates().relations[Catalog.key(schema: schema, name: name)] = nil
    }

    mutating func setEnum(_ value: CatalogEnum) {
        mutableStorage().enums[Catalog.key(schema: value.schema, name: value.name)] = value
    }

    mutating func removeEnum(schema: String, name: String) {
        mutableStorage().enums[Catalog.key(schema: schema, name: name)] = nil
    }

    /// Renames or moves an enum; columns and functions of that type follow.
    mutating func moveEnum(schema: String, name: String, toSchema: String, toName: String) {
        guard let value = enums[Catalog.key(schema: schema, name: name)] else { return }
        let everyName = enums.values.map { ($0, formatName(ofEnum: $0)) }
        enums[Catalog.key(schema: schema, name: name)] = nil
        var moved = value
        moved.schema = toSchema
        moved.name = toName
        enums[Catalog.key(schema: toSchema, name: toName)] = moved
        var renames: [String: String] = [:]
        for (other, oldName) in everyName {
            let current = other.schema == schema && other.name == name ? moved : other
            let newName = formatName(ofEnum: current)
            if newName != oldName { renames[oldName] = newName }
        }
        renameTypeReferences(renames)
    }

    // MARK: Output

    /// Enum types for the generated code, sorted by SQL name for stable output (the Swift
    /// naming step names them).
    func enumDescriptions() -> [EnumDescription] {
        enums.values.map { EnumDescription(sqlName: formatName(ofEnum: $0), labels: $0.labels) }
            .sorted { $0.sqlName < $1.sqlName }
    }
}

/// The key of a relation name's lookup among a catalog's derived values (``Catalog/relation(_:schema:)``).
private struct RelationNameKey: Hashable {
    let name: String
    let schema: String?
}

/// Double-quotes an identifier the way `format_type`/`quote_ident` would (a reserved or
/// type-or-function-name keyword too: `"user"`).
func quoteIfNeeded(_ name: String) -> String {
    // Read as UTF-8 bytes: a simple name is ASCII, and a byte is cheaper to test than a Character.
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    let simple = name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
        && !(name.utf8.first.map(isDigit) ?? true)
        && Keywords.isColumnName(name)
    return simple ? name : SQLIdentifierQuoting.quoted(name)
}
