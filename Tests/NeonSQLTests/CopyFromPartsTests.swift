import Foundation
import Testing
@testable import NeonSQL

/// `copyFrom` split into parts: what a failure after a committed part says, `.never`, and one
/// encoding per request body. Through ``TransportDouble`` (no server).
@Suite("copyFrom parts: failures, no splitting, one encoding")
struct CopyFromPartsTests {
    static let rows = Array(1...300)
    /// Small enough that the 300 rows go in several parts.
    static let limit = 400

    static let committed = #"{"fields":[],"rows":[],"command":"INSERT","rowCount":%d,"rowAsArray":true}"#
    static let checkViolation = #"{"message":"new row for relation \"t\" violates check constraint \"t_x_check\"","code":"23514"}"#

    /// Answers request `failing` (0-based) with `failure`, every other with the row count of its part.
    static func transport(failing: Int, _ failure: @escaping @Sendable () throws -> NeonHTTPResponse) -> TransportDouble {
        TransportDouble { request, attempt in
            if attempt == failing { return try failure() }
            let count = try SQLCKindsTests.firstArrayParameter(request).count
            return NeonHTTPResponse(status: 200, body: Data(String(format: committed, count).utf8))
        }
    }

    static func copy(_ transport: TransportDouble, splitting: CopyFrom.Splitting = .whenTooLarge,
                     limit: Int = limit) async throws -> Int {
        try await makeClient(transport).copyFrom(rows, maxRequestBytes: limit, splitting: splitting) {
            SQLCKindsTests.insertStatement($0)
        }
    }

    @Test func aFailingSecondPartReportsTheFirstPartsRows() async throws {
        let transport = Self.transport(failing: 1) {
            NeonHTTPResponse(status: 400, body: Data(Self.checkViolation.utf8))
        }
        let error = await #expect(throws: NeonError.self) { try await Self.copy(transport) }
        guard case .copyIncomplete(let incomplete) = error else {
            Issue.record("expected copyIncomplete, got \(String(describing: error))")
            return
        }
        #expect(transport.count == 2, "the parts after the failed one are not sent")
        let firstPart = try SQLCKindsTests.firstArrayParameter(transport.requests[0]).count
        let secondPart = try SQLCKindsTests.firstArrayParameter(transport.requests[1]).count
        #expect(firstPart > 0 && firstPart < Self.rows.count)
        #expect(incomplete.rowsInserted == firstPart)
        #expect(incomplete.committedRows == 0..<firstPart)
        #expect(incomplete.partsCommitted == 1)
        #expect(incomplete.failedRows == firstPart..<(firstPart + secondPart))
        #expect(incomplete.totalRows == 300)
        #expect(incomplete.cause.sqlState == "23514")
        #expect(error?.sqlState == "23514", "the database error shows through")
        #expect(error?.isOutcomeUnknown == false)
        let text = "\(incomplete)"
        #expect(text.contains("rows 0..<\(firstPart) committed") && text.contains("t_x_check"), "\(text)")
    }

    @Test func anUnknownOutcomeOfALaterPartStaysUnknown() async throws {
        // Parts 1 and 2 commit; the connection breaks after part 3 left.
        let transport = Self.transport(failing: 2) { throw TransportError(kind: .connectionLost, message: "reset by peer") }
        let error = await #expect(throws: NeonError.self) { try await Self.copy(transport) }
        guard case .copyIncomplete(let incomplete) = error else {
            Issue.record("expected copyIncomplete, got \(String(describing: error))")
            return
        }
        #expect(transport.count == 3, "a write with an unknown outcome is not sent again")
        let sent = try transport.requests.map { try SQLCKindsTests.firstArrayParameter($0).count }
        #expect(incomplete.committedRows == 0..<(sent[0] + sent[1]))
        #expect(incomplete.rowsInserted == sent[0] + sent[1])
        #expect(incomplete.partsCommitted == 2)
        #expect(incomplete.failedRows.count == sent[2])
        #expect(incomplete.isFailedPartOutcomeUnknown)
        #expect(error?.isOutcomeUnknown == true)
        guard case .outcomeUnknown(.transport(let cause), _) = incomplete.cause else {
            Issue.record("expected outcomeUnknown(transport), got \(incomplete.cause)")
            return
        }
        #expect(cause.kind == .connectionLost)
        #expect("\(incomplete)".contains("may or may not have been inserted"))
    }

    @Test func aFailingFirstPartIsThrownAsItIs() async throws {
        let transport = Self.transport(failing: 0) { NeonHTTPResponse(status: 400, body: Data(Self.checkViolation.utf8)) }
        let error = await #expect(throws: NeonError.self) { try await Self.copy(transport) }
        #expect(error?.databaseError?.code == "23514")
        if case .copyIncomplete = error { Issue.record("nothing was committed: \(String(describing: error))") }
        #expect(transport.count == 1)
    }

    @Test func anEncodingFailureInAnyRowIsThrownBeforeAnythingIsSent() async throws {
        let transport = SQLCKindsTests.countingTransport()
        // 70,000 is beyond smallint; it is in what would be the second part, but the statement of
        // all rows is built (and fails) first.
        let rows = Array(1...200) + [70_000] + Array(1...99)
        let error = await #expect(throws: NeonError.self) {
            try await makeClient(transport).copyFrom(rows, maxRequestBytes: Self.limit) { part in
                var bindings = Bindings(capacity: 1)
                bindings.append(Array(part), as: .array(.int2))
                return .copyFrom(name: "Import", sql: "INSERT INTO t (x) SELECT * FROM unnest($1::smallint[])", bindings: bindings)
            }
        }
        guard case .encoding(let failure) = error else {
            Issue.record("expected encoding, got \(String(describing: error))")
            return
        }
        #expect(failure.parameter == 1)
        #expect(transport.count == 0)
    }

    @Test func neverSplittingRefusesRowsThatDoNotFitBeforeSendingAnything() async throws {
        let transport = SQLCKindsTests.countingTransport()
        let error = await #expect(throws: NeonError.self) { try await Self.copy(transport, splitting: .never) }
        guard case .copyTooLarge(let tooLarge) = error else {
            Issue.record("expected copyTooLarge, got \(String(describing: error))")
            return
        }
        #expect(transport.count == 0, "nothing sent")
        #expect(tooLarge.rows == 300 && tooLarge.maxRequestBytes == Self.limit && tooLarge.requestBytes > Self.limit)
        #expect(tooLarge.query == "Import")
        // Rows that fit go in one request.
        #expect(try await Self.copy(transport, splitting: .never, limit: 1 << 20) == 300)
        #expect(transport.count == 1)
        #expect(try SQLCKindsTests.firstArrayParameter(transport.requests[0]).count == 300)
    }

    /// Records the encoder's bodies and marks them (a trailing space, valid JSON): every body the
    /// transport receives must be one the encoder produced, and no body is encoded twice.
    final class RecordingEncoder: @unchecked Sendable {
        private(set) var bodies: [Data] = []
        func encode(_ sql: String, _ parameters: [String?]) -> Data {
            let body = RequestBody.single(sql: sql, parameters: parameters) + Data(" ".utf8)
            bodies.append(body)
            return body
        }
    }

    @Test(arguments: [1 << 20, 400, 150])
    func eachRequestBodyIsEncodedOnce(limit: Int) async throws {
        let transport = SQLCKindsTests.countingTransport()
        let encoder = RecordingEncoder()
        let inserted = try await makeClient(transport).copyFrom(
            Self.rows, maxRequestBytes: limit, splitting: .whenTooLarge, encode: encoder.encode) { SQLCKindsTests.insertStatement($0) }
        #expect(inserted == 300)
        let sent = transport.requests.map(\.body)
        #expect(sent.allSatisfy { $0.last == UInt8(ascii: " ") }, "the measured body is the one sent")
        // Every encoding is either sent once (in order) or a body found too large and split.
        let notSent = encoder.bodies.filter { !sent.contains($0) }
        #expect(encoder.bodies.filter(sent.contains) == sent, "each sent body encoded once, none re-encoded")
        #expect(notSent.allSatisfy { $0.count > limit }, "only bodies over the limit are dropped")
        #expect(encoder.bodies.count == sent.count + notSent.count)
        // Halving makes a full binary tree: the parts sent are its leaves, each body dropped an
        // inner node, so one encoding per node is 2 x parts - 1.
        #expect(encoder.bodies.count == 2 * sent.count - 1, "\(encoder.bodies.count) encodings for \(sent.count) requests")
        if limit == 1 << 20 { #expect(sent.count == 1 && encoder.bodies.count == 1) }
    }

    /// A wrapper that forwards the encoded body (as an app's logging executor would) gets every
    /// part through `execute(_:encodedBody:)`: the seam `copyFrom` uses instead of a downcast.
    struct ForwardingExecutor: QueryExecutor {
        let base: NeonClient
        let bodies: Counter

        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var values: [Int] = []
            func add(_ value: Int) { lock.withLock { values.append(value) } }
            var all: [Int] { lock.withLock { values } }
        }

        func execute<Result: Sendable>(_ statement: Statement<Result>) async throws -> Result {
            bodies.add(-1)
            return try await base.execute(statement)
        }

        func execute<Result: Sendable>(_ statement: Statement<Result>, encodedBody body: Data) async throws -> Result {
            bodies.add(body.count)
            return try await base.execute(statement, encodedBody: body)
        }
    }

    @Test func aWrappingExecutorReceivesEachPartsEncodedBody() async throws {
        let transport = Self.transport(failing: -1) { throw NeonError.malformedResponse("unused") }
        let counter = ForwardingExecutor.Counter()
        let executor = ForwardingExecutor(base: try makeClient(transport), bodies: counter)
        let inserted = try await executor.copyFrom(Self.rows, maxRequestBytes: Self.limit) { SQLCKindsTests.insertStatement($0) }
        #expect(inserted == Self.rows.count)
        #expect(counter.all.count > 1)
        #expect(counter.all.allSatisfy { $0 > 0 && $0 <= Self.limit })
    }
}
