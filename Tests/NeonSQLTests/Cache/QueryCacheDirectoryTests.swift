import Foundation
import NeonSQL
import NeonSQLTestSupport
import Testing

@Suite("QueryCache directory store")
struct QueryCacheDirectoryTests {
    @Test func entriesSurviveANewProcessAndInvalidationsReachIt() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        let first = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        _ = try await first.execute(readStatement("duas"))
        _ = try await first.execute(readStatement("journeys"))

        // A new cache on the same directory: nothing in memory.
        let second = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        let loaded = try await second.executeCached(readStatement("duas"))
        #expect(loaded.value == [IDRow(id: 1)] && !loaded.isFromNetwork && !loaded.isStale)
        #expect(server.totalRequests == 2)

        // A write in the first "process" makes the entry stale for a third one.
        _ = try await first.execute(writeStatement(["public.duas"]))
        let third = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        #expect(try await third.execute(readStatement("duas")) == [IDRow(id: 2)])
        #expect(try await third.execute(readStatement("journeys")) == [IDRow(id: 1)])
    }

    @Test func filesAreOwnerOnlyAndHoldNoSecret() async throws {
        let parent = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("cache")
        let server = CacheServer()
        let token = unsignedJWT(sub: "alice-sub")
        let client = try makeCachingClient(server, cache: QueryCache(directory: directory), authentication: .bearerToken { token })
        _ = try await client.execute(readStatement("duas"))
        _ = try await client.execute(writeStatement(["public.duas"]))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count == 3, "one entry and two markers: \(names)")
        let directoryPermissions = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        #expect(directoryPermissions == 0o700)
        for name in names {
            let path = directory.appendingPathComponent(name).path
            let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(permissions == 0o600, "\(name)")
            let contents = try Data(contentsOf: URL(fileURLWithPath: path))
            for secret in [token, "alice-sub", testPassword] {
                #expect(!name.contains(secret) && contents.range(of: Data(secret.utf8)) == nil)
            }
        }
    }

    @Test func damagedFilesAreDroppedAndFetchedAgain() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        let writer = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        let count = 40
        for parameter in 0..<count { _ = try await writer.execute(readStatement("duas", parameter)) }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".nsqc") }.sorted()
        #expect(files.count == count)

        let originals = try files.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        var random = SeededRandom(seed: 27)
        var expected: [QueryCache.DropReason] = []
        for (index, name) in files.enumerated() {
            let url = directory.appendingPathComponent(name)
            var data = originals[index]
            switch index % 5 {
            case 0:   // truncated
                data = data.prefix(Int.random(in: 0..<data.count, using: &random))
                expected.append(.truncated)
            case 1:   // one byte changed after the header
                let position = Int.random(in: 8..<data.count, using: &random)
                data[data.startIndex + position] ^= UInt8.random(in: 1...255, using: &random)
                expected.append(.corrupt)
            case 2:   // random bytes
                data = Data((0..<Int.random(in: 0..<600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
                expected.append(.corrupt)
            case 3:   // another format version
                data[data.startIndex + 5] &+= 1
                expected.append(.otherFormatVersion)
            default:  // another file's content under this name (a collision)
                data = originals[(index + 1) % files.count]
                expected.append(.keyMismatch)
            }
            try data.write(to: url)
        }

        let events = EventLog()
        let reader = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1", observer: events.record))
        let before = server.totalRequests
        for parameter in 0..<count {
            let answer = try await reader.executeCached(readStatement("duas", parameter))
            #expect(answer.isFromNetwork, "parameter \(parameter)")
        }
        #expect(server.totalRequests == before + count)
        let dropped = events.events.compactMap { event -> QueryCache.DropReason? in
            if case .dropped(let reason) = event { return reason }
            return nil
        }
        #expect(dropped.count == count)
        // A truncated file may end inside the header; count reasons loosely where truncation can look corrupt.
        #expect(dropped.filter { $0 == .keyMismatch }.count == expected.filter { $0 == .keyMismatch }.count)
        #expect(dropped.filter { $0 == .otherFormatVersion }.count == expected.filter { $0 == .otherFormatVersion }.count)
        // The files were replaced by good ones.
        let again = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        for parameter in 0..<count { _ = try await again.execute(readStatement("duas", parameter)) }
        #expect(server.totalRequests == before + count)
    }

    @Test func anotherSchemaVersionIsDropped() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        _ = try await makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1")).execute(readStatement("duas"))
        let events = EventLog()
        let newer = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "2", observer: events.record))
        #expect(try await newer.execute(readStatement("duas")) == [IDRow(id: 2)])
        #expect(events.events.contains(.dropped(.otherSchemaVersion)))
    }

    @Test func memoryKeepsTheMostRecentlyUsedWithinItsByteLimit() async throws {
        let server = CacheServer()
        let events = EventLog()
        let cache = QueryCache(memoryLimit: 1_300, observer: events.record)
        let client = try makeCachingClient(server, cache: cache)
        _ = try await client.execute(readStatement("a"))
        _ = try await client.execute(readStatement("b"))
        _ = try await client.execute(readStatement("a"))          // a is now the most recent
        #expect(events.events.filter { if case .evicted = $0 { true } else { false } }.isEmpty)
        _ = try await client.execute(readStatement("c"))          // b goes
        #expect(events.events.contains(.evicted(query: "Read_b")))
        #expect(try await client.execute(readStatement("a")) == [IDRow(id: 1)])
        #expect(try await client.execute(readStatement("b")) == [IDRow(id: 2)])
    }
    @Test func theDirectoryIsTrimmedToItsLimitLeastRecentlyUsedFirst() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        let writer = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        for table in ["a", "b", "c", "d", "e", "f"] {
            _ = try await writer.execute(readStatement(table))
            try await Task.sleep(for: .milliseconds(20))      // distinct modification times
        }
        let sizes = try entryFileSizes(directory)
        #expect(sizes.count == 6 && Set(sizes.values).count == 1)
        let size = try #require(sizes.values.first)
        // An interrupted writer's temporary files: an old one goes, a recent one stays.
        let oldTemporary = directory.appendingPathComponent(".tmp-old")
        let newTemporary = directory.appendingPathComponent(".tmp-new")
        try Data("x".utf8).write(to: oldTemporary)
        try Data("x".utf8).write(to: newTemporary)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: oldTemporary.path)

        // A second process with room for three and a half entries: loading "a" makes it the most
        // recently used, and its first write trims the oldest until three entries remain.
        let events = EventLog()
        let reader = try makeCachingClient(
            server, cache: QueryCache(directory: directory, diskLimit: size * 7 / 2, schemaVersion: "1", observer: events.record))
        #expect(try await reader.execute(readStatement("a")) == [IDRow(id: 1)])
        #expect(server.totalRequests == 6)
        _ = try await reader.execute(readStatement("g"))
        #expect(events.events.contains(.trimmed(files: 4, bytes: 4 * size)))
        #expect(try entryFileSizes(directory).values.reduce(0, +) == 3 * size)
        #expect(!FileManager.default.fileExists(atPath: oldTemporary.path))
        #expect(FileManager.default.fileExists(atPath: newTemporary.path))

        // What remains answers from disk; what was trimmed goes to the network.
        let third = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        for table in ["a", "f", "g"] { #expect(try await third.executeCached(readStatement(table)).isFromNetwork == false) }
        for table in ["b", "c", "d", "e"] { #expect(try await third.executeCached(readStatement(table)).isFromNetwork) }
    }

    @Test func aDirectoryUnderItsLimitIsNotTrimmed() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        let events = EventLog()
        let client = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1", observer: events.record))
        for table in ["a", "b", "c"] { _ = try await client.execute(readStatement(table)) }
        #expect(try entryFileSizes(directory).count == 3)
        #expect(!events.events.contains { if case .trimmed = $0 { true } else { false } })
    }

    /// The sizes of the entry files in `directory`, by name.
    private func entryFileSizes(_ directory: URL) throws -> [String: Int] {
        var sizes: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".nsqc") {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
            sizes[name] = (attributes[.size] as? NSNumber)?.intValue ?? 0
        }
        return sizes
    }
}

/// What cannot be read back from the directory makes entries stale or missing, never fresh; what
/// is ours and unusable is cleaned, and nothing else.
@Suite("QueryCache directory store: damage")
struct QueryCacheDirectoryDamageTests {
    private func markerFiles(_ directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("invalidated-") }
            .map { directory.appendingPathComponent($0) }
    }

    @Test func markersOverwrittenWithRandomBytesMakeEntriesStaleInALaterProcess() async throws {
        var random = SeededRandom(seed: 39)
        for round in 0..<8 {
            let directory = try temporaryCacheDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let server = CacheServer()
            let first = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
            _ = try await first.execute(readStatement("duas"))
            _ = try await first.execute(readStatement("journeys"))
            _ = try await first.execute(writeStatement(["public.duas"]))
            let markers = try markerFiles(directory)
            #expect(markers.count == 2, "public.duas and 'any table'")
            for marker in markers {
                let length = round == 0 ? 0 : Int.random(in: 1..<64, using: &random)
                try Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: marker)
            }

            let events = EventLog()
            let later = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1", observer: events.record))
            let duas = try await later.executeCached(readStatement("duas").cachePolicy(.cacheOnly))
            #expect(duas.isStale, "round \(round): the entry the write made stale was served fresh")
            #expect(events.events.contains(.dropped(.corrupt)))
            // A fetch after the damage was found is fresh again, in this process and the next.
            #expect(try await later.executeCached(readStatement("duas")).isFromNetwork)
            let next = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
            let again = try await next.executeCached(readStatement("duas"))
            #expect(!again.isFromNetwork && !again.isStale)
        }
    }

    @Test func aMarkerThatIsADirectoryMakesEntriesStale() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        let first = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        _ = try await first.execute(readStatement("duas"))
        _ = try await first.execute(writeStatement(["public.duas"]))
        // Each marker replaced by a directory holding a file (nothing can be written there).
        for marker in try markerFiles(directory) {
            try FileManager.default.removeItem(at: marker)
            try FileManager.default.createDirectory(at: marker, withIntermediateDirectories: false)
            try Data("x".utf8).write(to: marker.appendingPathComponent("keep"))
        }
        for _ in 0..<2 {
            let later = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
            #expect(try await later.executeCached(readStatement("duas").cachePolicy(.cacheOnly)).isStale)
            _ = try await later.execute(readStatement("duas").cachePolicy(.networkOnly))
        }
    }

    @Test func aWriteWhoseMarkerCannotBeWrittenStillReachesOtherProcesses() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        let app = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        _ = try await app.execute(readStatement("duas"))
        _ = try await app.execute(writeStatement(["public.journeys"]))   // creates the markers of journeys and "any"
        let before = Set(try markerFiles(directory).map(\.lastPathComponent))
        _ = try await app.execute(writeStatement(["public.duas"]))
        let duasMarker = try #require(Set(try markerFiles(directory).map(\.lastPathComponent)).subtracting(before).first)
        // Another run: the same write, with a non-empty directory in the way of its marker.
        let path = directory.appendingPathComponent(duasMarker)
        try FileManager.default.removeItem(at: path)
        let widget = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        _ = try await widget.execute(readStatement("duas").cachePolicy(.networkOnly))    // fresh entry: id 2
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: path.appendingPathComponent("keep"))
        _ = try await widget.execute(writeStatement(["public.duas"]))
        let later = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        let found = try? await later.executeCached(readStatement("duas").cachePolicy(.cacheOnly))
        #expect(found == nil || found?.isStale == true)
    }

    @Test func aDirectoryAtAnEntrysFileNameIsReplacedWhenEmptyAndReportedOtherwise() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        _ = try await makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1")).execute(readStatement("duas"))
        let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasSuffix(".nsqc") })
        let path = directory.appendingPathComponent(entry)

        // An empty directory at the name: removed, and the entry stored.
        try FileManager.default.removeItem(at: path)
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        let events = EventLog()
        let cache = QueryCache(directory: directory, schemaVersion: "1", observer: events.record)
        _ = try await makeCachingClient(server, cache: cache).execute(readStatement("duas"))
        var isDirectory: ObjCBool = true
        #expect(FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) && !isDirectory.boolValue)
        #expect(!events.events.contains(.notWritten(query: "Read_duas")))

        // One with a file in it is left alone, and the entry not being stored is reported.
        try FileManager.default.removeItem(at: path)
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        try Data("user".utf8).write(to: path.appendingPathComponent("keep"))
        let reporting = EventLog()
        _ = try await makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1", observer: reporting.record))
            .execute(readStatement("duas"))
        #expect(reporting.events.contains(.notWritten(query: "Read_duas")))
        #expect(FileManager.default.fileExists(atPath: path.appendingPathComponent("keep").path))
    }

    @Test func trimmingCleansOurUnusableFilesAndNothingElse() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        let first = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        _ = try await first.execute(writeStatement(["public.duas"]))
        _ = try await first.execute(readStatement("duas"))      // fresh: fetched after the write
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let markers = kept.filter { $0.hasPrefix("invalidated-") }
        #expect(markers.count == 2)

        func put(_ name: String, _ bytes: String = "junk") throws { try Data(bytes.utf8).write(to: directory.appendingPathComponent(name)) }
        let junk = ["empty.nsqc", "0123456789abcdef-0123456789abcdef0123456789abcdef.nsqc", "invalidated-x", "invalidated-ABCDEF"]
        for name in junk { try put(name) }
        let emptyDirectory = "fedcba9876543210-fedcba9876543210fedcba9876543210.nsqc"
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(emptyDirectory), withIntermediateDirectories: false)
        let users = ["notes.txt", "photo.nsqc.bak", "invalidated", ".tmp"]
        for name in users { try put(name, "the user's") }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Documents"), withIntermediateDirectories: false)
        for marker in markers { try put(marker, "damaged marker bytes") }

        // A later process: its first write trims.
        let later = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        _ = try await later.execute(readStatement("journeys"))
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        for name in junk + [emptyDirectory] { #expect(!names.contains(name), "\(name) was not cleaned") }
        for name in users + ["Documents"] { #expect(names.contains(name), "\(name) is not ours") }
        for name in kept { #expect(names.contains(name), "\(name) was removed") }
        // The damaged markers were rewritten as invalidations (now): the entry fetched before is stale.
        for marker in markers {
            let marked = try Data(contentsOf: directory.appendingPathComponent(marker))
            #expect(marked.count == 20 && marked.prefix(4) == Data("NSQM".utf8))
        }
        let found = try await later.executeCached(readStatement("duas").cachePolicy(.cacheOnly))
        #expect(found.isStale)
    }

    @Test func unqualifiedAndCasedTableNamesResolveAsPostgreSQLReadsThem() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let cases: [(given: String, read: String, invalidates: Bool)] = [
            ("items", "public.items", true),
            ("Items", "public.items", true),
            ("  public . items ", "public.items", true),
            ("\"Items\"", "public.items", false),
            ("\"Items\"", "public.Items", true),
            ("public.Items", "public.Items", true),
            ("app.items", "public.items", false),
            ("app.items", "app.items", true),
            ("\"my.table\"", "public.my.table", true),
            ("\"a\"\"b\"", "public.a\"b", true),
            ("other", "public.items", false),
        ]
        for (index, test) in cases.enumerated() {
            let read = readStatement("t\(index)", tables: TableEffects(reads: [test.read]))
            _ = try await client.execute(read)
            cache.invalidate(tables: [test.given])
            let found = try await client.executeCached(read.cachePolicy(.cacheOnly))
            #expect(found.isStale == test.invalidates, "\(test.given) and \(test.read)")
        }
        // What is not a table name invalidates everything.
        for malformed in ["", "a.b.c", "\"open", "a..b", "x\"y\""] {
            let read = readStatement("m", tables: TableEffects(reads: ["public.unrelated"]))
            _ = try await client.execute(read.cachePolicy(.networkOnly))
            cache.invalidate(tables: [malformed])
            #expect(try await client.executeCached(read.cachePolicy(.cacheOnly)).isStale, "\(malformed)")
        }
    }
}
