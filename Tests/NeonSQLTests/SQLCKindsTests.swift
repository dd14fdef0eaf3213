import Foundation
import NeonSQL
import Testing

/// The runtime behind sqlc's kinds: `:execresult`'s result, `:batch*`'s one request, `:copyfrom`'s
/// chunking under the request limit.
@Suite("sqlc kinds: runtime")
struct SQLCKindsTests {
    /// `$1`'s array literal of each request (`{"1","2"}` -> ["1", "2"]).
    static func firstArrayParameter(_ request: NeonHTTPRequest) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        let parameters = try #require(object["params"] as? [String])
        let literal = try #require(parameters.first)
        return literal.dropFirst().dropLast().split(separator: ",").map { $0.replacingOccurrences(of: "\"", with: "") }
    }

    static func insertStatement(_ rows: ArraySlice<Int>) -> Statement<Int> {
        var bindings = Bindings(capacity: 1)
        bindings.append(Array(rows), as: .array(.int4))
        return .copyFrom(name: "Import", sql: "INSERT INTO t (x) SELECT * FROM unnest($1::integer[])", bindings: bindings)
    }

    /// Answers each request with `rowCount` = the number of elements of its array parameter.
    static func countingTransport() -> TransportDouble {
        TransportDouble { request, _ in
            let count = try firstArrayParameter(request).count
            return NeonHTTPResponse(status: 200, body: Data("{\"fields\":[],\"rows\":[],\"command\":\"INSERT\",\"rowCount\":\(count),\"rowAsArray\":true}".utf8))
        }
    }

    @Test func execResultHasCountAndCommandTag() async throws {
        let transport = TransportDouble(body: "{\"fields\":[],\"rows\":[],\"command\":\"DELETE\",\"rowCount\":7,\"rowAsArray\":true}")
        let statement: Statement<ExecResult> = .execResult(name: "Purge", sql: "DELETE FROM t", bindings: Bindings(), readOnly: false)
        let result = try await makeClient(transport).execute(statement)
        #expect(result == ExecResult(rowsAffected: 7, command: "DELETE"))
        #expect(statement.kind == .execResult)
        let missing = TransportDouble(body: "{\"fields\":[],\"rows\":[],\"command\":\"UPDATE\",\"rowCount\":null,\"rowAsArray\":true}")
        #expect(try await makeClient(missing).execute(statement) == ExecResult(rowsAffected: 0, command: "UPDATE"))
    }

    @Test func copyFromSendsOneRequestWhenItFits() async throws {
        let transport = Self.countingTransport()
        let inserted = try await makeClient(transport).copyFrom(Array(1...500)) { Self.insertStatement($0) }
        #expect(inserted == 500)
        #expect(transport.count == 1)
        #expect(try Self.firstArrayParameter(transport.requests[0]) == (1...500).map(String.init))
    }

    @Test(arguments: [64, 200, 1000])
    func copyFromSplitsUnderTheLimitInOrder(limit: Int) async throws {
        let transport = Self.countingTransport()
        let rows = Array(1...300)
        let inserted = try await makeClient(transport).copyFrom(rows, maxRequestBytes: limit) { Self.insertStatement($0) }
        #expect(inserted == 300)
        #expect(transport.count > 1)
        // A request fits the limit, or holds one row (a row larger than the limit goes alone).
        #expect(try transport.requests.allSatisfy { try $0.body.count <= limit || Self.firstArrayParameter($0).count == 1 })
        let sent = try transport.requests.flatMap(Self.firstArrayParameter)
        #expect(sent == rows.map(String.init), "every row once, in order")
    }

    @Test func copyFromOfNothingSendsNothing() async throws {
        let transport = Self.countingTransport()
        #expect(try await makeClient(transport).copyFrom([Int]()) { Self.insertStatement($0) } == 0)
        #expect(transport.count == 0)
    }

    @Test func arrayBatchIsOneBatchRequest() async throws {
        let body = "{\"results\":[" + (0..<3).map { _ in
            "{\"fields\":[],\"rows\":[],\"command\":\"INSERT\",\"rowCount\":1,\"rowAsArray\":true}"
        }.joined(separator: ",") + "]}"
        let batchTransport = TransportDouble(body: body)
        let executor: any QueryExecutor = try makeClient(batchTransport)
        let statements = (0..<3).map { _ in Statement<Int>.execRows(name: "Add", sql: "INSERT INTO t VALUES (1)", bindings: Bindings(), readOnly: false) }
        let results = try await executor.batch(statements, options: BatchOptions())
        #expect(results == [1, 1, 1])
        #expect(batchTransport.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: batchTransport.requests[0].body) as? [String: Any])
        #expect((object["queries"] as? [Any])?.count == 3)
    }
}
