import Foundation
import NeonSQL
import RIZQQueries
import NeonSQLTestSupport
import Testing

/// Hostile strings, reproducible from a seed: SQL metacharacters, escapes, JSON syntax, bidi and
/// combining marks, emoji sequences, control characters, non-characters and astral scalars.
enum HostileStrings {
    static let pieces: [String] = [
        "'", "''", "\"", "\\", "\\\\", "\\'", "--", "/*", "*/", ";", "$1", "$2", "$$", "$tag$", "%s", "%", "_", "?",
        "'); DROP TABLE user_profiles; --", "' OR '1'='1", "1; DELETE FROM user_activity", "E'\\x41'", "\\x00", "\\u0000",
        "{", "}", "[", "]", ":", ",", "\"query\":\"SELECT 1\"", "\"params\":[", "null", "NULL", "true",
        "\u{202E}", "\u{202D}", "\u{200F}", "\u{200E}", "\u{2066}", "\u{2069}", "\u{061C}",        // bidi controls
        "e\u{0301}", "\u{0301}", "\u{0336}\u{0336}\u{0336}", "Z\u{0351}\u{0352}\u{0357}\u{035B}", // combining marks
        "🧕🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇸🇦", "\u{1F600}", "𝕏", "\u{10FFFF}", "\u{E000}", "\u{FFFD}", "\u{FFFE}", "\u{FEFF}",
        "\r\n", "\n", "\r", "\t", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{0008}", "\u{000C}",
        "عائشة", "بِسْمِ ٱللَّٰهِ", "Ωμέγα", "日本語", "ﷺ", " ", "  ", "\u{00A0}", "\u{3000}",
    ]

    /// `count` strings: each 0...12 pieces or random scalars (never NUL, never a surrogate: Swift
    /// strings cannot hold one).
    static func generate(count: Int, seed: UInt64) -> [String] {
        var generator = SeededRandom(seed: seed)
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count {
            var text = ""
            for _ in 0..<Int(generator.next() % 13) {
                if generator.next() % 4 == 0 {
                    text.unicodeScalars.append(randomScalar(&generator))
                } else {
                    text += pieces[Int(generator.next() % UInt64(pieces.count))]
                }
            }
            strings.append(text)
        }
        return strings
    }

    static func randomScalar(_ generator: inout SeededRandom) -> Unicode.Scalar {
        while true {
            let ranges: [ClosedRange<UInt32>] = [1...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0x10000...0x10FFFF]
            let range = ranges[Int(generator.next() % 4)]
            let value = range.lowerBound + UInt32(generator.next() % UInt64(range.upperBound - range.lowerBound + 1))
            if let scalar = Unicode.Scalar(value) { return scalar }   // nil for surrogates
        }
    }

    /// A string of about `bytes` UTF-8 bytes built from hostile pieces.
    static func large(bytes: Int, seed: UInt64) -> String {
        var generator = SeededRandom(seed: seed)
        var text = ""
        var size = 0
        while size < bytes {
            let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
            text += piece
            size += piece.utf8.count
        }
        return text
    }
}

/// Injection-proof by construction: values travel only as bound parameters, never as SQL text.
/// Thousands of hostile strings go through the generated queries into real PostgreSQL (via
/// neon-local) and come back byte for byte.
@Suite("Hostile strings end to end", .serialized, .enabled(if: LocalStack.shouldRun))
struct InjectionPropertyTests {
    static let seed: UInt64 = 0x1EC7_10_0F
    static let count = 3000
    static let usersPerRound = 50

    @Test func hostileStringsRoundTripExactly() async throws {
        let client = try LocalStack.client()
        let queries = Queries(client)
        let strings = HostileStrings.generate(count: Self.count, seed: Self.seed)
        var users: [UUID] = []
        for _ in 0..<Self.usersPerRound { users.append(try await Fixtures.newUser(client)) }
        let journeysBefore = try await queries.fetchJourneys().count

        var checked = 0
        var start = 0
        while start < strings.count {
            let chunk = Array(strings[start..<min(start + Self.usersPerRound, strings.count)])
            // Write: one transaction of generated UPDATE ... RETURNING statements.
            let written = try await client.batch(chunk.enumerated().map { index, text in
                Statements.updateDisplayName(displayName: text, userId: users[index])
            })
            // Read back with a generated SELECT, in another request.
            let read = try await client.batch(chunk.indices.map { Statements.fetchUserProfile(userId: users[$0]) })
            for (index, text) in chunk.enumerated() {
                let bytes = Array(text.utf8)
                #expect(written[index].flatMap { $0.displayName.map { Array($0.utf8) } } == bytes, "RETURNING of string #\(start + index) (seed \(Self.seed))")
                #expect(read[index].flatMap { $0.displayName.map { Array($0.utf8) } } == bytes, "read back of string #\(start + index) (seed \(Self.seed))")
                checked += 1
            }
            start += chunk.count
        }
        print("hostile strings: \(checked) strings (seed \(Self.seed)) written and read back byte for byte")
        #expect(checked == Self.count)
        // Nothing else changed: no statement ever ran from a value.
        #expect(try await queries.fetchJourneys().count == journeysBefore)
    }

    @Test func oneMegabyteStringsRoundTrip() async throws {
        let client = try LocalStack.client()
        let queries = Queries(client)
        let user = try await Fixtures.newUser(client)
        for seed in 1...3 {
            let text = HostileStrings.large(bytes: 1 << 20, seed: UInt64(seed))
            #expect(text.utf8.count >= 1 << 20)
            let written = try await queries.updateDisplayName(displayName: text, userId: user)
            #expect(written?.displayName.map { Array($0.utf8) } == Array(text.utf8))
            let read = try await queries.fetchUserProfile(userId: user)
            #expect(read?.displayName.map { Array($0.utf8) } == Array(text.utf8))
        }
    }

    @Test func nulIsRejectedBeforeSendingAndByPostgreSQL() async throws {
        let client = try LocalStack.client()
        let queries = Queries(client)
        let user = try await Fixtures.newUser(client, name: "before")
        let nulStrings = ["\u{0}", "a\u{0}b", "'\u{0}'; DROP TABLE duas; --"]
        for text in nulStrings {
            // The runtime refuses it before sending: PostgreSQL text cannot hold NUL.
            do {
                _ = try await queries.updateDisplayName(displayName: text, userId: user)
                Issue.record("a NUL was sent")
            } catch let error as NeonError {
                guard case .encoding(let failure) = error else {
                    Issue.record("expected an encoding error, got \(error)")
                    continue
                }
                #expect(failure.parameter == 1, "\(failure)")
                #expect(failure.reason.contains("NUL"), "\(failure)")
            }
        }
        // In a batch, nothing is sent either, so its neighbours are not written.
        let other = try await Fixtures.newUser(client, name: "untouched")
        do {
            _ = try await client.batch(
                Statements.updateDisplayName(displayName: "fine", userId: other),
                Statements.updateDisplayName(displayName: "bad\u{0}", userId: user))
            Issue.record("a NUL was sent in a batch")
        } catch let error as NeonError {
            if case .encoding = error {} else { Issue.record("expected an encoding error, got \(error)") }
        }
        // A client that sends one anyway (raw JSON "\u0000") gets PostgreSQL's own clear error.
        guard let endpoint = LocalStack.endpoint, let connectionString = LocalStack.connectionString else { throw LocalStack.Missing() }
        let body = #"{"query":"UPDATE user_profiles SET display_name = $1 WHERE user_id = $2","params":["a\u0000b","\#(user.uuidString.lowercased())"]}"#
        let response = try await URLSessionTransport.shared.send(NeonHTTPRequest(
            url: endpoint,
            headers: [HTTPHeader("Neon-Connection-String", connectionString), HTTPHeader("Content-Type", "application/json")],
            body: Data(body.utf8), timeout: .seconds(10)))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == 400, "\(text)")
        #expect(text.contains("\"code\":\"22021\""), "\(text)")   // character_not_in_repertoire
        #expect(text.contains("0x00"), "\(text)")
        #expect(try await queries.fetchUserProfile(userId: other)?.displayName == "untouched")
        #expect(try await queries.fetchUserProfile(userId: user)?.displayName == "before")
    }

    @Test func loneSurrogateEscapesAreRejectedByNeonLocalAndNothingIsWritten() async throws {
        // Swift strings cannot carry a lone surrogate, so the runtime never sends one; a client that
        // does (raw JSON) gets a clear 400 and nothing runs.
        guard let endpoint = LocalStack.endpoint, let connectionString = LocalStack.connectionString else { throw LocalStack.Missing() }
        let client = try LocalStack.client()
        let user = try await Fixtures.newUser(client, name: "before")
        for escape in [#"\ud800"#, #"\udfff"#, #"a\ud83dz"#, #"\ude00\ud83d"#] {
            let body = #"{"query":"UPDATE user_profiles SET display_name = $1 WHERE user_id = $2","params":["\#(escape)","\#(user.uuidString.lowercased())"]}"#
            let request = NeonHTTPRequest(
                url: endpoint,
                headers: [HTTPHeader("Neon-Connection-String", connectionString), HTTPHeader("Content-Type", "application/json")],
                body: Data(body.utf8), timeout: .seconds(10))
            let response = try await URLSessionTransport.shared.send(request)
            #expect(response.status == 400, "\(escape): \(String(decoding: response.body, as: UTF8.self))")
            #expect(String(decoding: response.body, as: UTF8.self).contains("could not parse the HTTP request body"), "\(escape)")
        }
        #expect(try await Queries(client).fetchUserProfile(userId: user)?.displayName == "before")
    }
}
