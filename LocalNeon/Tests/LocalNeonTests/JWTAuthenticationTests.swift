import Foundation
import LocalNeonServer
import Testing

/// JWT authentication end to end (docs/neon-sql-over-http.md §8.2): tokens signed with keys generated here, verified
/// by neon-local, and row-level security on a real PostgreSQL deciding what each user sees.
@Suite("JWT authentication and row-level security", .enabled(if: TestPostgres.shouldRun))
struct JWTAuthenticationTests {
    /// Runs `body` with neon-local in JWT mode (after the fixture exists).
    private func withJWTNeon(poolSize: Int = 20, _ body: (LocalNeonHarness) async throws -> Void) async throws {
        guard TestPostgres.requireURL() != nil else { return }
        try await JWTFixture.prepare()
        try await LocalNeonHarness.with(jwtAuthentication: try JWTFixture.authentication(), maximumConnectionsPerPool: poolSize, body)
    }

    private func run(_ neon: LocalNeonHarness, token: String, _ sql: String, params: [Any] = [], user: String = JWTFixture.role) async throws -> HTTPAnswer {
        let data = try JSONSerialization.data(withJSONObject: ["query": sql, "params": params])
        return try await neon.request(
            body: String(decoding: data, as: UTF8.self),
            headers: ["Authorization": "Bearer \(token)"],
            connectionString: JWTFixture.connectionString(user: user)
        )
    }

    private func rows(_ answer: HTTPAnswer) throws -> [[String: Any]] {
        guard answer.status == 200 else { throw TestSetupError("status \(answer.status): \(answer.text)") }
        return try answer.object["rows"] as? [[String: Any]] ?? []
    }

    private func subject() -> String { "user-" + UUID().uuidString.lowercased() }

    @Test("Two users: each token reads and changes only its own rows (ES256 and RS256)")
    func twoUsersSeeOnlyTheirOwnRows() async throws {
        let rsa = try #require(JWTFixture.rs256)
        try await withJWTNeon { neon in
            let alice = subject(), bob = subject()
            let aliceToken = try JWTFixture.es256.token(JWTFixture.claims(alice))
            let bobToken = try rsa.token(JWTFixture.claims(bob))

            let inserted = try rows(try await run(neon, token: aliceToken, "INSERT INTO jwt_notes (body) VALUES ('alice 1'), ('alice 2') RETURNING owner"))
            #expect(inserted.map { $0["owner"] as? String } == [alice, alice])
            _ = try rows(try await run(neon, token: bobToken, "INSERT INTO jwt_notes (body) VALUES ('bob 1') RETURNING id"))

            let whoAmI = try rows(try await run(neon, token: aliceToken, "SELECT current_user AS role, auth.user_id() AS uid, auth.session() ->> 'aud' AS aud"))
            #expect(whoAmI.first?["role"] as? String == JWTFixture.role)
            #expect(whoAmI.first?["uid"] as? String == alice)
            #expect(whoAmI.first?["aud"] as? String == JWTFixture.audience)

            let aliceSees = try rows(try await run(neon, token: aliceToken, "SELECT owner, body FROM jwt_notes ORDER BY id"))
            #expect(Set(aliceSees.compactMap { $0["body"] as? String }) == ["alice 1", "alice 2"])
            #expect(aliceSees.allSatisfy { $0["owner"] as? String == alice })
            let bobSees = try rows(try await run(neon, token: bobToken, "SELECT body FROM jwt_notes"))
            #expect(bobSees.compactMap { $0["body"] as? String } == ["bob 1"])

            // Bob's token changes Bob's rows only, even when it tries to change every row.
            let updated = try await run(neon, token: bobToken, "UPDATE jwt_notes SET body = 'changed by bob'")
            #expect(try updated.object["rowCount"] as? Int == 1)
            let deleted = try await run(neon, token: bobToken, "DELETE FROM jwt_notes WHERE owner = $1", params: [alice])
            #expect(try deleted.object["rowCount"] as? Int == 0)
            #expect(try await JWTFixture.rowCount(owner: alice) == 2)
            #expect(try await JWTFixture.admin("SELECT count(*)::text FROM jwt_notes WHERE owner = '\(alice)' AND body = 'changed by bob'") == ["0"])
        }
    }

    @Test("Another user's id as a parameter reads nothing and writes nothing")
    func foreignUserIDParameter() async throws {
        try await withJWTNeon { neon in
            let alice = subject(), mallory = subject()
            let aliceRow = try await JWTFixture.insertAsAdmin(owner: alice, body: "alice secret")
            let token = try JWTFixture.es256.token(JWTFixture.claims(mallory))

            #expect(try rows(try await run(neon, token: token, "SELECT * FROM jwt_notes WHERE owner = $1", params: [alice])).isEmpty)
            #expect(try rows(try await run(neon, token: token, "SELECT * FROM jwt_notes WHERE id = $1", params: [aliceRow])).isEmpty)
            let update = try await run(neon, token: token, "UPDATE jwt_notes SET body = 'pwned' WHERE owner = $1", params: [alice])
            #expect(try update.object["rowCount"] as? Int == 0)
            let insert = try await run(neon, token: token, "INSERT INTO jwt_notes (owner, body) VALUES ($1, 'planted')", params: [alice])
            #expect(insert.status == 400)
            #expect(try insert.object["code"] as? String == "42501")
            #expect(try await JWTFixture.rowCount(owner: alice) == 1)
            #expect(try await JWTFixture.admin("SELECT body FROM jwt_notes WHERE id = \(aliceRow)") == ["alice secret"])
            #expect(try await JWTFixture.rowCount(owner: mallory) == 0)
        }
    }

    /// A refused token: what it is, and the message Neon answers it with (status 400).
    struct RefusedToken: Sendable, CustomTestStringConvertible {
        var name: String
        /// The token for `victim`, made when the test runs (times are relative to then), and the expected message.
        var make: @Sendable (_ victim: String) throws -> (token: String, message: String)
        var testDescription: String { name }

        init(_ name: String, message: String, _ token: @escaping @Sendable (_ victim: String) throws -> String) {
            self.name = name
            self.make = { victim in (try token(victim), message) }
        }

        init(_ name: String, timed: @escaping @Sendable (_ victim: String, _ now: Int) throws -> (token: String, message: String)) {
            self.name = name
            self.make = { victim in try timed(victim, Int(Date().timeIntervalSince1970)) }
        }
    }

    static let refusedTokens: [RefusedToken] = {
        let signer = JWTFixture.es256
        return [
            RefusedToken("expired beyond the leeway") { victim, now in
                (try signer.token(JWTFixture.claims(victim, ["exp": now - 31])), "JWT token has expired (exp=\(now - 31))")
            },
            RefusedToken("not yet valid beyond the leeway") { victim, now in
                (try signer.token(JWTFixture.claims(victim, ["nbf": now + 120])), "JWT token is not yet ready to use (nbf=\(now + 120))")
            },
            RefusedToken("wrong audience", message: "invalid JWT token audience") { try signer.token(JWTFixture.claims($0, ["aud": ["someone-else"]])) },
            RefusedToken("no audience", message: "invalid JWT token audience") { try signer.token(JWTFixture.claims($0, ["aud": NSNull()])) },
            RefusedToken("wrong issuer", message: "invalid JWT token issuer") { try signer.token(JWTFixture.claims($0, ["iss": "https://evil.example"])) },
            RefusedToken("unknown kid", message: "jwk not found") { try signer.token(JWTFixture.claims($0), header: ["kid": "rotated-away"]) },
            RefusedToken("missing kid", message: "missing key id") { try signer.token(JWTFixture.claims($0), header: ["kid": NSNull()]) },
            RefusedToken("signed by an unknown key with a known kid", message: "signature error: signature error") {
                try TestSigner.es256(signer.keyID).token(JWTFixture.claims($0))
            },
            RefusedToken("tampered payload", message: "signature error: signature error") { victim in
                let parts = try signer.token(JWTFixture.claims("user-mallory")).split(separator: ".").map(String.init)
                let forgedClaims = try Base64URLText.json(JWTFixture.claims(victim))
                return parts[0] + "." + forgedClaims + "." + parts[2]
            },
            RefusedToken("truncated signature", message: "signature error: signature error") { String(try signer.token(JWTFixture.claims($0)).dropLast(8)) },
            RefusedToken("truncated to two parts", message: "Provided authentication token is not a valid JWT encoding") { victim in
                let parts = try signer.token(JWTFixture.claims(victim)).split(separator: ".").map(String.init)
                return parts[0] + "." + parts[1]
            },
            RefusedToken("not base64url", message: "Provided authentication token is not a valid JWT encoding") { _ in "not a token!" },
            RefusedToken("alg none, no signature", message: "signature algorithm not supported") { victim in
                try Base64URLText.json(["alg": "none", "typ": "JWT", "kid": signer.keyID]) + "." + Base64URLText.json(JWTFixture.claims(victim)) + "."
            },
            RefusedToken("HS256 keyed with the RSA public key", message: "signature algorithm not supported") { victim in
                let rsa = try #require(JWTFixture.rs256)
                let pem = try #require(rsa.publicKeyPEM)
                return try TestSigner.hmacToken(header: ["alg": "HS256", "typ": "JWT", "kid": rsa.keyID], claims: JWTFixture.claims(victim), secret: Data(pem.utf8))
            },
            RefusedToken("ES256 header on the RSA key", message: "signature algorithm not supported") { victim in
                let rsa = try #require(JWTFixture.rs256)
                return try rsa.token(JWTFixture.claims(victim), header: ["alg": "ES256"])
            },
        ]
    }()

    @Test("Refused tokens: status 400, Neon's message, nothing written", arguments: JWTAuthenticationTests.refusedTokens)
    func refusedToken(_ refused: RefusedToken) async throws {
        try await withJWTNeon { neon in
            let victim = subject()
            let (token, message) = try refused.make(victim)
            let answer = try await run(neon, token: token, "INSERT INTO jwt_notes (owner, body) VALUES ($1, 'should not exist') RETURNING id", params: [victim])
            #expect(answer.status == 400)
            #expect(answer.text == proxyErrorBody(message))
            #expect(!answer.text.contains(token))
            #expect(try await JWTFixture.rowCount(owner: victim) == 0)
        }
    }

    @Test("exp and nbf have 30 seconds of leeway")
    func leeway() async throws {
        try await withJWTNeon { neon in
            let now = Int(Date().timeIntervalSince1970)
            let user = subject()
            let justExpired = try JWTFixture.es256.token(JWTFixture.claims(user, ["exp": now - 10]))
            #expect(try rows(try await run(neon, token: justExpired, "SELECT auth.user_id() AS uid")).first?["uid"] as? String == user)
            let almostValid = try JWTFixture.es256.token(JWTFixture.claims(user, ["nbf": now + 10]))
            #expect(try rows(try await run(neon, token: almostValid, "SELECT auth.user_id() AS uid")).first?["uid"] as? String == user)
        }
    }

    @Test("A valid token for a superuser or a table owner is refused; passwords still work for them")
    func tokenForNonJWTRole() async throws {
        try await withJWTNeon { neon in
            let user = subject()
            let token = try JWTFixture.es256.token(JWTFixture.claims(user))
            let adminUser = URLComponents(string: TestPostgres.url ?? "")?.user ?? "postgres"
            for role in [adminUser, JWTFixture.owner, TestPostgres.role] {
                let answer = try await run(neon, token: token, "INSERT INTO jwt_notes (owner, body) VALUES ($1, 'bypass') RETURNING id", params: [user], user: role)
                #expect(answer.status == 400, "role \(role)")
                #expect(answer.text == proxyErrorBody("jwk not found"), "role \(role)")
            }
            #expect(try await JWTFixture.rowCount(owner: user) == 0)

            // The owner still connects with its password (no token).
            let owner = try await neon.request(
                body: #"{"query":"select current_user as u"}"#,
                connectionString: "postgresql://\(JWTFixture.owner):\(JWTFixture.ownerPassword.replacingOccurrences(of: " ", with: "%20"))@ep-x.localtest.me/\(TestPostgres.database)")
            #expect(owner.status == 200)
            #expect(owner.text.contains(#""rows":[{"u":"\#(JWTFixture.owner)"}]"#))
        }
    }

    @Test("A superuser configured as a JWT role is refused, and never granted to the authenticator")
    func superuserConfiguredAsJWTRole() async throws {
        guard TestPostgres.requireURL() != nil else { return }
        try await JWTFixture.prepare()
        let adminUser = URLComponents(string: TestPostgres.url ?? "")?.user ?? "postgres"
        var settings = try JWTFixture.authentication()
        settings.roles = [adminUser]
        try await LocalNeonHarness.with(jwtAuthentication: settings) { neon in
            let token = try JWTFixture.es256.token(JWTFixture.claims(subject()))
            let answer = try await run(neon, token: token, "SELECT current_user AS u", user: adminUser)
            #expect(answer.status == 500)
            #expect(answer.text == proxyErrorBody("could not set up the JWT authorization database extension"))
        }
        let granted = try await JWTFixture.admin("""
            SELECT count(*)::text FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid JOIN pg_roles a ON a.oid = m.member
            WHERE a.rolname = 'neon_local_authenticator' AND (r.rolsuper OR r.rolbypassrls)
            """)
        #expect(granted == ["0"])
    }

    @Test("A password where a token is required, and no credentials, are refused")
    func passwordForJWTRole() async throws {
        try await withJWTNeon { neon in
            for connectionString in ["postgresql://\(JWTFixture.role):secret@ep-x.localtest.me/\(TestPostgres.database)", JWTFixture.connectionString()] {
                let answer = try await neon.request(body: #"{"query":"select 1"}"#, connectionString: connectionString)
                #expect(answer.status == 400)
                #expect(answer.text == proxyErrorBody("missing authentication credentials: required authorization bearer token in JWT format"))
            }
            let basic = try await neon.request(body: #"{"query":"select 1"}"#, headers: ["Authorization": "Basic abc"], connectionString: JWTFixture.connectionString())
            #expect(basic.text == proxyErrorBody("missing authentication credentials: required authorization bearer token in JWT format"))
        }
    }

    @Test("One pooled connection: user A, then user B sees only B's rows and B's claims")
    func claimsDoNotLeakOnAPooledConnection() async throws {
        try await withJWTNeon(poolSize: 1) { neon in
            let alice = subject(), bob = subject()
            _ = try await JWTFixture.insertAsAdmin(owner: alice, body: "alice")
            _ = try await JWTFixture.insertAsAdmin(owner: bob, body: "bob")
            let aliceToken = try JWTFixture.es256.token(JWTFixture.claims(alice))
            let bobToken = try JWTFixture.es256.token(JWTFixture.claims(bob))

            let first = try rows(try await run(neon, token: aliceToken, "SELECT pg_backend_pid()::text AS pid, auth.user_id() AS uid, (SELECT count(*)::int FROM jwt_notes) AS n"))
            let second = try rows(try await run(neon, token: bobToken, "SELECT pg_backend_pid()::text AS pid, auth.user_id() AS uid, (SELECT string_agg(body, ',') FROM jwt_notes) AS bodies"))
            #expect(first.first?["pid"] as? String == second.first?["pid"] as? String, "one connection served both")
            #expect(first.first?["uid"] as? String == alice)
            #expect(first.first?["n"] as? Int == 1)
            #expect(second.first?["uid"] as? String == bob)
            #expect(second.first?["bodies"] as? String == "bob")

            // A session setting left behind by A's SQL does not reach B.
            _ = try await run(neon, token: aliceToken, "SELECT set_config('request.jwt.claims', 'left over', false)")
            let third = try rows(try await run(neon, token: bobToken, "SELECT auth.user_id() AS uid, current_user AS role"))
            #expect(third.first?["uid"] as? String == bob)
            #expect(third.first?["role"] as? String == JWTFixture.role)
        }
    }

    @Test("SQL run with a token cannot forge claims or leave its role")
    func noEscapeFromTheRole() async throws {
        try await withJWTNeon(poolSize: 1) { neon in
            let alice = subject(), mallory = subject()
            _ = try await JWTFixture.insertAsAdmin(owner: alice, body: "alice")
            let token = try JWTFixture.es256.token(JWTFixture.claims(mallory))
            let forged = #"{"sub":"\#(alice)"}"#
            let forging = try await neon.request(
                body: String(decoding: try JSONSerialization.data(withJSONObject: ["queries": [
                    ["query": "SELECT set_config('request.jwt.claims', $1, false)", "params": [forged]],
                    ["query": "SELECT auth.user_id() AS uid, (SELECT count(*)::int FROM jwt_notes) AS n"],
                ]]), as: UTF8.self),
                headers: ["Authorization": "Bearer \(token)"], connectionString: JWTFixture.connectionString())
            #expect(forging.status == 200)
            #expect(forging.text.contains(#""rows":[{"uid":null,"n":0}]"#))

            let escaping = try await neon.request(
                body: String(decoding: try JSONSerialization.data(withJSONObject: ["queries": [
                    ["query": "RESET ROLE"],
                    ["query": "SELECT current_user AS role, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser"],
                    ["query": "SELECT count(*) FROM jwt_notes"],
                ]]), as: UTF8.self),
                headers: ["Authorization": "Bearer \(token)"], connectionString: JWTFixture.connectionString())
            #expect(escaping.status == 400)
            #expect(try escaping.object["code"] as? String == "42501")
            #expect(try await JWTFixture.rowCount(owner: alice) == 1)
        }
    }
}
