import Foundation
import NeonSQL
import Testing

private let readStatement: Statement<[IDRow]> = .many(name: "Test", sql: "SELECT id FROM t WHERE id = $1", bindings: {
    var bindings = Bindings(capacity: 1)
    bindings.append(7, as: .int4)
    return bindings
}(), readOnly: true)

private let writeStatement: Statement<Int> = .execRows(name: "Test", sql: "UPDATE t SET x = $1", bindings: {
    var bindings = Bindings(capacity: 1)
    bindings.append("it's \"quoted\"\n", as: .text)
    return bindings
}(), readOnly: false)

private let idBody = resultBody(fields: [("id", 23)], rows: [["7"]])
private let updateBody = #"{"fields":[],"rows":[],"command":"UPDATE","rowCount":2,"rowAsArray":true}"#

private func expectNeonError<T>(_ work: () async throws -> T, _ check: (NeonError) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    do {
        _ = try await work()
        Issue.record("expected an error", sourceLocation: sourceLocation)
    } catch let error as NeonError {
        #expect(check(error), "unexpected \(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("not a NeonError: \(error)", sourceLocation: sourceLocation)
    }
}

@Suite("Configuration")
struct ConfigurationTests {
    @Test func aDerivedEndpointFollowsTheAuthenticationAndAnExplicitOneStays() throws {
        var configuration = try NeonConfiguration(connectionString: testConnectionString)
        configuration.authentication = .bearerToken { "t" }
        #expect(configuration.endpoint.absoluteString == "https://apiauth.us-east-2.aws.neon.tech/sql")
        configuration.authentication = .password
        #expect(configuration.endpoint.absoluteString == "https://api.us-east-2.aws.neon.tech/sql")
        let local = try #require(URL(string: "http://127.0.0.1:4444/sql"))
        configuration.endpoint = local
        configuration.authentication = .bearerToken { "t" }
        #expect(configuration.endpoint == local)
        var given = try NeonConfiguration(connectionString: testConnectionString, endpoint: local)
        given.authentication = .bearerToken { "t" }
        #expect(given.endpoint == local)
    }

    @Test func endpointDerivedLikeTheDriver() throws {
        #expect(try NeonConfiguration(connectionString: testConnectionString).endpoint.absoluteString == "https://api.us-east-2.aws.neon.tech/sql")
        let jwt = try NeonConfiguration(connectionString: "postgresql://authenticated@ep-x-123.us-east-2.aws.neon.tech/neondb", authentication: .bearerToken { "t" })
        #expect(jwt.endpoint.absoluteString == "https://apiauth.us-east-2.aws.neon.tech/sql")
        #expect(try NeonConfiguration(connectionString: "postgres://u:p@ep-foo.example.com:5432/postgres").endpoint.absoluteString == "https://api.example.com/sql")
        #expect(try NeonConfiguration(connectionString: "postgres://u:p@localhost/postgres").endpoint.absoluteString == "https://localhost/sql")
        let local = try #require(URL(string: "http://127.0.0.1:4444/sql"))
        let overridden = try NeonConfiguration(connectionString: "postgres://u:p@db.localtest.me/main", endpoint: local)
        #expect(overridden.endpoint == local)
        #expect(overridden.database == "main")
        #expect(overridden.user == "u")
        #expect(throws: NeonError.self) { try NeonConfiguration(connectionString: "postgres://u:p@10.0.0.1/db") }
        #expect(try NeonConfiguration(connectionString: "postgres://u:p@10.0.0.1/db", endpoint: local).host == "10.0.0.1")
    }

    @Test(arguments: [
        "", "mysql://alice:\(testPassword)@host/db", "postgresql://:\(testPassword)@host/db",
        "postgresql://alice:\(testPassword)@host/", "postgresql://alice:\(testPassword)@/db", "postgresql://alice:\(testPassword)@ho st/db",
        "postgresql://alice:\(testPassword)@host/db\nX-Evil: 1", "not a url \(testPassword)",
    ])
    func invalidConnectionStringsAreRejectedWithoutEchoingThePassword(connectionString: String) {
        do {
            _ = try NeonConfiguration(connectionString: connectionString)
            Issue.record("accepted \(connectionString.count) characters")
        } catch let error as NeonError {
            guard case .invalidConfiguration(let message) = error else {
                Issue.record("wrong case")
                return
            }
            #expect(message.contains("connection string"))
            #expect(!"\(error)".contains(testPassword))
            #expect(!String(reflecting: error).contains(testPassword))
            #expect(!error.localizedDescription.contains(testPassword))
        } catch {
            Issue.record("not a NeonError")
        }
    }

    @Test func descriptionsNeverShowThePassword() throws {
        let configuration = try NeonConfiguration(connectionString: testConnectionString)
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in ["\(configuration)", String(reflecting: configuration), dumped] {
            #expect(!text.contains(testPassword))
            #expect(text.contains("alice"))
        }
        let client = NeonClient(configuration: configuration, transport: TransportDouble(body: ""))
        var dumpedClient = ""
        dump(client, to: &dumpedClient)
        #expect(!dumpedClient.contains(testPassword))
        #expect(!"\(client)".contains(testPassword))
    }

    @Test func retryDelaysBackOffExponentiallyWithJitter() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .milliseconds(350), jitter: 0.5)
        for _ in 0..<50 {
            let first = policy.delay(beforeRetry: 1)
            #expect(first >= .milliseconds(50) && first <= .milliseconds(100))
            let third = policy.delay(beforeRetry: 3)
            #expect(third >= .milliseconds(175) && third <= .milliseconds(350))
        }
        #expect(RetryPolicy(baseDelay: .milliseconds(10), jitter: 0).delay(beforeRetry: 2) == .milliseconds(20))
        #expect(RetryPolicy.none.maxAttempts == 1)
    }
}

@Suite("Client")
struct ClientTests {
    // MARK: requests

    @Test func singleRequestHeadersAndBodyAreExact() async throws {
        let transport = TransportDouble(responses: [(200, updateBody)])
        let client = try makeClient(transport)
        #expect(try await client.execute(writeStatement) == 2)
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers.map(\.name) == ["Neon-Connection-String", "Neon-Raw-Text-Output", "Neon-Array-Mode", "Content-Type"])
        #expect(request.value(forHeader: "neon-connection-string") == testConnectionString)
        #expect(request.value(forHeader: "Neon-Raw-Text-Output") == "true")
        #expect(request.value(forHeader: "Neon-Array-Mode") == "true")
        #expect(request.value(forHeader: "Authorization") == nil)
        #expect(request.value(forHeader: "Neon-Batch-Read-Only") == nil)
        #expect(String(decoding: request.body, as: UTF8.self)
            == #"{"query":"UPDATE t SET x = $1","params":["it's \"quoted\"\n"]}"#)
        #expect(!"\(request)".contains(testPassword))
        var dumped = ""
        dump(request, to: &dumped)
        #expect(!dumped.contains(testPassword))
    }

    @Test func nullParametersAreJSONNull() async throws {
        var bindings = Bindings()
        bindings.append(Int?.none, as: .int4)
        bindings.append("x", as: .text)
        let statement: Statement<Void> = .exec(name: "Test", sql: "SELECT $1, $2", bindings: bindings, readOnly: true)
        let transport = TransportDouble(body: updateBody)
        try await makeClient(transport).execute(statement)
        #expect(String(decoding: try #require(transport.requests.first).body, as: UTF8.self) == #"{"query":"SELECT $1, $2","params":[null,"x"]}"#)
    }

    @Test func batchHeadersOnlyWhenSet() async throws {
        let body = #"{"results":[{"fields":[{"name":"id","dataTypeID":23}],"rows":[["7"]],"command":"SELECT","rowCount":1,"rowAsArray":true},{"fields":[],"rows":[],"command":"UPDATE","rowCount":2,"rowAsArray":true}]}"#
        let transport = TransportDouble(body: body)
        let client = try makeClient(transport)
        let (ids, updated) = try await client.batch(readStatement, writeStatement)
        #expect(ids.map(\.id) == [7])
        #expect(updated == 2)
        _ = try await client.batch(readStatement, writeStatement, options: BatchOptions(isolationLevel: .serializable, readOnly: true, deferrable: true))
        let plain = transport.requests[0]
        #expect(plain.value(forHeader: "Neon-Batch-Isolation-Level") == nil)
        #expect(plain.value(forHeader: "Neon-Batch-Read-Only") == nil)
        #expect(plain.value(forHeader: "Neon-Batch-Deferrable") == nil)
        #expect(String(decoding: plain.body, as: UTF8.self)
            == #"{"queries":[{"query":"SELECT id FROM t WHERE id = $1","params":["7"]},{"query":"UPDATE t SET x = $1","params":["it's \"quoted\"\n"]}]}"#)
        let options = transport.requests[1]
        #expect(options.value(forHeader: "Neon-Batch-Isolation-Level") == "Serializable")
        #expect(options.value(forHeader: "Neon-Batch-Read-Only") == "true")
        #expect(options.value(forHeader: "Neon-Batch-Deferrable") == "true")
        #expect(BatchOptions.IsolationLevel.allCases.map(\.rawValue) == ["ReadUncommitted", "ReadCommitted", "RepeatableRead", "Serializable"])
    }

    @Test func arrayBatchAndEmptyBatch() async throws {
        let one = #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["7"]],"command":"SELECT","rowCount":1,"rowAsArray":true}"#
        let transport = TransportDouble(body: #"{"results":[\#(one),\#(one),\#(one)]}"#)
        let client = try makeClient(transport)
        let results = try await client.batch([readStatement, readStatement, readStatement])
        #expect(results.map { $0.map(\.id) } == [[7], [7], [7]])
        #expect(try await client.batch([Statement<[IDRow]>]()).isEmpty)
        try await client.batch()
        #expect(transport.count == 1)
    }

    @Test func batchResultCountMismatchIsMalformed() async throws {
        let one = #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["7"]],"command":"SELECT","rowCount":1,"rowAsArray":true}"#
        for body in [#"{"results":[\#(one)]}"#, #"{"results":[\#(one),\#(one),\#(one)]}"#, #"{"rows":[]}"#] {
            let client = try makeClient(TransportDouble(body: body))
            await expectNeonError({ try await client.batch(readStatement, readStatement) }) {
                if case .malformedResponse = $0 { return true }
                return false
            }
        }
    }

    @Test func batchDecodingErrorNamesTheStatement() async throws {
        let bad = #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["x"]],"command":"SELECT","rowCount":1,"rowAsArray":true}"#
        let good = #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["7"]],"command":"SELECT","rowCount":1,"rowAsArray":true}"#
        let client = try makeClient(TransportDouble(body: #"{"results":[\#(good),\#(bad)]}"#))
        await expectNeonError({ try await client.batch(readStatement, readStatement) }) {
            guard case .decoding(let failure) = $0 else { return false }
            return failure.statementIndex == 1 && failure.column == "id" && failure.text == "x"
        }
    }

    @Test func bearerTokenProviderIsCalledPerRequest() async throws {
        let counter = Counter()
        let configuration = try NeonConfiguration(
            connectionString: "postgresql://authenticated@ep-x-123.us-east-2.aws.neon.tech/neondb",
            authentication: .bearerToken { "jwt-\(counter.increment())" })
        let transport = TransportDouble(body: idBody)
        let client = NeonClient(configuration: configuration, transport: transport)
        _ = try await client.execute(readStatement)
        _ = try await client.execute(readStatement)
        #expect(transport.requests.map { $0.value(forHeader: "Authorization") } == ["Bearer jwt-1", "Bearer jwt-2"])
        #expect(!"\(transport.requests[0])".contains("jwt-1"))

        let failing = NeonClient(
            configuration: try NeonConfiguration(
                connectionString: "postgresql://authenticated@ep-x-123.us-east-2.aws.neon.tech/neondb",
                authentication: .bearerToken { throw URLError(.userAuthenticationRequired) }),
            transport: transport)
        await expectNeonError({ try await failing.execute(readStatement) }) {
            if case .authentication = $0 { return true }
            return false
        }
        #expect(transport.count == 2)
    }

    // MARK: errors from the server

    @Test func fullDatabaseErrorBody() async throws {
        let body = #"""
            {"message":"duplicate key value violates unique constraint \"user_activity_pkey\"","code":"23505",
            "detail":"Key (user_id, date)=(0f8f, 2024-01-02) already exists.","hint":"try again","position":"18",
            "internalPosition":"3","internalQuery":"select 1","severity":"ERROR","where":"SQL function \"f\"",
            "table":"user_activity","column":"date","schema":"public","dataType":"date","constraint":"user_activity_pkey",
            "file":"nbtinsert.c","line":"666","routine":"_bt_check_unique"}
            """#
        let transport = TransportDouble(responses: [(400, body)])
        let client = try makeClient(transport)
        await expectNeonError({ try await client.execute(readStatement) }) { error in
            guard case .database(let db) = error else { return false }
            return db.isUniqueViolation && db.isIntegrityConstraintViolation && !db.isForeignKeyViolation && db.status == 400
                && db.code == "23505" && db.detail == "Key (user_id, date)=(0f8f, 2024-01-02) already exists."
                && db.hint == "try again" && db.position == 18 && db.internalPosition == 3 && db.internalQuery == "select 1"
                && db.severity == "ERROR" && db.where == "SQL function \"f\"" && db.table == "user_activity"
                && db.column == "date" && db.schema == "public" && db.dataType == "date"
                && db.constraint == "user_activity_pkey" && db.file == "nbtinsert.c" && db.line == "666"
                && db.routine == "_bt_check_unique" && db.message.hasPrefix("duplicate key value")
                && error.isUniqueViolation && error.sqlState == "23505"
                && error.description.contains("23505") && error.description.contains("user_activity_pkey")
        }
        #expect(transport.count == 1)  // 400 is never retried, even for a read
    }

    @Test func e5ErrorsAndProxyErrors() async throws {
        let missingColumn = #"{"message":"column \"x\" does not exist","code":"42703","detail":null,"hint":null,"position":"18","internalPosition":null,"internalQuery":null,"severity":"ERROR","where":null,"table":null,"column":null,"schema":null,"dataType":null,"constraint":null,"file":"parse_relation.c","line":"3722","routine":"errorMissingColumn"}"#
        await expectNeonError({ try await makeClient(TransportDouble(responses: [(400, missingColumn)])).execute(readStatement) }) {
            $0.databaseError?.position == 18 && $0.databaseError?.isSyntaxErrorOrAccessRuleViolation == true && $0.databaseError?.detail == nil
        }
        let auth = #"{"message":"password authentication failed for user 'alice'","code":"","detail":null,"hint":null,"position":null,"internalPosition":null,"internalQuery":null,"severity":"","where":null,"table":null,"column":null,"schema":null,"dataType":null,"constraint":null,"file":null,"line":null,"routine":null}"#
        await expectNeonError({ try await makeClient(TransportDouble(responses: [(400, auth)])).execute(readStatement) }) {
            $0.databaseError?.isProxyError == true && $0.databaseError?.message.contains("password authentication failed") == true
        }
        let cancelled = #"{"message":"Query cancelled, connection was terminated","code":"08P01"}"#
        await expectNeonError({ try await makeClient(TransportDouble(responses: [(400, cancelled)])).execute(readStatement) }) {
            $0.databaseError?.isQueryCanceled == true
        }
        await expectNeonError({ try await makeClient(TransportDouble(responses: [(400, #""query is not supported""#)])).execute(readStatement) }) {
            if case .httpStatus(let status) = $0 { return status.status == 400 && status.message == "query is not supported" }
            return false
        }
    }

    @Test func status413And507AreNotRetried() async throws {
        let tooLarge = #"{"message":"request is too large (max is 10485760 bytes)","code":"","detail":null}"#
        let t413 = TransportDouble(responses: [(413, tooLarge)])
        await expectNeonError({ try await makeClient(t413).execute(readStatement) }) {
            if case .httpStatus(let status) = $0 { return status.isRequestTooLarge && status.message.contains("request is too large") }
            return false
        }
        #expect(t413.count == 1)
        let responseTooLarge = #"{"message":"response is too large (max is 10485760 bytes)","code":""}"#
        let t507 = TransportDouble(responses: [(507, responseTooLarge)])
        await expectNeonError({ try await makeClient(t507).execute(readStatement) }) {
            if case .httpStatus(let status) = $0 { return status.isResponseTooLarge && status.description.contains("response too large") }
            return false
        }
        #expect(t507.count == 1)
    }

    @Test func status500CarriesTheBodyMessage() async throws {
        let body = #"{"message":"Too many connections to this endpoint. Please try again later.","code":""}"#
        let transport = TransportDouble(responses: [(500, body)])
        await expectNeonError({ try await makeClient(transport).execute(writeStatement) }) {
            // A 5xx may come after the statement ran: the write's outcome is unknown, and it is not resent.
            if case .outcomeUnknown(.httpStatus(let status), .onceWithoutKey) = $0 {
                return status.status == 500 && status.isServerError && status.message.hasPrefix("Too many connections")
            }
            return false
        }
        #expect(transport.count == 1)  // a write is not retried after a 5xx
        let html = TransportDouble(responses: [(502, "<html>Bad Gateway</html>")])
        await expectNeonError({ try await makeClient(html, retry: .none).execute(readStatement) }) {
            if case .httpStatus(let status) = $0 { return status.status == 502 && status.message == "<html>Bad Gateway</html>" }
            return false
        }
    }

    @Test func invalidAndTruncatedSuccessBodies() async throws {
        for body in ["not json", #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["7"]"#, ""] {
            await expectNeonError({ try await makeClient(TransportDouble(body: body)).execute(readStatement) }) {
                if case .malformedResponse = $0 { return true }
                return false
            }
        }
    }

    @Test func encodingFailureIsThrownBeforeSending() async throws {
        var bindings = Bindings()
        bindings.append(70_000, as: .int2)
        let statement: Statement<Void> = .exec(name: "Test", sql: "SELECT $1", bindings: bindings, readOnly: true)
        let transport = TransportDouble(body: updateBody)
        let client = try makeClient(transport)
        await expectNeonError({ try await client.execute(statement) }) {
            if case .encoding(let failure) = $0 { return failure.parameter == 1 && failure.type == "smallint" }
            return false
        }
        await expectNeonError({ try await client.batch(readStatement, statement) }) {
            if case .encoding = $0 { return true }
            return false
        }
        #expect(transport.count == 0)
    }

    // MARK: reliability

    @Test func readIsRetriedAfter5xxAndLostConnection() async throws {
        let transport = TransportDouble { _, attempt in
            switch attempt {
            case 0: return NeonHTTPResponse(status: 503, body: Data(#"{"message":"Control plane request failed","code":""}"#.utf8))
            case 1: throw TransportError(kind: .connectionLost, message: "reset by peer")
            default: return NeonHTTPResponse(status: 200, body: Data(idBody.utf8))
            }
        }
        #expect(try await makeClient(transport).execute(readStatement).map(\.id) == [7])
        #expect(transport.count == 3)
    }

    @Test func readGivesUpAfterMaxAttempts() async throws {
        let transport = TransportDouble(responses: [(500, #"{"message":"boom","code":""}"#)])
        await expectNeonError({ try await makeClient(transport).execute(readStatement) }) {
            if case .httpStatus(let status) = $0 { return status.message == "boom" }
            return false
        }
        #expect(transport.count == 3)
    }

    @Test func writeIsNeverSentTwiceAfterItMayHaveArrived() async throws {
        let lost = TransportDouble { _, _ in throw TransportError(kind: .connectionLost, message: "connection reset") }
        await expectNeonError({ try await makeClient(lost).execute(writeStatement) }) {
            if case .outcomeUnknown(.transport(let error), .onceWithoutKey) = $0 { return error.kind == .connectionLost }
            return false
        }
        #expect(lost.count == 1)
        let unknown = TransportDouble { _, _ in throw URLError(.unknown) }
        await expectNeonError({ try await makeClient(unknown).execute(writeStatement) }) {
            if case .outcomeUnknown(.transport, .onceWithoutKey) = $0 { return $0.isOutcomeUnknown && "\($0)".contains("outcome is unknown") }
            return false
        }
        #expect(unknown.count == 1)
    }

    @Test func writeIsRetriedWhenTheRequestNeverLeft() async throws {
        let transport = TransportDouble { _, attempt in
            if attempt == 0 { throw TransportError(kind: .connectionFailed, message: "could not connect") }
            return NeonHTTPResponse(status: 200, body: Data(updateBody.utf8))
        }
        #expect(try await makeClient(transport).execute(writeStatement) == 2)
        #expect(transport.count == 2)
    }

    @Test func batchRetryFollowsReadOnlyness() async throws {
        let body = #"{"results":[{"fields":[{"name":"id","dataTypeID":23}],"rows":[["7"]]},{"fields":[{"name":"id","dataTypeID":23}],"rows":[["7"]]}]}"#
        func flaky() -> TransportDouble {
            TransportDouble { _, attempt in
                attempt == 0 ? NeonHTTPResponse(status: 500, body: Data()) : NeonHTTPResponse(status: 200, body: Data(body.utf8))
            }
        }
        let reads = flaky()
        _ = try await makeClient(reads).batch(readStatement, readStatement)
        #expect(reads.count == 2)

        let writes = flaky()
        await expectNeonError({ try await makeClient(writes).batch(readStatement, writeStatement) }) {
            if case .outcomeUnknown(.httpStatus(let status), .onceWithoutKey) = $0 { return status.status == 500 }
            return false
        }
        #expect(writes.count == 1)

        let forcedReadOnly = TransportDouble { _, attempt in
            attempt == 0 ? NeonHTTPResponse(status: 500, body: Data()) : NeonHTTPResponse(
                status: 200, body: Data(#"{"results":[{"fields":[{"name":"id","dataTypeID":23}],"rows":[]},{"fields":[],"rows":[],"rowCount":0}]}"#.utf8))
        }
        _ = try await makeClient(forcedReadOnly).batch(readStatement, writeStatement, options: BatchOptions(readOnly: true))
        #expect(forcedReadOnly.count == 2)
    }

    @Test func timeoutIsEnforcedRetriedForReadsAndUnknownForWrites() async throws {
        let transport = TransportDouble { _, _ in
            try await Task.sleep(for: .seconds(30))
            return NeonHTTPResponse(status: 200, body: Data(idBody.utf8))
        }
        // The transport sleeps 30 s; the error must be the 100 ms timeout. (No wall-clock assertion:
        // CPU-bound suites running alongside can starve the timer on a loaded machine.)
        await expectNeonError({ try await makeClient(transport, timeout: .milliseconds(100)).execute(readStatement) }) {
            if case .timedOut(let after) = $0 { return after == .milliseconds(100) }
            return false
        }
        #expect(transport.count == 3)  // a read may be sent again

        let writes = TransportDouble { _, _ in
            try await Task.sleep(for: .seconds(30))
            return NeonHTTPResponse(status: 200, body: Data(updateBody.utf8))
        }
        await expectNeonError({ try await makeClient(writes, timeout: .milliseconds(100)).execute(writeStatement) }) {
            if case .outcomeUnknown(.timedOut(let after), .onceWithoutKey) = $0 { return after == .milliseconds(100) }
            return false
        }
        #expect(writes.count == 1)  // a write that may be running is never sent again
    }

    @Test func writeOutcomeClassification() async throws {
        // Definite answers and failures before sending keep their own case; anything after sending
        // without a definite answer becomes outcomeUnknown, sent once.
        let cases: [(status: Int?, transportKind: TransportError.Kind?, unknown: Bool)] = [
            (400, nil, false), (413, nil, false), (500, nil, true), (501, nil, false), (502, nil, true),
            (503, nil, true), (504, nil, true), (507, nil, true),
            (nil, .connectionFailed, false), (nil, .connectionLost, true), (nil, .other, true),
        ]
        for item in cases {
            let transport = TransportDouble { _, _ in
                if let kind = item.transportKind { throw TransportError(kind: kind, message: "injected") }
                return NeonHTTPResponse(status: item.status ?? 500, body: Data(#"{"message":"injected","code":""}"#.utf8))
            }
            do {
                _ = try await makeClient(transport).execute(writeStatement)
                Issue.record("expected an error for \(item)")
            } catch let error as NeonError {
                #expect(error.isOutcomeUnknown == item.unknown, "\(item): \(error)")
                // Sent once, except a connection that never opened (retried: nothing was sent).
                #expect(transport.count == (item.transportKind == .connectionFailed ? 3 : 1), "\(item)")
            }
        }
    }

    @Test func cancellationCancelsTheRequest() async throws {
        let sawCancellation = Flag()
        let started = Flag()
        let transport = TransportDouble { _, _ in
            started.set()
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                sawCancellation.set()
                throw error
            }
            return NeonHTTPResponse(status: 200, body: Data(idBody.utf8))
        }
        let client = try makeClient(transport)
        let task = Task { try await client.execute(readStatement) }
        while !started.isSet { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case NeonError.cancelled = error else {
            Issue.record("expected NeonError.cancelled, got \(result)")
            return
        }
        #expect(sawCancellation.isSet)
        #expect(transport.count == 1)
    }

    @Test func secretsAreRedactedFromErrors() async throws {
        let transport = TransportDouble { request, _ in
            let leaked = request.value(forHeader: "Neon-Connection-String") ?? ""
            throw TransportError(kind: .connectionLost, message: "failed sending \(leaked) with password \(testPassword)")
        }
        do {
            _ = try await makeClient(transport, retry: .none).execute(writeStatement)
            Issue.record("expected an error")
        } catch {
            #expect(!"\(error)".contains(testPassword))
            #expect(!String(reflecting: error).contains(testPassword))
            #expect("\(error)".contains("****"))
        }
        let echo = TransportDouble(responses: [(500, #"{"message":"bad password \#(testPassword)","code":""}"#)])
        do {
            _ = try await makeClient(echo, retry: .none).execute(writeStatement)
        } catch {
            #expect(!"\(error)".contains(testPassword))
        }
        let tokenLeak = TransportDouble(responses: [(400, #"{"message":"JWT secret-token-123 has expired","code":""}"#)])
        let client = NeonClient(
            configuration: try NeonConfiguration(
                connectionString: "postgresql://authenticated@ep-x-1.eu-central-1.aws.neon.tech/neondb",
                authentication: .bearerToken { "secret-token-123" }),
            transport: tokenLeak)
        do {
            _ = try await client.execute(readStatement)
        } catch {
            #expect(!"\(error)".contains("secret-token-123"))
        }
    }

    @Test func urlSessionTransportReportsRefusedConnectionAsNotSent() async throws {
        let configuration = try NeonConfiguration(
            connectionString: testConnectionString, endpoint: URL(string: "http://127.0.0.1:9/sql"),
            requestTimeout: .seconds(10), retryPolicy: .none)
        let client = NeonClient(configuration: configuration)
        await expectNeonError({ try await client.execute(writeStatement) }) {
            if case .transport(let error) = $0 { return error.requestWasNotSent && !error.message.contains(testPassword) }
            return false
        }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int { lock.withLock { value += 1; return value } }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
