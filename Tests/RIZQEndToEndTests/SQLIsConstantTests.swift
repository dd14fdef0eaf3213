import Foundation
import NeonSQL
import RIZQQueries
import Testing

/// Injection-proof by construction, at run time: every generated RIZQ statement has the same SQL
/// text whatever its arguments, and what the runtime sends is that text plus the values as JSON
/// parameters, never values spliced into SQL. No services needed.
@Suite("Generated SQL is constant at run time")
struct SQLIsConstantTests {
    /// Every RIZQ statement built with two different argument sets (hostile strings included).
    static func statementPairs() -> [(name: String, first: (sql: String, bindings: [String?]), second: (sql: String, bindings: [String?]))] {
        func pair<A: Sendable, B: Sendable>(_ name: String, _ a: Statement<A>, _ b: Statement<B>) -> (String, (String, [String?]), (String, [String?])) {
            (name, (a.sql, a.bindings.values), (b.sql, b.bindings.values))
        }
        let u1 = UUID(), u2 = UUID()
        let evil = "'); DROP TABLE duas; -- $1 \\ \u{202E}"
        return [
            pair("addXp", Statements.addXp(amount: 1, userId: u1), Statements.addXp(amount: -99, userId: u2)),
            pair("fetchCategories", Statements.fetchCategories(), Statements.fetchCategories()),
            pair("fetchCollections", Statements.fetchCollections(), Statements.fetchCollections()),
            pair("fetchDua", Statements.fetchDua(id: 1), Statements.fetchDua(id: 2_000_000_000)),
            pair("fetchDuas", Statements.fetchDuas(), Statements.fetchDuas()),
            pair("fetchDuasByCategory", Statements.fetchDuasByCategory(slug: "morning"), Statements.fetchDuasByCategory(slug: evil)),
            pair("fetchDuasForJourneys", Statements.fetchDuasForJourneys(journeyIds: []), Statements.fetchDuasForJourneys(journeyIds: [1, 2, 3])),
            pair("fetchFeaturedJourneys", Statements.fetchFeaturedJourneys(), Statements.fetchFeaturedJourneys()),
            pair("fetchJourneyBySlug", Statements.fetchJourneyBySlug(slug: "x"), Statements.fetchJourneyBySlug(slug: evil)),
            pair("fetchJourneyDuas", Statements.fetchJourneyDuas(journeyId: 1), Statements.fetchJourneyDuas(journeyId: 7)),
            pair("fetchJourneys", Statements.fetchJourneys(), Statements.fetchJourneys()),
            pair("fetchUserProfile", Statements.fetchUserProfile(userId: u1), Statements.fetchUserProfile(userId: u2)),
            pair("fetchWeekActivity", Statements.fetchWeekActivity(userId: u1), Statements.fetchWeekActivity(userId: u2)),
            pair("markDuaCompleted", Statements.markDuaCompleted(userId: u1, duaId: 1, xpEarned: 10),
                 Statements.markDuaCompleted(userId: u2, duaId: 9, xpEarned: 0)),
            pair("updateDisplayName", Statements.updateDisplayName(displayName: "a", userId: u1),
                 Statements.updateDisplayName(displayName: evil, userId: u2)),
        ]
    }

    @Test func sqlIsByteIdenticalWhateverTheArguments() {
        let pairs = Self.statementPairs()
        #expect(pairs.count == 15)
        for (name, first, second) in pairs {
            #expect(Array(first.sql.utf8) == Array(second.sql.utf8), "\(name): SQL depends on the arguments")
            #expect(first.bindings.count == second.bindings.count, "\(name)")
            for value in second.bindings.compactMap({ $0 }) where value.count > 3 {
                #expect(!first.sql.contains(value), "\(name): a bound value appears in the SQL")
            }
        }
    }

    @Test func theRequestCarriesTheConstantSQLAndTheValueAsAParameter() async throws {
        let capture = CapturingTransport()
        let configuration = try NeonConfiguration(
            connectionString: "postgresql://u:p@db.localtest.me/d", endpoint: URL(string: "http://127.0.0.1:1/sql"), retryPolicy: .none)
        let client = NeonClient(configuration: configuration, transport: capture)
        let strings = HostileStrings.generate(count: 500, seed: 42) + [Self.everyBMPScalar, Self.astralSample]
        let constant = Statements.updateDisplayName(displayName: "", userId: UUID()).sql
        for text in strings {
            _ = try? await Queries(client).updateDisplayName(displayName: text, userId: UUID())
            let body = try #require(capture.last)
            // JSONDecoder, not JSONSerialization: on Linux the latter drops a U+FEFF that starts a string.
            let sent = try JSONDecoder().decode(SentBody.self, from: body)
            #expect(sent.query == constant)
            #expect(sent.params.count == 2)
            #expect(sent.params.first.flatMap { $0.map { Array($0.unicodeScalars) } } == Array(text.unicodeScalars))
            try Self.checkJSONEscaping(body)
        }
        print("runtime requests: \(strings.count) hostile values, each sent as a parameter of the same SQL text")
    }

    /// The runtime's JSON: valid UTF-8, no raw control characters, `\u` escapes of surrogates only in
    /// valid high+low pairs (a lone surrogate can never be produced).
    static func checkJSONEscaping(_ body: Data) throws {
        #expect(String(data: body, encoding: .utf8) != nil)
        #expect(!body.contains { $0 < 0x20 }, "raw control character in the request body")
        let text = String(decoding: body, as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var pendingHigh = false
        while index < scalars.count {
            if scalars[index] == "\\", index + 1 < scalars.count {
                if scalars[index + 1] == "u", index + 5 < scalars.count,
                   let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)...(index + 5)])), radix: 16) {
                    if (0xD800...0xDBFF).contains(value) {
                        #expect(!pendingHigh, "two high surrogates in a row")
                        pendingHigh = true
                    } else if (0xDC00...0xDFFF).contains(value) {
                        #expect(pendingHigh, "lone low surrogate escape")
                        pendingHigh = false
                    } else {
                        #expect(!pendingHigh, "lone high surrogate escape")
                    }
                    index += 6
                    continue
                }
                #expect(!pendingHigh, "lone high surrogate escape")
                index += 2
                continue
            }
            #expect(!pendingHigh, "lone high surrogate escape")
            index += 1
        }
        #expect(!pendingHigh)
    }

    /// Every Unicode scalar of the Basic Multilingual Plane except NUL (surrogates are not scalars).
    static let everyBMPScalar: String = {
        var text = ""
        for value in UInt32(1)...0xFFFF {
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
        }
        return text
    }()

    /// Every 97th scalar of the supplementary planes.
    static let astralSample: String = {
        var text = ""
        for value in stride(from: UInt32(0x10000), through: 0x10FFFF, by: 97) {
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
        }
        return text
    }()
}

/// A single-statement request body.
struct SentBody: Decodable {
    var query: String
    var params: [String?]
}

/// Records the body of the last request and answers an empty UPDATE result.
final class CapturingTransport: NeonTransport, @unchecked Sendable {
    // @unchecked: `body` is guarded by `lock`.
    private let lock = NSLock()
    private var body: Data?

    var last: Data? { lock.withLock { body } }

    func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        lock.withLock { body = request.body }
        return NeonHTTPResponse(status: 200, body: Data(#"{"fields":[],"rows":[],"command":"UPDATE","rowCount":0}"#.utf8))
    }
}
