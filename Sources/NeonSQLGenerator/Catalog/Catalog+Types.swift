/// A `CREATE DOMAIN` type.
struct CatalogDomain: Sendable, Hashable {
    let schema: String
    let name: String
    let base: SQLType
    /// `NOT NULL` in the domain definition (or `ALTER DOMAIN ... SET NOT NULL`): a table column of
    /// the domain never holds NULL.
    var isNotNull: Bool
    /// Where a schema file creates it.
    var declaredAt: DeclarationSite?
}

/// A `CREATE TYPE name AS (field type, ...)` type.
struct CatalogComposite: Sendable, Hashable {
    let schema: String
    let name: String
    var fields: [CatalogColumn]
}

/// A `CREATE TYPE name AS RANGE (subtype = ...)` type and its multirange type (same schema).
struct CatalogRangeType: Sendable, Hashable {
    let schema: String
    let name: String
    /// `multirange_type_name`, else PostgreSQL's default (`uuidrange` -> `uuidmultirange`).
    let multirangeName: String
    let subtype: SQLType
}

/// The types a schema defines besides enums, and the extensions it creates.
struct UserTypeCatalog: Sendable {
    /// `CREATE EXTENSION name`: the extension's types, functions and operators become visible.
    var extensions: Set<String> = []
    var domains: [String: CatalogDomain] = [:]
    var composites: [String: CatalogComposite] = [:]
    var ranges: [String: CatalogRangeType] = [:]
    /// `schema.name` of functions CREATE FUNCTION made but the catalog left out (a polymorphic
    /// pseudo-type, a type it cannot resolve): DROP and ALTER of them are accepted unchecked.
    var functionsLeftOut: Set<String> = []
    /// `CREATE CAST`: source type -> target type -> the cast (CastDefinitions.swift).
    var casts: UserCasts = [:]
    /// A `CREATE CAST` or `DROP CAST` names a type the catalog cannot resolve: casts beyond the
    /// recorded ones may exist (so no value is rejected for want of a cast).
    var hasUnresolvedCasts = false
    /// `CREATE OPERATOR`, by operator name (OperatorDefinitions.swift).
    var operators: [String: [UserOperator]] = [:]
}

extension Catalog {
    /// Every overload of function `name` a call can resolve to: the built-in ones and those of
    /// created extensions (user-defined functions join here once the catalog holds them).
    /// Functions an extension keeps in its own schema are listed as `schema.name` (`auth.user_id`).
    func functionCandidates(named name: String) -> [FunctionSignature] {
        guard let all = BuiltinCatalog.shared.functions[name] else { return [] }
        let visible = BuiltinCatalog.shared.namesWithExtensionOverloads.contains(name)
            ? all.filter { $0.extensionName.map(isExtensionAvailable) ?? true } : all
        return BuiltinCatalog.shared.namesWithVersionedOverloads.contains(name) ? inTargetVersion(visible) : visible
    }

    /// Extensions Neon provides that schemas use without creating them (see HandDescribedExtensions).
    static let platformExtensions: Set<String> = ["pg_session_jwt"]

    /// Whether the schema created extension `name`, or Neon provides it.
    func isExtensionAvailable(_ name: String) -> Bool {
        userTypes.extensions.contains(name) || Catalog.platformExtensions.contains(name)
    }

    /// Every binary (or, with `prefix`, prefix) operator named `name` visible to the schema.
    func operatorCandidates(named name: String, prefix: Bool) -> [OperatorSignature] {
        operatorOverloads(named: name, prefix: prefix).signatures
    }

    /// A value derived from this catalog's current state and `key` alone, computed once per state
    /// (see ``CallCandidateCache/derivedValue(_:build:)``).
    func derivedValue<Key: Hashable, Value>(_ key: Key, build: () -> Value) -> Value {
        callCandidates.derivedValue(key, build: build)
    }

    /// The operators named `name` visible to the schema and their resolution candidates (index
    /// for index); the lists built once by the built-in catalog unless the schema created one of
    /// the name's extensions or targets a version, else once by this catalog.
    func operatorOverloads(named name: String, prefix: Bool) -> (signatures: [OperatorSignature], candidates: [CallCandidate]) {
        let builtin = builtinOperatorOverloads(named: name, prefix: prefix)
        let created = (userTypes.operators[name] ?? []).filter { ($0.signature.left == nil) == prefix }
        if created.isEmpty { return builtin }
        let signatures = UserOperator.visible(created, builtin: builtin.signatures, searchPath: searchPath)
        if signatures == builtin.signatures { return builtin }
        return (signatures, CallCandidate.operatorCandidates(signatures))
    }

    /// The built-in operators named `name` (and those of the schema's extensions, whose schema
    /// the generator does not know): what `OPERATOR(pg_catalog.op)` finds.
    func builtinOperatorOverloads(named name: String, prefix: Bool) -> (signatures: [OperatorSignature], candidates: [CallCandidate]) {
        let table = prefix ? BuiltinCatalog.shared.prefixOverloads : BuiltinCatalog.shared.binaryOverloads
        guard let overloads = table[name] else { return ([], []) }
        if overloads.isVersioned, let postgresVersion {
            let visible = callCandidates.operators(name, prefix: prefix) {
                let visible = overloads.all.filter { ($0.extensionName.map(userTypes.extensions.contains) ?? true) && $0.versions.contains(postgresVersion) }
                return VisibleOperators(signatures: visible, candidates: CallCandidate.operatorCandidates(visible))
            }
            return (visible.signatures, visible.candidates)
        }
        if overloads.extensions.isEmpty { return (overloads.all, overloads.allCandidates) }
        if overloads.extensions.isDisjoint(with: userTypes.extensions) { return (overloads.builtIn, overloads.builtInCandidates) }
        let visible = callCandidates.operators(name, prefix: prefix) {
            let visible = overloads.all.filter { $0.extensionName.map(userTypes.extensions.contains) ?? true }
            return VisibleOperators(signatures: visible, candidates: CallCandidate.operatorCandidates(visible))
        }
        return (visible.signatures, visible.candidates)
    }

    /// A catalog type name visible to the schema (built in, or of a created extension).
    func builtinType(_ typname: String) -> CatalogTypeInfo? {
        BuiltinCatalog.shared.type(typname, extensions: userTypes.extensions)
    }

    private func lookup<Value>(_ table: [String: Value], _ name: String, schema: String?) -> Value? {
        if let schema { return table[Catalog.key(schema: schema, name: name)] }
        for candidate in searchPath {
            if let found = table[Catalog.key(schema: candidate, name: name)] { return found }
        }
        return nil
    }

    func domain(_ name: String, schema: String?) -> CatalogDomain? { lookup(userTypes.domains, name, schema: schema) }

    func composite(_ name: String, schema: String?) -> CatalogComposite? { lookup(userTypes.composites, name, schema: schema) }

    func rangeType(_ name: String, schema: String?) -> CatalogRangeType? { lookup(userTypes.ranges, name, schema: schema) }

    /// A table's, view's or materialized view's row type named as a type (`NULL::rooms`,
    /// `rooms[]`): PostgreSQL creates one with each relation.
    func rowTypeRelation(_ name: String, schema: String?) -> CatalogRelation? { lookup(relations, name, schema: schema) }

    /// The name `format_type` prints for a user type: unqualified on the queries' search path.
    func formatName(schema: String, name: String) -> String {
        defaultSearchPath.contains(schema) ? quoteIfNeeded(name) : quoteIfNeeded(schema) + "." + quoteIfNeeded(name)
    }
}
