import Foundation
import Testing

/// Every type of the project stays small enough to hold in one's head: no type in `Sources/` or
/// `LocalNeon/Sources/` grows past ``TypeSizeTests/maximumLines`` lines, counting its declaration
/// and every `extension` of it in any file (a nested type's declaration counts toward its outer
/// type too; an `extension Outer.Inner` counts toward `Outer.Inner`). A type that does not fit is
/// split by responsibility (docs/architecture.md). Files generated from PostgreSQL (their first
/// line starts with `// GENERATED`) are data, not code, and are not counted.
@Suite("Architecture: type sizes")
struct TypeSizeTests {
    static let maximumLines = 600

    static let repositoryRoot = StageBoundaryTests.generatorSources
        .deletingLastPathComponent().deletingLastPathComponent()

    static let sourceFolders = ["Sources", "LocalNeon/Sources"]

    /// Lines of each top-level type declaration and extension in `text`, by the type's name
    /// (dotted for an extension of a nested type): from the declaration's line to its closing
    /// brace at the start of a line.
    static func linesByType(_ text: String) -> [String: Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let declaration = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:private|fileprivate|public|package|internal|final|indirect|nonisolated|open)\s+)*(?:struct|enum|class|protocol|actor|extension)\s+([\w.]+)/
        var counts: [String: Int] = [:]
        var index = 0
        while index < lines.count {
            guard let match = lines[index].prefixMatch(of: declaration) else {
                index += 1
                continue
            }
            var end = index
            if !lines[index].hasSuffix("{}") {
                while end < lines.count && lines[end] != "}" { end += 1 }
            }
            counts[String(match.1), default: 0] += end - index + 1
            index = end + 1
        }
        return counts
    }

    /// Lines by type over every Swift file under the source folders, and how many files were read.
    static func totals() throws -> (lines: [String: Int], filesRead: Int) {
        var totals: [String: Int] = [:]
        var filesRead = 0
        for folder in sourceFolders {
            let url = repositoryRoot.appendingPathComponent(folder)
            let enumerator = try #require(FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil))
            for case let file as URL in enumerator where file.pathExtension == "swift" && !file.path.contains("/.build") {
                let text = try String(contentsOf: file, encoding: .utf8)
                if text.hasPrefix("// GENERATED") { continue }
                filesRead += 1
                for (name, count) in linesByType(text) {
                    totals[name, default: 0] += count
                }
            }
        }
        return (totals, filesRead)
    }

    @Test func noTypeIsLargerThanTheLimit() throws {
        let (totals, filesRead) = try Self.totals()
        #expect(filesRead > 300, "the source folders were not found under \(Self.repositoryRoot.path)")
        #expect(totals["NeonClient"] != nil && totals["TokenCursor"] != nil && totals["CatalogBuilder"] != nil)
        let tooLarge = totals.filter { $0.value > Self.maximumLines }.map { "\($0.key): \($0.value) lines" }.sorted()
        #expect(tooLarge == [])
    }

    @Test func theCountIncludesEveryExtensionAndAttributes() {
        let text = """
            @MainActor public final class A {
                var x = 1
            }

            extension A {
                func f() {}
            }
            extension B: Equatable {}
            package extension C.Inner {
                func g() {}
            }
            """
        #expect(Self.linesByType(text) == ["A": 6, "B": 1, "C.Inner": 3])
    }
}
