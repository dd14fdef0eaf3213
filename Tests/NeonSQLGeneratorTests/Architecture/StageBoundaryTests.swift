import Foundation
import Testing

/// The pipeline's stage boundaries (Pipeline.swift): parse, catalog, analyze and the query
/// description know SQL only; every Swift name and type is chosen in `Translate/` and printed in
/// `Render/`. The query description (Sources/NeonSQLQueryDescription/) and translation with
/// rendering (Sources/NeonSQLSwiftGeneration/) are their own targets, which see no stage before
/// them, so the compiler keeps the catalog and the analyzer out of both; these tests check what
/// the compiler cannot, the folders that share the `NeonSQLGenerator` module (which imports the
/// Swift side to run it): they read its sources and fail when code (not a comment) of a stage
/// uses a symbol of a later one.
@Suite("Architecture: stage boundaries")
struct StageBoundaryTests {
    static let generatorSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/NeonSQLGenerator")
    /// Translate and render, their own target.
    static let swiftGenerationSources = generatorSources.deletingLastPathComponent().appendingPathComponent("NeonSQLSwiftGeneration")

    /// Folders whose code must not mention the Swift side.
    static let sqlOnlyStages = ["Source", "Parse", "Catalog", "Analyze", "Lock"]

    /// Types and members that carry Swift names or types.
    static let swiftSymbols = [
        "SwiftIdentifiers", "SwiftTranslator", "SwiftTypeMapping", "TypeOverrides", "GeneratedTypeNames", "NamedModel", "NamedQuery",
        "NamedValue", "NamedEnum", "NamedEmbed", "QuerySignature", "swiftType", "codeType", "SwiftRenderer", "DescribeJSON",
        "SwiftTypeUsage", "SwiftTypeName", "typeUsage", "runtimeType",
    ]

    /// The code lines of a file: comment lines and trailing `//` comments left out.
    static func codeLines(_ text: String) -> [(number: Int, text: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") { return nil }
            let code = line.range(of: " //").map { String(line[..<$0.lowerBound]) } ?? String(line)
            return (index + 1, code)
        }
    }

    @Test func sqlStagesMentionNoSwiftNameOrType() throws {
        var violations: [String] = []
        var filesRead = 0
        for stage in Self.sqlOnlyStages {
            let folder = Self.generatorSources.appendingPathComponent(stage)
            let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                filesRead += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                for line in Self.codeLines(text) {
                    for symbol in Self.swiftSymbols where line.text.range(of: "\\b\(symbol)\\b", options: .regularExpression) != nil {
                        violations.append("\(stage)/\(url.lastPathComponent):\(line.number): \(symbol)")
                    }
                }
            }
        }
        #expect(filesRead > 50, "the stage folders were not found under \(Self.generatorSources.path)")
        #expect(violations == [])
    }

    /// The analyzer's types, which the catalog stage must not use: it declares what it needs from
    /// analysis (Catalog/DefinitionAnalysis.swift) and the pipeline passes the analyzer in.
    static let analyzerSymbols = [
        "StatementAnalyzer", "TypeRules", "CallResolver", "TypedValue", "QueryFileAnalyzer", "PolymorphicResolver",
        "ViewQueryAnalyzer", "ParameterTable", "UpdatableViews", "RelationReferenceCollector", "SQLTextReferenceScanner",
        "TableEffectsResolver",
    ]

    /// The analysis result's types (the query description), which the stages before analysis must not use.
    static let irSymbols = ["QueryDescription", "GenerationModel", "ColumnDescription", "ParameterDescription"]

    /// Each stage uses only the stages before it: the catalog declares what it needs from
    /// analysis (Catalog/DefinitionAnalysis.swift) and the pipeline passes the analyzer in; parse
    /// and source know neither analysis nor its result. (Translation and rendering cannot name
    /// the analyzer or the catalog at all: their target does not see them.)
    static let forbiddenByStage: [(stage: String, symbols: [String])] = [
        ("Source", analyzerSymbols + irSymbols),
        ("Parse", analyzerSymbols + irSymbols),
        ("Catalog", analyzerSymbols + irSymbols),
    ]

    @Test func eachStageUsesOnlyTheStagesBeforeIt() throws {
        var violations: [String] = []
        var filesRead = 0
        for (stage, symbols) in Self.forbiddenByStage {
            let folder = Self.generatorSources.appendingPathComponent(stage)
            let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                filesRead += 1
                for line in Self.codeLines(try String(contentsOf: url, encoding: .utf8)) {
                    for symbol in symbols where line.text.range(of: "\\b\(symbol)\\b", options: .regularExpression) != nil {
                        violations.append("\(stage)/\(url.lastPathComponent):\(line.number): \(symbol)")
                    }
                }
            }
        }
        #expect(filesRead > 50)
        #expect(violations == [])
    }

    /// What only the translate stage does: map a PostgreSQL type to a Swift type or a runtime
    /// `PostgresType` expression, build a query's signature, or read a type back from its spelling.
    /// Renderers print what ``NamedValue`` and ``QuerySignature`` hold (issue 29, "Render only prints").
    static let typeChoices = [
        "SwiftTypeMapping\\.swiftType", "scalarSwiftType", "runtimeTypeExpression", "uncheckedTypeExpression", "QuerySignature\\(",
        "ResultShape\\(", "SwiftTypeUsage\\(", "hasSuffix\\(\"\\?\"\\)", "hasPrefix\\(\"PostgresRange",
    ]

    @Test func renderersChooseNoTypes() throws {
        var violations: [String] = []
        let folder = Self.swiftGenerationSources.appendingPathComponent("Render")
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var filesRead = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            filesRead += 1
            for line in Self.codeLines(try String(contentsOf: url, encoding: .utf8)) {
                for pattern in Self.typeChoices where line.text.range(of: pattern, options: .regularExpression) != nil {
                    violations.append("Render/\(url.lastPathComponent):\(line.number): \(pattern)")
                }
            }
        }
        #expect(filesRead > 5)
        #expect(violations == [])
    }

    @Test func theCheckFindsASwiftSymbolInCode() {
        let lines = Self.codeLines("// SwiftIdentifiers in a comment\nlet x = SwiftIdentifiers.lowerCamelCase(y) // SwiftTranslator\n")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.text.contains("SwiftIdentifiers.lowerCamelCase") && !$0.text.contains("SwiftTranslator") })
    }

    /// Every file or folder `docs/architecture.md` names in backticks exists (relative to the
    /// repository, the generator's, its Swift side's, the runtime's or neon-local's sources), so the map cannot rot unnoticed.
    /// Patterns (`Parser+<Construct>.swift`, `docs/*.md`) and the endpoint `/sql` are not paths.
    @Test func theArchitectureMapNamesRealFiles() throws {
        let root = Self.generatorSources.deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let names = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { $0.contains("/") && !$0.contains(" ") && !$0.contains("<") && !$0.contains("*") && $0 != "/sql" }
        let bases = [root, Self.generatorSources, Self.swiftGenerationSources, root.appendingPathComponent("Sources/NeonSQL"),
                     root.appendingPathComponent("LocalNeon/Sources/LocalNeonServer")]
        let missing = names.filter { name in
            !bases.contains { FileManager.default.fileExists(atPath: $0.appendingPathComponent(name).path) }
        }
        #expect(names.count > 40)
        #expect(missing == [])
    }

    /// The other direction: every source folder (each module's folder, and each folder inside
    /// the generator, the runtime, the CLI and neon-local) is named in `docs/architecture.md` as
    /// `` `Folder/` `` (relative to its module) or with its full path, so a new folder cannot
    /// stay off the map.
    @Test func everySourceFolderIsOnTheArchitectureMap() throws {
        let root = Self.generatorSources.deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let named = Set(text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) })
        let fileManager = FileManager.default
        func folders(in directory: URL) -> [String] {
            guard let enumerator = fileManager.enumerator(at: directory, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
            return enumerator.compactMap { item in
                guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true else { return nil }
                return String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1))
            }
        }
        var unnamed: [String] = []
        for modules in ["Sources", "LocalNeon/Sources"] {
            for module in folders(in: root.appendingPathComponent(modules)) where !module.contains("/") {
                let path = "\(modules)/\(module)/"
                if !named.contains(path) { unnamed.append(path) }
                for folder in folders(in: root.appendingPathComponent(path)) {
                    if !named.contains(folder + "/") && !named.contains(path + folder + "/") { unnamed.append(path + folder + "/") }
                }
            }
        }
        #expect(unnamed == [])
    }

    /// The generator's unit tests are laid out by stage: a test folder per stage folder that
    /// holds logic, and every test folder named on the map.
    @Test func generatorTestsAreLaidOutByStage() throws {
        let root = Self.generatorSources.deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let testRoot = root.appendingPathComponent("Tests/NeonSQLGeneratorTests")
        let testFolders = Set(try FileManager.default.contentsOfDirectory(atPath: testRoot.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: testRoot.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        })
        let stages = ["Parse", "Catalog", "Analyze", "Lock", "Translate", "Render"]
        #expect(stages.filter { !testFolders.contains($0) } == [], "a stage without a test folder")
        // `Shared/` is the symlinked plugin sources (named with the plugin on the map).
        let unnamed = testFolders.subtracting(["Shared"]).filter { !text.contains("`Tests/NeonSQLGeneratorTests/\($0)/`") }.sorted()
        #expect(unnamed == [], "test folders missing from docs/architecture.md")
    }
}
