import Foundation
import NeonSQL
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import Testing

/// The SQL a call of a templated query (`-- @optional`, `-- @patch`, `-- @sort`) sends is the SQL
/// the generator checked. For every such query of the corpus, the differential data and the
/// golden cases, each call `check` prepares (``QueryTemplateVariants/checkedCalls(_:)``) is assembled
/// by the runtime's `NeonSQL.SQLTemplate`, built from the parts generated code holds, and must
/// equal what `check` prepares for it (`AnalyzedQuery.sql` and `variants`): the SQL and the
/// parameter each `$k` binds.
@Suite("Template assembly: the runtime sends what the generator checks")
struct TemplateAgreementTests {
    /// A schema and the queries analyzed against it.
    struct DataSet {
        let name: String
        let schema: [SQLSourceInput]
        let queries: [SQLSourceInput]
    }

    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Every data set of the generator's tests whose queries use a template directive.
    static func dataSets() throws -> [DataSet] {
        var sets: [DataSet] = []
        for schema in CorpusTests.schemas {
            let directory = CorpusTests.dataDirectory.appendingPathComponent(schema)
            sets.append(DataSet(name: "corpus \(schema)", schema: try GoldenTests.sqlInputs(in: directory, folder: "schema"),
                                queries: try GoldenTests.sqlInputs(in: directory, folder: "queries")))
        }
        for name in GoldenTests.cases {
            let directory = GoldenTests.goldenDirectory.appendingPathComponent(name)
            sets.append(DataSet(name: "golden \(name)", schema: try GoldenTests.sqlInputs(in: directory, folder: "schema"),
                                queries: try GoldenTests.sqlInputs(in: directory, folder: "queries")))
        }
        let optional = testsDirectory.appendingPathComponent("Differential/Data/optional_filters")
        sets.append(DataSet(
            name: "differential optional_filters",
            schema: [SQLSourceInput(path: "schema.sql", contents: try String(contentsOf: optional.appendingPathComponent("schema.sql"), encoding: .utf8))],
            queries: [SQLSourceInput(path: "queries.sql", contents: try String(contentsOf: optional.appendingPathComponent("queries.sql"), encoding: .utf8))]))
        return sets.filter { set in
            set.queries.contains { ["@optional", "@patch", "@sort"].contains(where: $0.contents.contains) }
        }
    }

    @Test func everyCheckedCallSendsTheCheckedSQL() throws {
        var calls = 0
        var templated = 0
        var mismatches: [String] = []
        for set in try Self.dataSets() {
            let analysis = CodeGenerator.analyzeQueries(schema: set.schema, queries: set.queries)
            let model = Pipeline.translate(Pipeline.analyze(schemaFiles: set.schema.map(SourceFile.init(input:)),
                                                            queryFiles: set.queries.map(SourceFile.init(input:))))
            #expect(analysis.queries.count == model.queries.count, "\(set.name)")
            for (named, analyzed) in zip(model.queries, analysis.queries) {
                guard let template = named.query.template else { continue }
                templated += 1
                let label = "\(set.name) \(analyzed.annotationName)"
                let runtime = NeonSQL.SQLTemplate(template.parts, switchCount: template.switchParameters.count)
                let names = Dictionary(analyzed.parameters.map { ($0.index, $0.name) }, uniquingKeysWith: { first, _ in first })
                var checked = analyzed.variants[...]
                for call in QueryTemplateVariants.checkedCalls(template) {
                    calls += 1
                    let sent = runtime.variant(call.switches, choices: call.choices)
                    if runtime.variant(call.switches, choices: call.choices) != sent {
                        mismatches.append("\(label) \(call): the cached variant differs")
                    }
                    let isDescribed = call.switches.allSatisfy { $0 } && call.choices.allSatisfy { $0 == 0 }
                    if isDescribed {
                        // `check` prepares the query as written; the runtime numbers what it sends
                        // densely, which is the same text when the parameters come in order.
                        let inWrittenOrder = sent.parameters == Array(1..<(sent.parameters.count + 1))
                        let written = inWrittenOrder ? sent.sql : QueryTemplateVariants.sqlWithEverySwitchOn(template)
                        if written != analyzed.sql { mismatches.append("\(label): sends \(written), check prepares \(analyzed.sql)") }
                        continue
                    }
                    guard let variant = checked.popFirst() else {
                        mismatches.append("\(label) \(call): check prepares no variant for it")
                        continue
                    }
                    if variant.sql != sent.sql { mismatches.append("\(label) \(call): sends \(sent.sql), check prepares \(variant.sql)") }
                    let sentNames = sent.parameters.map { names[$0] ?? "$\($0)" }
                    if variant.parameters.map(\.name) != sentNames {
                        mismatches.append("\(label) \(call): binds \(sentNames), check binds \(variant.parameters.map(\.name))")
                    }
                }
                if !checked.isEmpty { mismatches.append("\(label): check prepares \(checked.count) variants no call sends") }
            }
        }
        print("template agreement: \(calls) calls of \(templated) templated queries, \(mismatches.count) disagreements")
        #expect(templated == 16)
        #expect(calls == 77)
        #expect(mismatches == [])
    }
}
