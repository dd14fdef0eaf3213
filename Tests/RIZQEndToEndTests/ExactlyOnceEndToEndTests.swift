import Foundation
import NeonSQL
import NeonSQLTestSupport
import RIZQQueries
import Testing

/// Exactly-once writes (`NeonConfiguration.exactlyOnceWrites`) against a real PostgreSQL through
/// neon-local's faults (the stack applies Migrations/exactly_once_writes.sql): a write whose first
/// attempt is lost is retried with the same key, and PostgreSQL holds it exactly once; the
/// caller sees success or `alreadyApplied`, never `outcomeUnknown`.
@Suite("Exactly-once writes end to end", .serialized, .enabled(if: FaultStack.shouldRun))
struct ExactlyOnceEndToEndTests {
    @Test func everyFaultOfTheFirstAttemptEndsInExactlyOneWrite() async throws {
        for (fault, runs) in FaultEndToEndTests.faults {
            let user = try await Fixtures.newUser(try LocalStack.client())
            let (client, transport) = try FaultStack.client(fault: fault, faultyAttempts: 1, exactlyOnce: true)
            do {
                let profile = try await Queries(client).addXp(amount: 7, userId: user)
                #expect(!runs, "\(fault): the first attempt committed, so the resend must find its key")
                #expect(profile?.totalXp == 7, "\(fault)")
            } catch NeonError.alreadyApplied(let attempts) {
                // Two attempts on a quiet machine; a loaded one can time the clean resend out (5 s)
                // and send a third, which must find the key too: then the resend committed and the
                // third found its key, although the first attempt (the faulty one) never ran.
                #expect(runs || attempts >= 3, "\(fault): already applied after \(attempts) attempts, but the first attempt did not run")
                #expect(attempts >= 2 && attempts == transport.count, "\(fault): \(attempts) attempts")
            }
            #expect((2...3).contains(transport.count), "\(fault): \(transport.count) attempts")
            #expect(try await totalXP(user) == 7, "\(fault): applied other than once")
        }
    }

    @Test func aBatchIsAppliedOnceUnderEveryFault() async throws {
        for (fault, _) in FaultEndToEndTests.faults {
            let user = try await Fixtures.newUser(try LocalStack.client())
            let (client, _) = try FaultStack.client(fault: fault, faultyAttempts: 1, exactlyOnce: true)
            do {
                _ = try await client.batch(
                    Statements.addXp(amount: 2, userId: user),
                    Statements.markDuaCompleted(userId: user, duaId: 1, xpEarned: 2))
            } catch NeonError.alreadyApplied {
            }
            #expect(try await totalXP(user) == 2, "\(fault)")
        }
    }

    /// The fault test of issue 19: a seeded mix of clean and faulty writes through one client, the
    /// fault on each request's first send only. Every write is applied exactly once: PostgreSQL's
    /// total is the number of writes, and no caller saw an unknown outcome.
    @Test func ledgerOfMixedFaultsHoldsEveryWriteExactlyOnce() async throws {
        let user = try await Fixtures.newUser(try LocalStack.client())
        var random = SeededRandom(seed: 0xE1AC_71_0CE)
        let menu: [String?] = [nil, nil, nil] + FaultEndToEndTests.faults.map(\.fault)
        // On Linux, URLSession waits for its timeout when a reused connection is closed without an
        // answer (drop faults); the client then retries with the same key. A short timeout keeps the
        // test quick (no fault here delays the server). The resends go clean, but on a loaded machine
        // three answers in a row can take over the second (seen in CI): more attempts, each with the
        // same key, so the test checks exactly-once, not how fast the machine is.
        let (client, transport) = try FaultStack.client(
            fault: nil, timeout: .seconds(1),
            retry: RetryPolicy(maxAttempts: 8, baseDelay: .milliseconds(20), maxDelay: .milliseconds(200)), exactlyOnce: true)
        var succeeded = 0, alreadyApplied = 0
        let writes = 120
        for _ in 0..<writes {
            transport.setFaultOnFirstSend(random.pick(menu))
            do {
                _ = try await Queries(client).addXp(amount: 1, userId: user)
                succeeded += 1
            } catch NeonError.alreadyApplied {
                alreadyApplied += 1
            }
        }
        let applied = try await totalXP(user)
        print("exactly-once ledger: \(writes) writes, \(succeeded) succeeded, \(alreadyApplied) already applied; total_xp \(applied)")
        #expect(applied == writes)
        #expect(succeeded + alreadyApplied == writes)
        #expect(alreadyApplied > 0 && succeeded > 0)
    }

    @Test func readsAndKeysStayPrivateUnderRowLevelSecurity() async throws {
        // The key table grants INSERT to every role and SELECT to none but its owner.
        let privileges: Statement<[PrivilegeRow]> = .many(
            name: "KeyPrivileges",
            sql: "SELECT has_table_privilege('authenticated', 'neon_sql.applied_requests', 'INSERT') AS can_insert, "
                + "has_table_privilege('authenticated', 'neon_sql.applied_requests', 'SELECT') AS can_select",
            bindings: Bindings(), readOnly: true)
        let row = try #require(try await LocalStack.client().execute(privileges).first)
        #expect(row.canInsert && !row.canSelect)
    }
}

struct PrivilegeRow: DecodableRow {
    static let columns = [ResultColumn("can_insert", .bool), ResultColumn("can_select", .bool)]
    let canInsert: Bool
    let canSelect: Bool
    init(from row: inout RowDecoder) throws {
        canInsert = try row.decode(Bool.self)
        canSelect = try row.decode(Bool.self)
    }
}
