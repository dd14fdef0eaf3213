/// The types one query file's generated Swift declares for itself, to attach its queries to the
/// target's shared `Queries`, `Statements` and client without extending them.
///
/// Why: the Swift driver's incremental build treats a type that a changed file extends as
/// changed, and recompiles every file that looks up a member of it. When each query file
/// extended the shared `Queries`, adding one query recompiled every generated file of the target.
/// Now each file declares protocols of its own (`_JourneysQueries: NeonSQL.GeneratedQueries`, ...)
/// whose extensions hold the file's queries, the shared file makes `Queries` & co. conform to each
/// of them (a list that changes only when a query file is added or removed), and a query file
/// looks up no type but its own and the runtime's. See docs/generated-code.md.
package struct QueryFileTypes: Sendable, Hashable {
    /// `_JourneysQueries`: refines `NeonSQL.GeneratedQueries`; its extension holds the file's `Queries` methods.
    let queries: String
    /// `_JourneysQueriesObserve`: the file's `Queries.Observe` methods.
    let queriesObserve: String
    /// `_JourneysStatements`: the file's `Statements` factories (their bodies live in its extension).
    let statements: String
    /// The file's client types, when the target declares its client (``QueryClientOption``).
    let client: ClientFileTypes?
    /// `_JourneysStatementFactories`: a file-private enum conforming to ``statements``, on which the
    /// file's own code calls the factories (calling them on `Statements` would look `Statements` up).
    let factories: String

    /// The types of a file whose name gives `stem` (`Journeys`); its client types only with `declaresClient`.
    init(stem: String, typeNames: GeneratedTypeNames, declaresClient: Bool) {
        let prefix = "_" + stem
        queries = prefix + typeNames.queries
        queriesObserve = prefix + typeNames.queries + "Observe"
        statements = prefix + typeNames.statements
        factories = prefix + "StatementFactories"
        client = declaresClient ? ClientFileTypes(prefix: prefix, typeNames: typeNames) : nil
    }

    /// The types of each query file, in order: the stem is the file name without `.sql` in upper
    /// camel case (`journey_duas.sql` -> `JourneyDuas`), numbered when two files give one stem.
    /// Depends on the file names only, never on the queries.
    /// The client types exist only when `queryClient` declares the client.
    package static func forFiles(_ paths: [String], typeNames: GeneratedTypeNames, queryClient: QueryClientOption) -> [QueryFileTypes] {
        var stems = UniqueNames(taken: [])
        return paths.map { path in
            QueryFileTypes(stem: stems.claim(stem(ofPath: path)), typeNames: typeNames, declaresClient: queryClient.declaresClient)
        }
    }

    /// `queries/journey_duas.sql` -> `JourneyDuas`; `File` when the name has no letter or digit,
    /// `File2024` when it starts with a digit.
    static func stem(ofPath path: String) -> String {
        var name = fileName(of: path)
        if name.lowercased().hasSuffix(".sql") { name = String(name.dropLast(4)) }
        let words = SwiftIdentifiers.upperCamelCase(name)
        guard let first = words.first else { return "File" }
        return first.isNumber ? "File" + words : words
    }

    /// The last path component (`/a/b/x.sql` -> `x.sql`), for headers that must not hold directories.
    package static func fileName(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}

/// A query file's part of the dependency client (``QueryClientOption/generated``).
package struct ClientFileTypes: Sendable, Hashable {
    /// `_JourneysQueryClient`: refines `NeonSQL.GeneratedQueryClient`; the file's client properties.
    let client: String
    /// `_JourneysQueryClientObserve`: the file's `QueryClient.Observe` properties.
    let observe: String
    /// `_JourneysRunner`: a file-private struct running the file's `Queries` methods for a live
    /// client, declared only in a file with a `:batch*` or `:copyfrom` query.
    let runner: String

    init(prefix: String, typeNames: GeneratedTypeNames) {
        client = prefix + typeNames.client
        observe = prefix + typeNames.client + "Observe"
        runner = prefix + "Runner"
    }
}
