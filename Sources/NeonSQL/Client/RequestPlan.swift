import Foundation
@_spi(NeonSQLInternal) import NeonSQLShared

/// The caller's part of one request: its statements and how they are to run.
struct RequestWork {
    let queries: [(sql: String, parameters: [String?])]
    /// The encoded single-statement body of a lone statement (`execute`); nil for a batch.
    let singleBody: Data?
    let options: BatchOptions
    /// The observer's view of the request; `context.isReadOnly` says whether it is a read.
    var context: RequestContext
    /// The tables its statements read and change: what a write makes stale in the cache.
    let effects: TableEffects
    /// The bearer token to send first, when the caller already asked the provider for it (the
    /// cache keys a read by the token's identity); nil: ask the provider.
    var lease: TokenLease? = nil

    var readOnly: Bool { context.isReadOnly }
}

/// What goes over the wire for one ``RequestWork`` at one destination: the caller's statements,
/// with the client's own statements first when it needs them:
///
/// 1. a write's idempotency key insert (``ExactlyOnceWrites``; also with read replicas, whose
///    read-your-writes check looks for these keys), then
/// 2. on a replica, the check that the replica sees the keys of the client's last writes.
///
/// Neon runs a batch as one transaction, so the key commits with the write, and the check runs
/// in the transaction of the read (its snapshot is the read's, or older: under READ COMMITTED
/// each later statement takes a newer one).
struct RequestPlan {
    let body: Data
    /// Batch headers (only a batch the caller made has options).
    let headers: [HTTPHeader]
    /// Whether the body is a batch (`{"queries": [...]}`).
    let isBatch: Bool
    /// The key a write records, first in the batch.
    let writeKey: UUID?
    /// Whether the batch holds the catch-up check (after the key insert, if any).
    let checksCatchUp: Bool
    /// Results in the response: the client's statements and the caller's.
    let resultCount: Int

    init(_ work: RequestWork, writeKey: UUID?, keys: ExactlyOnceWrites?, catchUpKeys: [UUID]) {
        var own: [(sql: String, parameters: [String?])] = []
        let keys = keys ?? ExactlyOnceWrites()
        if let writeKey { own.append(keys.keyInsert(writeKey)) }
        if !catchUpKeys.isEmpty { own.append(keys.catchUpCheck(catchUpKeys)) }
        self.writeKey = writeKey
        self.checksCatchUp = !catchUpKeys.isEmpty
        self.resultCount = own.count + work.queries.count
        if own.isEmpty, let single = work.singleBody {
            body = single
            isBatch = false
            headers = []
        } else {
            body = RequestBody.batch(own + work.queries)
            isBatch = true
            headers = work.options.headers
        }
    }

    /// Decodes a 200 body: the client's results, then the caller's with `single` (a lone
    /// statement sent as such) or `batch`. Throws ``ReplicaBehind`` when the catch-up check says
    /// the replica does not see the client's writes yet (the caller's results are not read).
    func decode<T>(_ body: Data, single: (Data) throws -> (T, Int?), batch: (inout BatchDecoder) throws -> (T, Int?)) throws -> (T, Int?) {
        guard isBatch else { return try single(body) }
        var decoder = BatchDecoder(body: body, count: resultCount)
        try decoder.open()
        if writeKey != nil { try decoder.skipResult() }
        if checksCatchUp {
            guard try decoder.nextOwn(ExactlyOnceWrites.catchUpResult) else { throw ReplicaBehind() }
        }
        let result = try batch(&decoder)
        try decoder.close()
        return result
    }
}

/// Where one attempt goes: the primary's or a replica's `/sql` URL and connection string.
struct RequestTarget {
    let url: URL
    /// Sent as `Neon-Connection-String` (its password is redacted from every error).
    let connectionString: String
    let route: NeonRequestRoute
}

extension ExactlyOnceWrites {
    /// The statement that tells whether the database sees every one of `keys` (a replica that
    /// has replayed the writes that recorded them): `requests_applied`, a security-definer
    /// function of the migration, so no role needs to read the table.
    func catchUpCheck(_ keys: [UUID]) -> (sql: String, parameters: [String?]) {
        let array = "{" + keys.map { $0.uuidString.lowercased() }.joined(separator: ",") + "}"
        let function = SQLIdentifierQuoting.quoted(schema) + "." + SQLIdentifierQuoting.quoted(catchUpFunction)
        return ("SELECT \(function)($1::uuid[]) AS caught_up", [array])
    }

    /// Decodes the catch-up check's one row: `true` when every key is visible.
    static let catchUpResult = Statement<Bool>(
        name: "neon_sql.requests_applied", kind: .one, sql: "", bindings: Bindings(), readOnly: true
    ) { reader in
        try reader.decodeRows(CaughtUpRow.self, limit: 1).first?.caughtUp ?? false
    }
}

private struct CaughtUpRow: DecodableRow {
    static let columns = [ResultColumn("caught_up", .bool)]
    let caughtUp: Bool
    init(from row: inout RowDecoder) throws { caughtUp = try row.decode(Bool?.self) ?? false }
}
