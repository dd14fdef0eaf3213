import Foundation
@testable import NeonSQL
import Testing

/// The outbox's file: durability across a new process, damage moved aside and reported, limits,
/// and the bounded backoff.
@Suite struct OutboxStorageTests {
    /// Enqueues `count` writes in a "process" that stays offline for good (its drainer never
    /// gets through), and returns the directory, the log's path and the server a relaunched
    /// process reaches.
    private func queueOffline(_ count: Int) async throws -> (URL, URL, OutboxTestServer) {
        let unreachable = OutboxTestServer()
        unreachable.alwaysFailing = .offline
        let directory = temporaryOutboxDirectory()
        // Its drainer waits an hour after a failure: it does not read the log again meanwhile.
        let client = try makeOutboxClient(unreachable, directory: directory,
                                          drainRetry: OutboxRetryPolicy(baseDelay: .seconds(3600), maxDelay: .seconds(3600)))
        for index in 0..<count { try await client.enqueue(probeWrite("w\(index)")) }
        try await client.drain()
        return (directory, directory.appendingPathComponent("writes.log"), OutboxTestServer())
    }

    @Test func aNewProcessFindsTheQueuedWritesAndSendsThem() async throws {
        let (directory, _, server) = try await queueOffline(4)
        let relaunched = try makeOutboxClient(server, directory: directory)
        #expect(try await relaunched.configuration.outbox?.pendingWrites().count == 4)
        try await relaunched.drain()
        #expect(server.applied == ["w0", "w1", "w2", "w3"])
    }

    @Test func aTruncatedLastRecordIsMovedAsideAndReported() async throws {
        let (directory, log, server) = try await queueOffline(3)
        let bytes = try Data(contentsOf: log)
        try bytes.prefix(bytes.count - 7).write(to: log)
        let relaunched = try makeOutboxClient(server, directory: directory)
        let outbox = try #require(relaunched.configuration.outbox)
        let outcomes = outbox.outcomes()
        try await relaunched.drain()
        #expect(server.applied == ["w0", "w1"])
        let report = try #require(await firstDamage(outcomes))
        #expect(report.reason == .truncated)
        let quarantined = try #require(report.quarantinedFile)
        #expect(FileManager.default.fileExists(atPath: quarantined.path))
        #expect(try Data(contentsOf: quarantined).count == report.byteCount)
    }

    @Test func aCorruptRecordInTheMiddleIsMovedAsideAndTheOthersStay() async throws {
        let (directory, log, server) = try await queueOffline(3)
        var bytes = try Data(contentsOf: log)
        let records = OutboxRecordFormat.scan(bytes, from: 0).records
        try #require(records.count == 3)
        // Flip a byte inside the second record's payload.
        let position = records[1].offset + OutboxRecordFormat.headerSize + 5
        bytes[position] ^= 0xFF
        try bytes.write(to: log)
        let relaunched = try makeOutboxClient(server, directory: directory)
        let outcomes = try #require(relaunched.configuration.outbox).outcomes()
        try await relaunched.drain()
        #expect(server.applied == ["w0", "w2"])
        #expect(try #require(await firstDamage(outcomes)).reason == .corrupt)
    }

    @Test func aRecordOfANewerVersionIsMovedAsideNotGuessedAt() async throws {
        let (directory, log, server) = try await queueOffline(2)
        var bytes = try Data(contentsOf: log)
        let records = OutboxRecordFormat.scan(bytes, from: 0).records
        bytes[records[0].offset + 4] = OutboxRecordFormat.version + 1
        try bytes.write(to: log)
        let relaunched = try makeOutboxClient(server, directory: directory)
        let outcomes = try #require(relaunched.configuration.outbox).outcomes()
        try await relaunched.drain()
        #expect(server.applied == ["w1"])
        #expect(try #require(await firstDamage(outcomes)).reason == .newerVersion)
    }

    @Test func randomBytesNeverCrashTheReaderAndAreReported() async throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 0..<400, using: &generator)
            var bytes = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            if Bool.random(using: &generator) { bytes.insert(contentsOf: OutboxRecordFormat.magic, at: 0) }
            let scan = OutboxRecordFormat.scan(bytes, from: 0)
            let covered = scan.damage.reduce(0) { $0 + $1.length }
            #expect(scan.records.isEmpty)
            #expect(covered == bytes.count)
        }
    }

    @Test func aFullOutboxRefusesWithATypedError() async throws {
        let server = OutboxTestServer()
        server.alwaysFailing = .offline
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory(), limit: OutboxLimit(maxWrites: 3))
        for index in 0..<3 { try await client.enqueue(probeWrite("w\(index)")) }
        do {
            try await client.enqueue(probeWrite("w3"))
            Issue.record("a fourth write was queued past the limit")
        } catch OutboxError.full(let full) {
            #expect(full.pendingWrites == 3)
            #expect(full.limit.maxWrites == 3)
        }
        let bytesLimited = try makeOutboxClient(server, directory: temporaryOutboxDirectory(), limit: OutboxLimit(maxBytes: 100))
        await #expect(throws: OutboxError.self) { try await bytesLimited.enqueue(probeWrite("too big for 100 bytes")) }
    }

    @Test func aParameterThatCannotBeEncodedQueuesNothing() async throws {
        let server = OutboxTestServer()
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory())
        var bindings = Bindings()
        bindings.append(Int(Int32.max) + 1, as: .int4)
        let statement = Statement<Void>.exec(name: "Bad", sql: "INSERT INTO probe VALUES ($1)", bindings: bindings, readOnly: false)
        await #expect(throws: OutboxError.self) { try await client.enqueue(statement) }
        #expect(try await client.configuration.outbox?.pendingWrites().isEmpty == true)
    }

    @Test func theBackoffIsBoundedAndJittered() {
        let policy = OutboxRetryPolicy(baseDelay: .milliseconds(100), maxDelay: .seconds(5), jitter: 0.5)
        for failures in 1...200 {
            let delay = policy.delay(afterFailures: failures)
            let unjittered = min(Duration.milliseconds(100) * (1 << min(failures - 1, 30)), .seconds(5))
            #expect(delay <= .seconds(5))
            #expect(delay >= unjittered * 0.5)
        }
        let delays = Set((0..<50).map { _ in policy.delay(afterFailures: 10) })
        #expect(delays.count > 1)
    }

    /// The first damage report of `outcomes`, or nil when none comes within 20 s.
    private func firstDamage(_ outcomes: AsyncStream<OutboxOutcome>) async -> OutboxDamageReport? {
        await withTaskGroup(of: OutboxDamageReport?.self) { group in
            group.addTask {
                for await outcome in outcomes {
                    if case .damaged(let report) = outcome { return report }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(20))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
