import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// The pipeline parses, analyzes and renders query files on several threads (ParallelWork):
/// its output must not depend on how many, or on scheduling.
@Suite("Parallel pipeline", .offCooperativePool)
struct ParallelPipelineTests {
    @Test func everyCorpusOutputIsTheSameOnOneThreadAndOnSeveral() throws {
        for schema in CorpusTests.schemas {
            let schemaFiles = try CorpusTests.sqlFiles(schema, "schema").map { SQLSourceInput(path: $0.path, contents: $0.text) }
            let queryFiles = try CorpusTests.sqlFiles(schema, "queries").map { SQLSourceInput(path: $0.path, contents: $0.text) }
            #expect(queryFiles.count > 1, "\(schema): too few files to share out")
            let outputs = [1, 2, 3, 7].map { workers in
                ParallelWork.$workerCountOverride.withValue(workers) {
                    let generated = CodeGenerator.generate(schema: schemaFiles, queries: queryFiles)
                    let described = CodeGenerator.describe(schema: schemaFiles, queries: queryFiles)
                    return [generated.shared] + generated.files.map { $0.inputPath + "\n" + $0.source }
                        + generated.diagnostics + [described.json]
                }
            }
            for (index, output) in outputs.enumerated().dropFirst() {
                #expect(output == outputs[0], "\(schema): output with worker setting #\(index) differs from one thread")
            }
        }
    }

    @Test func mapKeepsTheOrderOfItsInput() {
        let items = Array(0..<1_000)
        for workers in [1, 2, 5, 2_000] {
            let squares = ParallelWork.$workerCountOverride.withValue(workers) { ParallelWork.map(items) { $0 * $0 } }
            #expect(squares == items.map { $0 * $0 })
        }
        #expect(ParallelWork.map([Int]()) { $0 }.isEmpty)
    }

    @Test func eachWorkerKeepsItsOwnState() {
        let (results, states) = ParallelWork.$workerCountOverride.withValue(3) {
            ParallelWork.run(Array(0..<10), makeWorkerState: { [Int]() }) { seen, item in
                seen.append(item)
                return item + 1
            }
        }
        #expect(results == Array(1...10))
        #expect(states.count == 3)
        #expect(states.flatMap { $0 }.sorted() == Array(0..<10))
    }
}
