import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// The RIZQ queries in `queries/`, with the nullability each should have, reasoned by hand
/// from the schema in `queries/schema/`.
@Suite("RIZQ queries")
struct RIZQQueryTests {
    static let model: NamedModel = {
        let root = PostgresDifferentialTests.repositoryRoot.appendingPathComponent("queries")
        let schema = (try? PostgresDifferentialTests.sqlFiles(in: root.appendingPathComponent("schema"))) ?? []
        let queries = (try? PostgresDifferentialTests.sqlFiles(in: root)) ?? []
        return SwiftTranslator.name(Pipeline.analyze(schemaFiles: schema, queryFiles: queries))
    }()

    static func query(_ name: String) -> NamedQuery? {
        model.files.flatMap(\.queries).first { $0.name == name }
    }

    static func columns(_ name: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (query(name)?.columns ?? []).map { ($0.name, $0.swiftType) })
    }

    @Test func everyQueryAnalyzesCleanly() {
        // No errors and no warnings (its `SELECT *`s are sent as column lists); the notes explain
        // outer-join nullability.
        #expect(Self.model.diagnostics.filter { $0.severity != .note }.map(\.formatted) == [])
        #expect(Self.model.files.flatMap(\.queries).count == 21)
    }

    @Test func journeyDuasJoinDuasAndOptionalCategory() {
        let columns = Self.columns("fetchJourneyDuas")
        // journey_duas JOIN duas: both sides keep NOT NULL; LEFT JOIN categories: slug optional.
        #expect(columns["duaId"] == "Int")
        #expect(columns["timeSlot"] == "TimeSlot")
        #expect(columns["titleEn"] == "String")
        #expect(columns["transliteration"] == "String?")
        #expect(columns["categorySlug"] == "String?")
        #expect(Self.query("fetchJourneyDuas")?.parameters.map(\.swiftType) == ["Int"])
        // journey_duas has a composite key, so no single column identifies a row.
        #expect(Self.query("fetchJourneyDuas")?.uniqueColumns == [])
    }

    @Test func duasWithCategoryAndCollection() {
        let columns = Self.columns("fetchDuas")
        #expect(columns["id"] == "Int")
        #expect(columns["categoryId"] == "Int?")
        #expect(columns["categoryName"] == "String?")
        #expect(columns["collectionSlug"] == "String?")
        #expect(columns["createdAt"] == "Date")
        #expect(Self.query("fetchDuas")?.uniqueColumns == ["id"])
        // An inner JOIN on categories makes the slug non-optional.
        #expect(Self.columns("fetchDuasByCategory")["categorySlug"] == "String")
    }

    @Test func userWrites() {
        let update = Self.query("updateDisplayName")
        #expect(update?.kind == .one)
        #expect(update?.parameters.map { "\($0.name): \($0.swiftType)" } == ["displayName: String?", "userId: UUID"])
        #expect(update?.isReadOnly == false)
        let addXP = Self.query("addXp")
        #expect(addXP?.parameters.map { "\($0.name): \($0.swiftType)" } == ["amount: Int", "userId: UUID"])
        #expect(Self.columns("addXp")["lastActiveDate"] == "PostgresDate?")
        #expect(Self.columns("addXp")["level"] == "Int")
        let mark = Self.query("markDuaCompleted")
        #expect(mark?.kind == .execrows)
        #expect(mark?.parameters.map { "\($0.name): \($0.swiftType)" } == ["userId: UUID", "duaId: Int", "xpEarned: Int"])
    }

    @Test func severalJourneysInOneRoundTrip() {
        let query = Self.query("fetchDuasForJourneys")
        #expect(query?.parameters.map { "\($0.name): \($0.swiftType)" } == ["journeyIds: [Int]"])
        #expect(query?.sql.contains("ANY($1)") == true)
        #expect(query?.isReadOnly == true)
    }
}
