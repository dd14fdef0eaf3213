import Foundation
import Testing

/// Each analyzer part owns its state (docs/architecture.md, "The analyzer's parts"): the stored
/// properties a part's protocol requires (`var name: Type { get set }` in `protocol Part ... { }`)
/// are named only in that part's files (`Part.swift`, `Part+*.swift`). Another part reaches them
/// through the owner's functions, so what each part reads and changes stays visible in its
/// protocol. Files of the part folders that belong to no part (`OperandContext.swift`) name no
/// part's state, and no two parts require the same one. The state every part shares is
/// `StatementAnalysisContext`'s, outside the folders.
@Suite("Architecture: analyzer parts own their state")
struct AnalyzerPartStateTests {
    /// The folders of `Analyze/` that hold the parts.
    static let partFolders = ["Expressions", "Calls", "Scope", "Statements"]

    /// The stored property requirements of each protocol declared in `text`, by the protocol's
    /// name: every `var name` between `protocol Name ... {` and its closing brace at the start of
    /// a line.
    static func stateRequirements(_ text: String) -> [String: [String]] {
        let declaration = /^protocol\s+(\w+)/
        let requirement = /^\s+var\s+(\w+)\s*:/
        var requirements: [String: [String]] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.prefixMatch(of: declaration) {
                current = String(match.1)
                requirements[String(match.1), default: []] += []
                if line.hasSuffix("{}") { current = nil }
            } else if line == "}" {
                current = nil
            } else if let current, let match = line.prefixMatch(of: requirement) {
                requirements[current, default: []].append(String(match.1))
            }
        }
        return requirements
    }

    /// The part a file belongs to: the name before `+` or `.swift` when it is one of `parts`.
    static func part(ofFile name: String, among parts: Set<String>) -> String? {
        let stem = name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
        let owner = stem.split(separator: "+", maxSplits: 1).first.map(String.init) ?? stem
        return parts.contains(owner) ? owner : nil
    }

    /// The names of `names` that `text` uses as a member of the analyzer: bare (`name`, not
    /// `value.name`) or through `self.`; comments are left out.
    static func usedNames(_ names: Set<String>, in text: String) -> Set<String> {
        var used: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            for match in code.matches(of: /(self\.)?(\.)?(\w+)/) where match.2 == nil || match.1 != nil {
                let name = String(match.3)
                if names.contains(name) { used.insert(name) }
            }
        }
        return used
    }

    @Test func noPartNamesTheStateOfAnother() throws {
        var texts: [(file: String, text: String)] = []
        for folder in Self.partFolders {
            let url = StageBoundaryTests.generatorSources.appendingPathComponent("Analyze").appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".swift") {
                texts.append(("\(folder)/\(name)", try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        var state: [String: [String]] = [:]
        for (_, text) in texts { state.merge(Self.stateRequirements(text)) { $0 + $1 } }
        #expect(texts.count > 20, "the part folders were not found under \(StageBoundaryTests.generatorSources.appendingPathComponent("Analyze").path)")
        #expect(Set(state.keys).isSuperset(of: ["ExpressionTyping", "CallTyping", "NameResolving", "FromClauseAnalyzing",
                                                "SelectAnalyzing", "ModificationAnalyzing"]))
        #expect(state["CallTyping"]?.isEmpty == false, "no stored property requirement was read")

        // One owner for each stored value.
        let owners = Dictionary(grouping: state.flatMap { part, names in names.map { ($0, part) } }, by: \.0)
        #expect(owners.filter { $0.value.count > 1 }.keys.sorted() == [], "a stored property is required by more than one part")

        let parts = Set(state.keys)
        var violations: [String] = []
        for (file, text) in texts {
            let owner = Self.part(ofFile: String(file.split(separator: "/").last ?? ""), among: parts)
            for (part, names) in state where part != owner {
                for name in Self.usedNames(Set(names), in: text).sorted() {
                    violations.append("\(file) names \(part).\(name)")
                }
            }
        }
        #expect(violations.sorted() == [])
    }

    @Test func theRuleReadsRequirementsAndMembers() {
        let text = "protocol P: Q {\n    var owned: Int { get set }\n    func f()\n}\nprotocol R {}\nextension P {\n    var computed: Int { 1 }\n}\n"
        #expect(Self.stateRequirements(text) == ["P": ["owned"], "R": []])
        let uses = "// owned in a comment\nlet a = value.owned\nowned += 1\nlet b = self.other\n"
        #expect(Self.usedNames(["owned", "other", "missing"], in: uses) == ["owned", "other"])
        #expect(Self.usedNames(["owned"], in: "x = value.owned") == [])
        #expect(Self.part(ofFile: "P+Kinds.swift", among: ["P"]) == "P")
        #expect(Self.part(ofFile: "Helper.swift", among: ["P"]) == nil)
    }
}
