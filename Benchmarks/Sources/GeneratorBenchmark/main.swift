import Foundation
import NeonSQLGenerator

// Generator speed: the whole pipeline (parse, catalog, analyze, render) for 1,000 queries over a
// 100-table schema, in one process, as the build plugin runs it. Budget: under one second on a
// 2-core machine. Run in release: `cd Benchmarks && swift run -c release GeneratorBenchmark`.
//
// `--iterations N` sets the runs (default 7); `--median-only` prints just the two medians in ms
// (`generate<TAB>describe`), for Benchmarks/compare-generators.sh, which alternates this binary
// with one built from another commit on the same input. `--write-output DIR` also writes the
// generated Swift files and the describe JSON to DIR (then `diff -r` shows whether two
// generators' output on the synthetic project is byte-identical).

let tableCount = 100
let queryCount = 1_000
let arguments = CommandLine.arguments
let iterations = max(1, arguments.firstIndex(of: "--iterations").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 7)
let medianOnly = arguments.contains("--median-only")
let budget = Duration.seconds(1)

let project = SyntheticProject(tableCount: tableCount, queryCount: queryCount)
let inputBytes = (project.schema + project.queries).reduce(0) { $0 + $1.contents.utf8.count }

// One run to check the project is valid (a benchmark of error paths would measure nothing useful).
let check = CodeGenerator.generate(schema: project.schema, queries: project.queries)
guard !check.hasErrors else {
    print(check.diagnostics.prefix(20).joined(separator: "\n"))
    print("error: the synthetic project has diagnostics; fix SyntheticProject")
    exit(1)
}
let outputBytes = check.files.reduce(check.shared.utf8.count) { $0 + $1.source.utf8.count }
if let index = arguments.firstIndex(of: "--write-output"), index + 1 < arguments.count {
    let directory = URL(fileURLWithPath: arguments[index + 1], isDirectory: true)
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in check.files {
            let name = file.inputPath.replacingOccurrences(of: "/", with: "_") + ".swift"
            try Data(file.source.utf8).write(to: directory.appendingPathComponent(name))
        }
        try Data(check.shared.utf8).write(to: directory.appendingPathComponent("Shared.swift"))
        let described = CodeGenerator.describe(schema: project.schema, queries: project.queries)
        try Data(described.json.utf8).write(to: directory.appendingPathComponent("describe.json"))
    } catch {
        print("error: cannot write the output to \(directory.path): \(error)")
        exit(1)
    }
}

let clock = ContinuousClock()
var times: [Duration] = []
var describeTimes: [Duration] = []
for _ in 0..<iterations {
    times.append(clock.measure { _ = CodeGenerator.generate(schema: project.schema, queries: project.queries) })
    describeTimes.append(clock.measure { _ = CodeGenerator.describe(schema: project.schema, queries: project.queries) })
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
let sorted = times.sorted()
let median = sorted[sorted.count / 2]
let describeMedian = describeTimes.sorted()[describeTimes.count / 2]
if medianOnly {
    print(String(format: "%.1f\t%.1f", milliseconds(median), milliseconds(describeMedian)))
    exit(0)
}

print("neon-sql-gen generate: \(queryCount) queries in \(project.queries.count) files over \(tableCount) tables")
print(String(format: "  input %.0f KB SQL, output %.0f KB Swift", Double(inputBytes) / 1024, Double(outputBytes) / 1024))
print(String(format: "  generate (parse + catalog + analyze + render): median %.1f ms, best %.1f ms, worst %.1f ms over %d runs",
             milliseconds(median), milliseconds(sorted[0]), milliseconds(sorted[sorted.count - 1]), iterations))
print(String(format: "  describe (parse + catalog + analyze + JSON):   median %.1f ms", milliseconds(describeMedian)))
print(String(format: "  %.0f queries/s; %.1f%% of the 1 s budget (%@)",
             Double(queryCount) / (milliseconds(median) / 1000), milliseconds(median) / milliseconds(budget) * 100,
             median < budget ? "within budget" : "OVER BUDGET"))
