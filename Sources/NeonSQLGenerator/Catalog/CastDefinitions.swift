// CREATE CAST and DROP CAST: the casts a schema adds to `pg_cast`'s built-in ones, which
// assignment to a column consults as PostgreSQL does (AssignmentCoercion.swift).

/// A cast a schema created: where PostgreSQL applies it and how it converts.
struct UserCast: Sendable, Hashable {
    let context: CastStatement.Context
    let method: CastStatement.Method
}

/// The casts a schema created: source type -> target type -> the cast.
typealias UserCasts = [SQLType: [SQLType: UserCast]]

/// The catalog builder's step for CREATE CAST and DROP CAST.
struct CastDefinitions: CatalogBuildingStep {
    let source: SourceFile
    let analysis: any DefinitionAnalysis
    var catalog: Catalog
    var diagnostics: DiagnosticCollector
}

extension CastDefinitions {
    /// Records or removes the cast. A cast whose types the catalog cannot resolve is not
    /// recorded and makes every cast uncertain (`hasUnresolvedCasts`): no value is then
    /// rejected for want of a cast. PostgreSQL's own errors (a cast that exists, a type that
    /// does not) are left to it: an unchecked CREATE CAST only widens what is accepted.
    mutating func apply(_ cast: CastStatement) {
        guard let source = TypeResolver.resolve(cast.source, in: catalog)?.type,
              let target = TypeResolver.resolve(cast.target, in: catalog)?.type else {
            catalog.userTypes.hasUnresolvedCasts = true
            return
        }
        switch cast.action {
        case .create(let context, let method):
            catalog.userTypes.casts[source, default: [:]][target] = UserCast(context: context, method: method)
        case .drop:
            catalog.userTypes.casts[source]?[target] = nil
        }
    }
}

extension Catalog {
    /// The cast a schema created from `source` to `target`, by their base types as PostgreSQL
    /// looks them up (a cast created on a domain is never applied).
    func userCast(from source: SQLType, to target: SQLType) -> UserCast? {
        guard !userTypes.casts.isEmpty else { return nil }
        return userTypes.casts[source.baseType]?[target.baseType]
    }
}

extension UserCasts {
    /// The casts with `transform` applied to both types (a renamed or moved type).
    func mapTypes(_ transform: (SQLType) -> SQLType) -> UserCasts {
        var mapped: UserCasts = [:]
        for (source, targets) in self {
            for (target, cast) in targets { mapped[transform(source), default: [:]][transform(target)] = cast }
        }
        return mapped
    }

    /// The casts without those from or to `type` or an array of it (the type was dropped).
    func removing(_ type: SQLType) -> UserCasts {
        func mentions(_ other: SQLType) -> Bool {
            if case .array(let element) = other { return mentions(element) }
            return other == type
        }
        var kept: UserCasts = [:]
        for (source, targets) in self where !mentions(source) {
            let remaining = targets.filter { !mentions($0.key) }
            if !remaining.isEmpty { kept[source] = remaining }
        }
        return kept
    }
}
