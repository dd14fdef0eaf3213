import Foundation
import Testing

/// The analyzer stays in small parts (docs/architecture.md, "Analyze"): no type of `Analyze/`
/// grows past ``AnalyzerPartSizeTests/maximumLines`` lines, counting its declaration and every
/// `extension` of it in any file of the folder. A construct that does not fit its part becomes
/// a part of its own, with the state it reads and changes named in its protocol.
@Suite("Architecture: analyzer part sizes")
struct AnalyzerPartSizeTests {
    static let maximumLines = 600

    static let analyzeFolder = StageBoundaryTests.generatorSources.appendingPathComponent("Analyze")

    /// Lines of each top-level type declaration and extension in `text`, by the type's name: from
    /// the declaration's line to its closing brace at the start of a line.
    static func linesByType(_ text: String) -> [String: Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let declaration = /^(?:(?:private|fileprivate|public|internal|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|extension)\s+(\w+)/
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

    @Test func noAnalyzerTypeIsLargerThanTheLimit() throws {
        let enumerator = try #require(FileManager.default.enumerator(at: Self.analyzeFolder, includingPropertiesForKeys: nil))
        var totals: [String: Int] = [:]
        var filesRead = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            filesRead += 1
            for (name, count) in Self.linesByType(try String(contentsOf: url, encoding: .utf8)) {
                totals[name, default: 0] += count
            }
        }
        #expect(filesRead > 40, "Analyze/ was not found under \(Self.analyzeFolder.path)")
        #expect(totals["StatementAnalyzer"] != nil)
        let tooLarge = totals.filter { $0.value > Self.maximumLines }.map { "\($0.key): \($0.value) lines" }.sorted()
        #expect(tooLarge == [])
    }

    @Test func theCountIncludesEveryExtension() {
        let text = "struct A {\n    var x = 1\n}\n\nextension A {\n    func f() {}\n}\nextension B: Equatable {}\n"
        #expect(Self.linesByType(text) == ["A": 6, "B": 1])
    }
}
