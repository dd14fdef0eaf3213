import Foundation
import Testing
@testable import LocalNeonServer

/// The shared `pg_authid` reads behind each request's password check, and request ids; no PostgreSQL needed.
@Suite("Password fingerprint reads")
struct PasswordFingerprintsTests {
    /// A read whose answer the test releases by hand, recording which roles each read asked for.
    actor ControlledRead {
        private(set) var reads: [[String]] = []
        private var pending: [CheckedContinuation<Void, Never>] = []
        private var answers: [String: String] = [:]

        func read(_ roles: [String]) async -> [String: String]? {
            reads.append(roles.sorted())
            await withCheckedContinuation { pending.append($0) }
            return answers
        }

        /// Sets what reads finished from now on return, then lets the oldest read finish.
        func finishOldest(answers: [String: String]) {
            self.answers = answers
            if !pending.isEmpty { pending.removeFirst().resume() }
        }
    }

    static func eventually(_ source: ControlledRead, reads count: Int) async throws {
        for _ in 0..<500 where await source.reads.count < count {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(await source.reads.count == count)
    }

    @Test("Callers that arrive during a read get the next read, which they share; no answer predates its caller")
    func coalescedReads() async throws {
        let source = ControlledRead()
        let fingerprints = PasswordFingerprints(read: { roles in await source.read(roles) })

        let first = Task { await fingerprints.current(of: "alice") }
        try await Self.eventually(source, reads: 1)
        // Two callers arrive while the first read runs: they must not get its (older) answer.
        let second = Task { await fingerprints.current(of: "alice") }
        let third = Task { await fingerprints.current(of: "bob") }
        try await Task.sleep(for: .milliseconds(200))
        #expect(await source.reads.count == 1, "a second read started while the first was running")

        await source.finishOldest(answers: ["alice": "old"])
        #expect(await first.value == "old")
        try await Self.eventually(source, reads: 2)
        #expect(await source.reads.last == ["alice", "bob"], "the waiting callers share one read")

        await source.finishOldest(answers: ["alice": "new", "bob": "b"])
        #expect(await second.value == "new")
        #expect(await third.value == "b")
        #expect(await source.reads.count == 2)

        // A caller after an idle period starts a read of its own; a role missing from the answer has none.
        let later = Task { await fingerprints.current(of: "carol") }
        try await Self.eventually(source, reads: 3)
        await source.finishOldest(answers: ["alice": "new"])
        #expect(await later.value == nil)
    }

    @Test("A failed read answers nil (the password is then checked by connecting)")
    func failedRead() async {
        let fingerprints = PasswordFingerprints(read: { _ in nil })
        #expect(await fingerprints.current(of: "alice") == nil)
    }

    @Test("Request ids are distinct lowercase version-4 UUIDs")
    func requestIDs() {
        let ids = (0..<1000).map { _ in RequestID.make() }
        #expect(Set(ids).count == ids.count)
        for id in ids.prefix(50) {
            let uuid = UUID(uuidString: id)
            #expect(uuid != nil, "\(id)")
            #expect(id == id.lowercased())
            #expect(Array(id)[14] == "4", "\(id)")
            #expect("89ab".contains(Array(id)[19]), "\(id)")
        }
    }

    @Test("The request-id generator is xoshiro256** (the reference outputs for seed 1, 2, 3, 4)")
    func requestIDGenerator() {
        var generator = Xoshiro256StarStar(seed: (1, 2, 3, 4))
        #expect((0..<4).map { _ in generator.next() } == [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240])
        #expect(RequestID.format(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210) == "01234567-89ab-cdef-fedc-ba9876543210")
    }
}
