import NIOConcurrencyHelpers

/// Knows which result types are arrays (and of which element type), per database:
/// built-in types from a fixed table, user-defined ones (e.g. `time_slot[]`) from `pg_type`, cached.
final class TypeCatalog: Sendable {
    private let cache = NIOLockedValueBox<[String: [UInt32: UInt32?]]>([:])

    /// Element types of the array types among `oids` (non-arrays are absent from the result).
    func elementTypes(
        of oids: some Sequence<UInt32>,
        database: String,
        connection: WireConnection
    ) async throws(WireError) -> [UInt32: UInt32] {
        var result: [UInt32: UInt32] = [:]
        var unknown: Set<UInt32> = []
        let known = cache.withLockedValue { $0[database] ?? [:] }
        for oid in oids {
            if oid < ArrayTypes.firstCatalogAssignedOID {
                if let element = ArrayTypes.builtinElementTypes[oid] { result[oid] = element }
            } else if let cached = known[oid] {
                if let cached { result[oid] = cached }
            } else {
                unknown.insert(oid)
            }
        }
        guard !unknown.isEmpty else { return result }

        let literal = "{" + unknown.map(String.init).joined(separator: ",") + "}"
        let sql = "SELECT oid::pg_catalog.int8, typelem::pg_catalog.int8 FROM pg_catalog.pg_type "
            + "WHERE oid = ANY($1::pg_catalog.oid[]) AND typcategory = 'A' AND typelem <> 0"
        var found: [UInt32: UInt32?] = Dictionary(uniqueKeysWithValues: unknown.map { ($0, nil) })
        for row in try await connection.execute(sql, parameters: [literal]).rows {
            guard row.count == 2, let oid = row[0].flatMap({ UInt32($0) }), let element = row[1].flatMap({ UInt32($0) }) else { continue }
            found[oid] = element
        }
        for (oid, element) in found {
            if let element { result[oid] = element }
        }
        cache.withLockedValue { cache in
            cache[database, default: [:]].merge(found) { _, new in new }
        }
        return result
    }
}
