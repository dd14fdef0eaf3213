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
