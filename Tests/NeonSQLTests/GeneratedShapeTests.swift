// A hand-written file in exactly the shape neon-sql-gen emits (docs/generated-code.md), compiled
// against the public API only (no @testable), and exercised through a transport double.
import Foundation
import NeonSQL
import Testing

// MARK: - NeonSQLSchema.swift (generated)

public struct Queries: Swift.Sendable, NeonSQL.GeneratedQueries {
    public let executor: any NeonSQL.QueryExecutor

    public init(_ executor: any NeonSQL.QueryExecutor) {
        self.executor = executor
    }

    public var observe: Observe { Observe(executor: executor) }

    public struct Observe: Swift.Sendable, NeonSQL.GeneratedQueries {
        public let executor: any NeonSQL.QueryExecutor
    }
}

public enum Statements {}

public struct QueryClient: Swift.Sendable, NeonSQL.GeneratedQueryClient {
    public var neonSQLState: NeonSQL.QueryClientState

    init(mode: NeonSQL.QueryClientState.Mode) {
        self.neonSQLState = NeonSQL.QueryClientState(mode: mode)
    }

    public static func live(_ executor: any NeonSQL.QueryExecutor) -> QueryClient {
        QueryClient(mode: .live(executor))
    }

    public static var testValue: QueryClient { QueryClient(mode: .unimplemented) }

    public static var previewValue: QueryClient { QueryClient(mode: .preview) }

    public var observe: Observe {
        get { Observe(neonSQLState: neonSQLState) }
        set { neonSQLState = newValue.neonSQLState }
    }

    public struct Observe: Swift.Sendable, NeonSQL.GeneratedQueryClient {
        public var neonSQLState: NeonSQL.QueryClientState
    }
}

extension Queries: _FetchJourneyDuasQueries {}
extension Queries.Observe: _FetchJourneyDuasQueriesObserve {}
extension Statements: _FetchJourneyDuasStatements {}
extension QueryClient: _FetchJourneyDuasQueryClient {}
extension QueryClient.Observe: _FetchJourneyDuasQueryClientObserve {}

extension Queries: _GetUserProfileQueries {}
extension Queries.Observe: _GetUserProfileQueriesObserve {}
extension Statements: _GetUserProfileStatements {}
extension QueryClient: _GetUserProfileQueryClient {}
extension QueryClient.Observe: _GetUserProfileQueryClientObserve {}

public enum TimeSlot: Swift.String, Swift.Sendable, Swift.Hashable, Swift.Codable, Swift.CaseIterable, NeonSQL.PostgresEnum {
    case morning
    case anytime
    case evening
}

// MARK: - fetch_journey_duas.swift (generated)

public protocol _FetchJourneyDuasQueries: NeonSQL.GeneratedQueries {}
public protocol _FetchJourneyDuasQueriesObserve: NeonSQL.GeneratedQueries {}
public protocol _FetchJourneyDuasStatements {}
public protocol _FetchJourneyDuasQueryClient: NeonSQL.GeneratedQueryClient {}
public protocol _FetchJourneyDuasQueryClientObserve: NeonSQL.GeneratedQueryClient {}
private enum _FetchJourneyDuasStatementFactories: _FetchJourneyDuasStatements {}

/// A row of ``Queries/fetchJourneyDuas(journeyId:)``.
public struct FetchJourneyDuasRow: Swift.Sendable, Swift.Hashable {
    public var duaId: Int
    public var timeSlot: TimeSlot
    public var titleEn: String
    public var categorySlug: String?

    public init(duaId: Int, timeSlot: TimeSlot, titleEn: String, categorySlug: String?) {
        self.duaId = duaId
        self.timeSlot = timeSlot
        self.titleEn = titleEn
        self.categorySlug = categorySlug
    }
}

extension FetchJourneyDuasRow: NeonSQL.DecodableRow {
    public static let columns: [NeonSQL.ResultColumn] = [
        NeonSQL.ResultColumn("dua_id", .int4),
        NeonSQL.ResultColumn("time_slot", .enumType("time_slot")),
        NeonSQL.ResultColumn("title_en", .text),
        NeonSQL.ResultColumn("category_slug", .text),
    ]

    public init(from row: inout NeonSQL.RowDecoder) throws {
        self.duaId = try row.decode(Int.self)
        self.timeSlot = try row.decode(TimeSlot.self)
        self.titleEn = try row.decode(String.self)
        self.categorySlug = try row.decode(String?.self)
    }
}

extension _FetchJourneyDuasStatements {
    /// Duas of one journey, in the order the journey lists them.
    public static func fetchJourneyDuas(journeyId: Int) -> NeonSQL.Statement<[FetchJourneyDuasRow]> {
        var bindings = NeonSQL.Bindings(capacity: 1)
        bindings.append(journeyId, as: .int4)
        return .many(name: "FetchJourneyDuas", sql: """
            SELECT jd.dua_id, jd.time_slot, d.title_en, c.slug AS category_slug FROM journey_duas jd JOIN duas d ON d.id = jd.dua_id LEFT JOIN categories c ON c.id = d.category_id WHERE jd.journey_id = $1 ORDER BY jd.sort_order
            """, bindings: bindings, readOnly: true)
    }
}

extension _FetchJourneyDuasQueries {
    /// Duas of one journey, in the order the journey lists them.
    public func fetchJourneyDuas(journeyId: Int) async throws -> [FetchJourneyDuasRow] {
        try await self.executor.execute(_FetchJourneyDuasStatementFactories.fetchJourneyDuas(journeyId: journeyId))
    }
}

extension _FetchJourneyDuasQueriesObserve {
    /// Duas of one journey, in the order the journey lists them.
    public func fetchJourneyDuas(journeyId: Int) -> NeonSQL.QueryObservation<[FetchJourneyDuasRow]> {
        self.executor.observe(_FetchJourneyDuasStatementFactories.fetchJourneyDuas(journeyId: journeyId))
    }
}


extension _FetchJourneyDuasQueryClient {
    /// Runs ``Queries/fetchJourneyDuas(journeyId:)``; set it to replace the query (tests, previews).
    public var fetchJourneyDuas: @Sendable (_ journeyId: Swift.Int) async throws -> [FetchJourneyDuasRow] {
        get { neonSQLState.query("fetchJourneyDuas", "FetchJourneyDuas", preview: .value([]), _FetchJourneyDuasStatementFactories.fetchJourneyDuas(journeyId:)) }
        set { neonSQLState.setQuery("fetchJourneyDuas", newValue) }
    }
}

extension _FetchJourneyDuasQueryClientObserve {
    /// Observes ``Queries/fetchJourneyDuas(journeyId:)``; set it to replace the observation.
    public var fetchJourneyDuas: @Sendable (_ journeyId: Swift.Int) -> NeonSQL.QueryObservation<[FetchJourneyDuasRow]> {
        get { neonSQLState.observation("fetchJourneyDuas", "FetchJourneyDuas", preview: .value([]), _FetchJourneyDuasStatementFactories.fetchJourneyDuas(journeyId:)) }
        set { neonSQLState.setObservation("fetchJourneyDuas", newValue) }
    }
}

// MARK: - get_user_profile.swift (generated, :one, :exec, :execrows, :many)

public protocol _GetUserProfileQueries: NeonSQL.GeneratedQueries {}
public protocol _GetUserProfileQueriesObserve: NeonSQL.GeneratedQueries {}
public protocol _GetUserProfileStatements {}
public protocol _GetUserProfileQueryClient: NeonSQL.GeneratedQueryClient {}
public protocol _GetUserProfileQueryClientObserve: NeonSQL.GeneratedQueryClient {}
private enum _GetUserProfileStatementFactories: _GetUserProfileStatements {}

private struct _GetUserProfileRunner: _GetUserProfileQueries {
    let executor: any NeonSQL.QueryExecutor
}

private struct _GetUserProfileClientState: _GetUserProfileQueryClient {
    var neonSQLState: NeonSQL.QueryClientState
}

public struct GetUserProfileRow: Swift.Sendable, Swift.Hashable {
    public var userId: UUID
    public var displayName: String?
    public var streak: Int
    public var totalXp: Int
    public var lastActiveDate: PostgresDate?
    public var createdAt: Date

    public init(userId: UUID, displayName: String?, streak: Int, totalXp: Int, lastActiveDate: PostgresDate?, createdAt: Date) {
        self.userId = userId
        self.displayName = displayName
        self.streak = streak
        self.totalXp = totalXp
        self.lastActiveDate = lastActiveDate
        self.createdAt = createdAt
    }
}

extension GetUserProfileRow: NeonSQL.DecodableRow {
    public static let columns: [NeonSQL.ResultColumn] = [
        NeonSQL.ResultColumn("user_id", .uuid),
        NeonSQL.ResultColumn("display_name", .text),
        NeonSQL.ResultColumn("streak", .int4),
        NeonSQL.ResultColumn("total_xp", .int8),
        NeonSQL.ResultColumn("last_active_date", .date),
        NeonSQL.ResultColumn("created_at", .timestamptz),
    ]

    public init(from row: inout NeonSQL.RowDecoder) throws {
        self.userId = try row.decode(UUID.self)
        self.displayName = try row.decode(String?.self)
        self.streak = try row.decode(Int.self)
        self.totalXp = try row.decode(Int.self)
        self.lastActiveDate = try row.decode(PostgresDate?.self)
        self.createdAt = try row.decode(Date.self)
    }
}

extension _GetUserProfileStatements {
    /// A user's profile.
    public static func getUserProfile(userId: UUID) -> NeonSQL.Statement<GetUserProfileRow?> {
        var bindings = NeonSQL.Bindings(capacity: 1)
        bindings.append(userId, as: .uuid)
        return .one(name: "GetUserProfile", sql: """
            SELECT user_id, display_name, streak, total_xp, last_active_date, created_at FROM user_profiles WHERE user_id = $1
            """, bindings: bindings, readOnly: true)
    }

    /// Mark a dua completed today.
    public static func markDuaCompleted(userId: UUID, duaId: Int) -> NeonSQL.Statement<Void> {
        var bindings = NeonSQL.Bindings(capacity: 2)
        bindings.append(userId, as: .uuid)
        bindings.append(duaId, as: .int4)
        return .exec(name: "MarkDuaCompleted", sql: """
            INSERT INTO user_activity (user_id, date, duas_completed, xp_earned) VALUES ($1, CURRENT_DATE, ARRAY[$2]::integer[], 0)
            """, bindings: bindings, readOnly: false)
    }

    /// Add XP; returns rows affected.
    public static func addXP(userId: UUID, xp: Int) -> NeonSQL.Statement<Int> {
        var bindings = NeonSQL.Bindings(capacity: 2)
        bindings.append(userId, as: .uuid)
        bindings.append(xp, as: .int4)
        return .execRows(name: "AddXP", sql: """
            UPDATE user_profiles SET total_xp = total_xp + $2 WHERE user_id = $1
            """, bindings: bindings, readOnly: false)
    }

    /// Activity with optional array elements and a nullable bound value.
    public static func recentActivity(userId: UUID, since: PostgresDate?, slots: [TimeSlot]) -> NeonSQL.Statement<[RecentActivityRow]> {
        var bindings = NeonSQL.Bindings(capacity: 3)
        bindings.append(userId, as: .uuid)
        bindings.append(since, as: .date)
        bindings.append(slots, as: .array(.enumType("time_slot")))
        return .many(name: "RecentActivity", sql: """
            SELECT date, duas_completed FROM user_activity WHERE user_id = $1 AND date >= COALESCE($2, CURRENT_DATE - 6) AND $3::time_slot[] IS NOT NULL
            """, bindings: bindings, readOnly: true)
    }
}

public struct RecentActivityRow: Swift.Sendable, Swift.Hashable {
    public var date: PostgresDate
    public var duasCompleted: [Int?]?
}

extension RecentActivityRow: NeonSQL.DecodableRow {
    public static let columns: [NeonSQL.ResultColumn] = [
        NeonSQL.ResultColumn("date", .date),
        NeonSQL.ResultColumn("duas_completed", .array(.int4)),
    ]

    public init(from row: inout NeonSQL.RowDecoder) throws {
        self.date = try row.decode(PostgresDate.self)
        self.duasCompleted = try row.decode([Int?]?.self)
    }
}

extension _GetUserProfileQueries {
    /// A user's profile.
    public func getUserProfile(userId: UUID) async throws -> GetUserProfileRow? {
        try await self.executor.execute(Statements.getUserProfile(userId: userId))
    }

    /// Mark a dua completed today.
    public func markDuaCompleted(userId: UUID, duaId: Int) async throws {
        try await self.executor.execute(Statements.markDuaCompleted(userId: userId, duaId: duaId))
    }

    /// Add XP; returns rows affected.
    public func addXP(userId: UUID, xp: Int) async throws -> Int {
        try await self.executor.execute(Statements.addXP(userId: userId, xp: xp))
    }
}


extension _GetUserProfileQueryClient {
    /// Runs ``Queries/getUserProfile(userId:)``; set it to replace the query (tests, previews).
    public var getUserProfile: @Sendable (_ userId: Foundation.UUID) async throws -> GetUserProfileRow? {
        get { neonSQLState.query("getUserProfile", "GetUserProfile", preview: .value(nil), _GetUserProfileStatementFactories.getUserProfile(userId:)) }
        set { neonSQLState.setQuery("getUserProfile", newValue) }
    }

    /// Runs ``Queries/markDuaCompleted(userId:duaId:)``; set it to replace the query (tests, previews).
    public var markDuaCompleted: @Sendable (_ userId: Foundation.UUID, _ duaId: Swift.Int) async throws -> Swift.Void {
        get { neonSQLState.query("markDuaCompleted", "MarkDuaCompleted", preview: .value(()), _GetUserProfileStatementFactories.markDuaCompleted(userId:duaId:)) }
        set { neonSQLState.setQuery("markDuaCompleted", newValue) }
    }
}

// MARK: - Tests

@Suite("Generated code shape")
struct GeneratedShapeTests {
    let userId = UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E") ?? UUID()

    @Test func manyDecodesRowsAndSendsTheContractRequest() async throws {
        let body = resultBody(
            fields: [("dua_id", 23), ("time_slot", 16_385), ("title_en", 25), ("category_slug", 25)],
            rows: [["1", "morning", "Morning remembrance", "adhkar"], ["7", "evening", "Evening \"dua\"", nil]])
        let transport = TransportDouble(body: body)
        let queries = Queries(try makeClient(transport))

        let rows = try await queries.fetchJourneyDuas(journeyId: 42)

        #expect(rows == [
            FetchJourneyDuasRow(duaId: 1, timeSlot: .morning, titleEn: "Morning remembrance", categorySlug: "adhkar"),
            FetchJourneyDuasRow(duaId: 7, timeSlot: .evening, titleEn: "Evening \"dua\"", categorySlug: nil),
        ])
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://api.us-east-2.aws.neon.tech/sql")
        #expect(request.value(forHeader: "Neon-Raw-Text-Output") == "true")
        #expect(request.value(forHeader: "Neon-Array-Mode") == "true")
        #expect(request.value(forHeader: "Neon-Connection-String") == testConnectionString)
        let json = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect((json["params"] as? [String]) == ["42"])
        #expect((json["query"] as? String)?.hasSuffix("WHERE jd.journey_id = $1 ORDER BY jd.sort_order") == true)
    }

    @Test func oneReturnsFirstRowOrNil() async throws {
        let body = resultBody(
            fields: [("user_id", 2950), ("display_name", 25), ("streak", 23), ("total_xp", 20), ("last_active_date", 1082), ("created_at", 1184)],
            rows: [
                ["0f8fad5b-d9cb-469f-a165-70867728950e", nil, "3", "9007199254740993", "2024-03-01", "2024-03-01 10:20:30.123456+02"],
                ["0f8fad5b-d9cb-469f-a165-70867728950e", "second", "0", "0", nil, "2024-03-01 10:20:30+00"],
            ])
        let queries = Queries(try makeClient(TransportDouble(body: body)))
        let profile = try #require(try await queries.getUserProfile(userId: userId))
        #expect(profile.userId == userId)
        #expect(profile.displayName == nil)
        #expect(profile.totalXp == 9_007_199_254_740_993)
        #expect(profile.lastActiveDate == PostgresDate(year: 2024, month: 3, day: 1))
        #expect(abs(profile.createdAt.timeIntervalSince1970 - 1_709_281_230.123456) < 0.000001)

        let empty = resultBody(fields: [("user_id", 2950), ("display_name", 25), ("streak", 23), ("total_xp", 20), ("last_active_date", 1082), ("created_at", 1184)], rows: [])
        let none = try await Queries(try makeClient(TransportDouble(body: empty))).getUserProfile(userId: userId)
        #expect(none == nil)
    }

    @Test func execAndExecRows() async throws {
        let insert = #"{"fields":[],"rows":[],"command":"INSERT","rowCount":1,"rowAsArray":true}"#
        let update = #"{"fields":[],"rows":[],"command":"UPDATE","rowCount":3,"rowAsArray":true}"#
        let queries = Queries(try makeClient(TransportDouble(responses: [(200, insert), (200, update)])))
        try await queries.markDuaCompleted(userId: userId, duaId: 5)
        #expect(try await queries.addXP(userId: userId, xp: 10) == 3)
    }

    @Test func statementsCarryReadOnlyAndEncodedBindings() throws {
        let statement = Statements.recentActivity(userId: userId, since: nil, slots: [.morning, .evening])
        #expect(statement.isReadOnly)
        #expect(statement.bindings.values == ["0f8fad5b-d9cb-469f-a165-70867728950e", nil, #"{"morning","evening"}"#])
        #expect(!Statements.markDuaCompleted(userId: userId, duaId: 1).isReadOnly)
    }

    @Test func nullableArrayElements() throws {
        let body = resultBody(fields: [("date", 1082), ("duas_completed", 1007)], rows: [["2024-01-02", "{1,NULL,3}"], ["2024-01-03", nil]])
        let rows = try Statements.recentActivity(userId: userId, since: nil, slots: []).decodeResponse(Data(body.utf8))
        #expect(rows.map(\.duasCompleted) == [[1, nil, 3], nil])
    }

    @Test func batchOfGeneratedStatementsIsOneRequest() async throws {
        let body = #"""
            {"results":[{"fields":[],"rows":[],"command":"INSERT","rowCount":1,"rowAsArray":true},
            {"fields":[],"rows":[],"command":"UPDATE","rowCount":1,"rowAsArray":true},
            {"fields":[{"name":"dua_id","dataTypeID":23},{"name":"time_slot","dataTypeID":16385},{"name":"title_en","dataTypeID":25},{"name":"category_slug","dataTypeID":25}],
             "rows":[["3","anytime","Dua","x"]],"command":"SELECT","rowCount":1,"rowAsArray":true}]}
            """#
        let transport = TransportDouble(body: body)
        let client = try makeClient(transport)
        let (_, updated, duas) = try await client.batch(
            Statements.markDuaCompleted(userId: userId, duaId: 3),
            Statements.addXP(userId: userId, xp: 10),
            Statements.fetchJourneyDuas(journeyId: 1))
        #expect(updated == 1)
        #expect(duas.first?.timeSlot == .anytime)
        #expect(transport.count == 1)
    }

    @Test func unknownEnumLabelNamesColumnRowAndText() async throws {
        let body = resultBody(fields: [("dua_id", 23), ("time_slot", 16_385), ("title_en", 25), ("category_slug", 25)], rows: [["1", "night", "t", nil]])
        let queries = Queries(try makeClient(TransportDouble(body: body)))
        do {
            _ = try await queries.fetchJourneyDuas(journeyId: 1)
            Issue.record("expected a decoding error")
        } catch let NeonError.decoding(failure) {
            #expect(failure.column == "time_slot")
            #expect(failure.row == 0)
            #expect(failure.text == "night")
            #expect(failure.reason.contains("morning, anytime, evening"))
        }
    }

    @Test func statementsCarryTheirQueryNameAndKind() {
        let fetch = Statements.fetchJourneyDuas(journeyId: 1)
        #expect(fetch.name == "FetchJourneyDuas")
        #expect(fetch.kind == .many)
        #expect(Statements.getUserProfile(userId: userId).kind == .one)
        #expect(Statements.markDuaCompleted(userId: userId, duaId: 1).kind == .exec)
        #expect(Statements.addXP(userId: userId, xp: 1).kind == .execRows)
    }

    @Test func testValueRunsOverridesAndThrowsUnimplementedForTheRest() async throws {
        var client = QueryClient.testValue
        client.fetchJourneyDuas = { journeyId in
            [FetchJourneyDuasRow(duaId: journeyId * 10, timeSlot: .evening, titleEn: "Overridden", categorySlug: nil)]
        }
        let rows = try await client.fetchJourneyDuas(4)
        #expect(rows.map(\.duaId) == [40])
        #expect(rows.first?.titleEn == "Overridden")
        do {
            try await client.markDuaCompleted(userId, 2)
            Issue.record("expected the unimplemented error")
        } catch let error as UnimplementedQueryError {
            #expect(error.queryName == "MarkDuaCompleted")
            #expect("\(error)" == "unimplemented: MarkDuaCompleted")
        }
    }

    @Test func liveClientRunsTheQueriesThroughTheExecutor() async throws {
        let body = resultBody(fields: [("dua_id", 23), ("time_slot", 16_385), ("title_en", 25), ("category_slug", 25)], rows: [["5", "morning", "t", nil]])
        let transport = TransportDouble(body: body)
        let client = QueryClient.live(try makeClient(transport))
        let rows = try await client.fetchJourneyDuas(9)
        #expect(rows.map(\.duaId) == [5])
        #expect(transport.count == 1)
    }

    @Test func previewReturnsTheRowsSetAndEmptyResultsElse() async throws {
        let row = FetchJourneyDuasRow(duaId: 1, timeSlot: .morning, titleEn: "Preview", categorySlug: "c")
        var client = QueryClient.previewValue
        client.fetchJourneyDuas = { _ in [row] }
        #expect(try await client.fetchJourneyDuas(123) == [row])
        #expect(try await client.getUserProfile(userId) == nil)
        try await client.markDuaCompleted(userId, 1)
    }

    @Test func observingATestClientYieldsItsClosureOnceUnlessSet() async throws {
        let row = FetchJourneyDuasRow(duaId: 2, timeSlot: .anytime, titleEn: "Observed", categorySlug: nil)
        var client = QueryClient.testValue
        client.fetchJourneyDuas = { _ in [row] }
        var results: [[FetchJourneyDuasRow]] = []
        for try await rows in client.observe.fetchJourneyDuas(1) { results.append(rows) }
        #expect(results == [[row]])
        client.observe.fetchJourneyDuas = { _ in .once { [] } }
        results = []
        for try await rows in client.observe.fetchJourneyDuas(1) { results.append(rows) }
        #expect(results == [[]])
    }
}
