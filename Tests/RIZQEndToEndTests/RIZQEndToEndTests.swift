import Foundation
import NeonSQL
import RIZQQueries
import Testing

/// Every RIZQ query through the generated client (`QueryClient.live`), the runtime and
/// neon-local, on real PostgreSQL with the seed data of `Scripts/seed/rizq.sql`.
@Suite("RIZQ end to end", .enabled(if: LocalStack.shouldRun))
struct RIZQEndToEndTests {
    let client: NeonClient
    let queries: QueryClient

    init() throws {
        client = try LocalStack.client()
        queries = .live(client)
    }

    // MARK: Content

    @Test func journeysComeFeaturedFirstInTheirOrder() async throws {
        let journeys = try await queries.fetchJourneys()
        #expect(journeys.count >= 14)
        let featured = journeys.prefix { $0.isFeatured }
        #expect(!featured.isEmpty)
        #expect(journeys.dropFirst(featured.count).allSatisfy { !$0.isFeatured })
        #expect(featured.map(\.sortOrder) == featured.map(\.sortOrder).sorted())
        let onlyFeatured = try await queries.fetchFeaturedJourneys()
        #expect(onlyFeatured.map(\.id) == featured.map(\.id))
        #expect(Set(journeys.map(\.id)).count == journeys.count)
    }

    @Test func journeyBySlugFindsExactlyThatJourney() async throws {
        let journeys = try await queries.fetchJourneys()
        let sample = try #require(journeys.last)
        let found = try await queries.fetchJourneyBySlug(sample.slug)
        #expect(found?.id == sample.id)
        #expect(found?.name == sample.name)
        #expect(found?.emoji == sample.emoji)
        #expect(found?.createdAt == sample.createdAt)
        // A slug is a bound parameter, never SQL: a quote is just a character.
        #expect(try await queries.fetchJourneyBySlug("x' OR '1'='1") == nil)
    }

    @Test func journeyDuasInTheJourneysOrderWithArabicText() async throws {
        let journeys = try await queries.fetchJourneys()
        var slots: Set<TimeSlot> = []
        for journey in journeys {
            let duas = try await queries.fetchJourneyDuas(journey.id)
            #expect(duas.map(\.sortOrder) == duas.map(\.sortOrder).sorted())
            slots.formUnion(duas.map(\.timeSlot))
            for dua in duas {
                #expect(dua.arabicText.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) })
                #expect(dua.repetitions > 0)
            }
        }
        #expect(slots == Set(TimeSlot.allCases))
    }

    @Test func severalJourneysInOneRequestEqualOneRequestEach() async throws {
        let ids = try await queries.fetchJourneys().prefix(3).map(\.id)
        let together = try await queries.fetchDuasForJourneys(ids)
        var separately: Set<String> = []
        for id in ids {
            for dua in try await queries.fetchJourneyDuas(id) {
                separately.insert("\(id)/\(dua.duaId)/\(dua.timeSlot.rawValue)")
            }
        }
        #expect(Set(together.map { "\($0.journeyId)/\($0.duaId)/\($0.timeSlot.rawValue)" }) == separately)
        #expect(together.count == separately.count)
        // Ordered by time slot (the enum's declaration order), as the Adkhar screen groups them.
        let order = together.map { TimeSlot.allCases.firstIndex(of: $0.timeSlot) ?? 0 }
        #expect(order == order.sorted())
        #expect(try await queries.fetchDuasForJourneys([]).isEmpty)
    }

    @Test func duasCarryTheirCategoryAndCollection() async throws {
        let duas = try await queries.fetchDuas()
        let categories = try await queries.fetchCategories()
        let collections = try await queries.fetchCollections()
        #expect(duas.count >= 10)
        #expect(duas.map(\.id) == duas.map(\.id).sorted())
        #expect(categories.map(\.id) == categories.map(\.id).sorted())
        #expect(collections.map(\.id) == collections.map(\.id).sorted())
        let categorySlugs = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.slug) })
        let collectionNames = Dictionary(uniqueKeysWithValues: collections.map { ($0.id, $0.name) })
        for dua in duas {
            #expect(dua.categorySlug == dua.categoryId.flatMap { categorySlugs[$0] })
            #expect(dua.collectionName == dua.collectionId.flatMap { collectionNames[$0] })
        }
        let first = try #require(duas.first)
        let one = try await queries.fetchDua(first.id)
        #expect(one?.titleEn == first.titleEn)
        #expect(one?.arabicText == first.arabicText)
        #expect(one?.createdAt == first.createdAt)
        #expect(try await queries.fetchDua(-1) == nil)
    }

    @Test func duasByCategorySlug() async throws {
        let categories = try await queries.fetchCategories()
        let all = try await queries.fetchDuas()
        var total = 0
        for category in categories {
            let duas = try await queries.fetchDuasByCategory(category.slug)
            #expect(duas.allSatisfy { $0.categoryId == category.id && $0.categorySlug == category.slug })
            #expect(duas.count == all.filter { $0.categoryId == category.id }.count)
            total += duas.count
        }
        #expect(total > 0)
    }

    @Test func searchWithOptionalFiltersEqualsTheSameFiltersWrittenByHand() async throws {
        let all = try await queries.fetchDuas()
        let categories = try await queries.fetchCategories()
        let thresholds: [Int?] = [nil] + Array(Set(all.map(\.xpValue))).sorted().map { Optional($0) }
        var checked = 0
        for text in ["", "a", "the"] {
            for slug in [nil] + categories.map(\.slug) {
                for minimum in thresholds {
                    let found = try await queries.searchDuas(text, slug, minimum, .id)
                    let expected = all.filter { dua in
                        dua.titleEn.range(of: text, options: .caseInsensitive) != nil || text.isEmpty
                    }.filter { dua in
                        slug.map { dua.categorySlug == $0 } ?? true
                    }.filter { dua in
                        minimum.map { dua.xpValue >= $0 } ?? true
                    }
                    #expect(found.map(\.id) == expected.map(\.id), "text \(text), category \(slug ?? "any"), min XP \(minimum.map(String.init) ?? "any")")
                    checked += 1
                }
            }
        }
        #expect(checked >= 6)
        // Leaving a filter out is not filtering by NULL: no filter finds every dua.
        #expect(try await queries.searchDuas("", nil, nil, .id).count == all.count)
        // The order chosen per call, each as written by hand.
        let byXP = try await queries.searchDuas("", nil, nil, .xpValueDesc)
        #expect(byXP.map(\.id) == all.sorted { ($0.xpValue, -$0.id) > ($1.xpValue, -$1.id) }.map(\.id))
        let byTitle = try await queries.searchDuas("", nil, nil, .titleEnId)
        // Text order is the database's collation: the same rows, and the ORDER BY id of the default differs.
        #expect(Set(byTitle.map(\.id)) == Set(all.map(\.id)) && byTitle.count == all.count)
        #expect(try await queries.searchDuas("", nil, nil, .id).map(\.id) == all.map(\.id))
    }

    // MARK: User writes

    @Test func profileDisplayNameAndXP() async throws {
        let user = try await Fixtures.newUser(client, name: "Tester")
        let profile = try #require(try await queries.fetchUserProfile(user))
        #expect(profile.displayName == "Tester")
        #expect(profile.level == 1 && profile.totalXp == 0 && profile.streak == 0 && profile.lastActiveDate == nil)

        let renamed = try await queries.updateDisplayName("عائشة", user)
        #expect(renamed?.displayName == "عائشة")
        // nil keeps the current name (COALESCE), it does not erase it.
        let kept = try await queries.updateDisplayName(nil, user)
        #expect(kept?.displayName == "عائشة")
        #expect(try await queries.updateDisplayName("x", UUID()) == nil)

        let first = try #require(try await queries.addXp(10, user))
        #expect(first.totalXp == 10 && first.streak == 1 && first.level == 1)
        #expect(first.lastActiveDate == PostgresDate(Date()))
        // 50·2² + 50·2 = 300 XP reach level 2; the same day keeps the streak.
        let second = try #require(try await queries.addXp(295, user))
        #expect(second.totalXp == 305 && second.level == 2 && second.streak == 1)
    }

    @Test func patchSetsKeepsAndClears() async throws {
        let user = try await Fixtures.newUser(client, name: "Before")
        let before = try #require(try await queries.fetchUserProfile(user))
        // Nothing set: the row is returned unchanged but updated_at (not patched) moves.
        let untouched = try #require(try await queries.patchProfile(user, .keep, .keep))
        #expect(untouched.displayName == "Before" && untouched.lastActiveDate == before.lastActiveDate)
        #expect(untouched.updatedAt >= before.updatedAt)
        // One field set, the other kept.
        let day = PostgresDate(year: 2026, month: 3, day: 1)
        let dated = try #require(try await queries.patchProfile(user, .keep, .set(day)))
        #expect(dated.displayName == "Before" && dated.lastActiveDate == day)
        // .set(nil) writes NULL, which COALESCE(@x, col) cannot; .keep leaves the date.
        let cleared = try #require(try await queries.patchProfile(user, .set(nil), .keep))
        #expect(cleared.displayName == nil && cleared.lastActiveDate == day)
        let renamed = try #require(try await queries.patchProfile(user, .set("After"), .set(nil)))
        #expect(renamed.displayName == "After" && renamed.lastActiveDate == nil)
        #expect(try await queries.fetchUserProfile(user)?.displayName == "After")
        // No such user: no row, whatever is set.
        #expect(try await queries.patchProfile(UUID(), .set("x"), .keep) == nil)
    }

    @Test func completingADuaIsRecordedOncePerDay() async throws {
        let user = try await Fixtures.newUser(client)
        #expect(try await queries.markDuaCompleted(user, 1, 10) == 1)
        #expect(try await queries.markDuaCompleted(user, 1, 10) == 0)
        #expect(try await queries.markDuaCompleted(user, 2, 15) == 1)
        let week = try await queries.fetchWeekActivity(user)
        #expect(week.count == 1)
        #expect(week.first?.date == PostgresDate(Date()))
        #expect(week.first?.duasCompleted == [1, 2])
        #expect(week.first?.xpEarned == 25)
    }

    // MARK: Batches

    @Test func habitCompletionIsOneAtomicBatch() async throws {
        let user = try await Fixtures.newUser(client)
        let (recorded, profile) = try await client.batch(
            Statements.markDuaCompleted(userId: user, duaId: 3, xpEarned: 20),
            Statements.addXp(amount: 20, userId: user))
        #expect(recorded == 1)
        #expect(profile?.totalXp == 20)
    }

    @Test func aFailingStatementLeavesNothingWritten() async throws {
        let user = try await Fixtures.newUser(client, name: "Before")
        do {
            // The second statement violates user_activity's foreign key: the rename is rolled back.
            _ = try await client.batch(
                Statements.updateDisplayName(displayName: "After", userId: user),
                Statements.markDuaCompleted(userId: UUID(), duaId: 1, xpEarned: 5))
            Issue.record("the batch should have failed")
        } catch let error as NeonError {
            #expect(error.isForeignKeyViolation)
            #expect(error.databaseError?.constraint == "user_activity_user_id_fkey")
        }
        let profile = try await queries.fetchUserProfile(user)
        #expect(profile?.displayName == "Before")
    }

    @Test func readOnlyBatchRejectsAWrite() async throws {
        let user = try await Fixtures.newUser(client)
        do {
            _ = try await client.batch(Statements.fetchUserProfile(userId: user), Statements.addXp(amount: 5, userId: user),
                                       options: BatchOptions(readOnly: true))
            Issue.record("a write in a read-only batch should fail")
        } catch let error as NeonError {
            #expect(error.sqlState == "25006")
        }
        #expect(try await queries.fetchUserProfile(user)?.totalXp == 0)
    }

    @Test func isolationAndReadOnlyOptionsTakeEffect() async throws {
        let (isolation, readOnly, journeys) = try await client.batch(
            Fixtures.setting("transaction_isolation"), Fixtures.setting("transaction_read_only"), Statements.fetchJourneys(),
            options: BatchOptions(isolationLevel: .serializable, readOnly: true, deferrable: true))
        #expect(isolation?.value == "serializable")
        #expect(readOnly?.value == "on")
        #expect(journeys.count >= 14)
        let (defaultIsolation, defaultReadOnly) = try await client.batch(
            Fixtures.setting("transaction_isolation"), Fixtures.setting("transaction_read_only"))
        #expect(defaultIsolation?.value == "read committed")
        #expect(defaultReadOnly?.value == "off")
    }

    @Test func integerParametersAreRangeCheckedBeforeSending() async throws {
        // duas.id is `integer`: a value beyond Int32 fails in the client, not on the server.
        await #expect(throws: NeonError.self) {
            _ = try await queries.fetchDua(Int(Int32.max) + 1)
        }
    }
}
