import Testing
import NeonSQLGenerator
@testable import NeonSQLGeneratorCLI
@testable import neon_sql_gen

@Suite("neon-sql-gen arguments")
struct GeneratorCommandLineTests {
    private func parse(_ arguments: String...) throws(CommandLineError) -> GeneratorCommand {
        try GeneratorCommandLine.parse(arguments)
    }

    private func error(_ arguments: String...) -> CommandLineError? {
        do {
            _ = try GeneratorCommandLine.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func describeWithRepeatedSchemaAndQueries() throws {
        let command = try parse("describe", "--schema", "db/001.sql", "--schema=db/more", "queries", "extra.sql")
        #expect(command == .describe(DescribeOptions(schemaPaths: ["db/001.sql", "db/more"], queryPaths: ["queries", "extra.sql"])))
    }

    @Test func statementsTakesQueryPathsOnly() throws {
        #expect(try parse("statements", "queries", "extra.sql") == .statements(queryPaths: ["queries", "extra.sql"]))
        #expect(try parse("help", "statements") == .help(command: "statements"))
        #expect(error("statements") == CommandLineError("no query files or directories given", command: "statements"))
        #expect(error("statements", "--schema", "s", "q") == CommandLineError("unknown option '--schema' for 'statements'", command: "statements"))
        #expect(GeneratorCommandLine.usage(for: nil).contains("statements "))
    }

    @Test func generateWithAllOptions() throws {
        let command = try parse(
            "generate", "--schema", "s", "--output-dir", "out", "--shared-output", "out/NeonSQLSchema.swift",
            "--root", "/t", "/t/a.sql", "--", "--odd-name.sql"
        )
        #expect(command == .generate(GenerateOptions(
            schemaPaths: ["s"], queryPaths: ["/t/a.sql", "--odd-name.sql"], outputDirectory: "out",
            sharedOutput: "out/NeonSQLSchema.swift", root: "/t"
        )))
    }

    @Test func checkTakesAConfigFile() throws {
        let command = try GeneratorCommandLine.parse(
            ["check", "--config", "app/neon-sql.json", "queries"], environment: ["NEON_DATABASE_URL": "postgresql://u:p@h.example/db"])
        guard case .check(let options) = command else {
            Issue.record("expected check, got \(command)")
            return
        }
        #expect(options.configPath == "app/neon-sql.json" && options.schemaPaths.isEmpty && options.queryPaths == ["queries"])
        #expect(!options.description.contains("u:p@"))
        #expect(GeneratorCommandLine.usage(for: "check").contains("--config <file>"))
    }

    @Test func help() throws {
        #expect(try parse("--help") == .help(command: nil))
        #expect(try parse("help", "generate") == .help(command: "generate"))
        #expect(try parse("describe", "-h") == .help(command: "describe"))
        #expect(GeneratorCommandLine.usage(for: "generate").contains("--shared-output <file>"))
    }

    @Test func usageErrors() {
        #expect(error() == CommandLineError("missing command", command: nil))
        #expect(error("frobnicate") == CommandLineError("unknown command 'frobnicate'", command: nil))
        #expect(error("describe", "--bogus") == CommandLineError("unknown option '--bogus' for 'describe'", command: "describe"))
        #expect(error("describe", "--schema") == CommandLineError("option '--schema' needs a value", command: "describe"))
        #expect(error("describe", "--schema=") == CommandLineError("option '--schema' needs a non-empty value", command: "describe"))
        #expect(error("generate", "--shared-output", "x") == CommandLineError("missing required option '--output-dir'", command: "generate"))
        #expect(error("generate", "--output-dir", "a", "--output-dir", "b", "--shared-output", "x")
            == CommandLineError("option '--output-dir' given more than once", command: "generate"))
        #expect(error("describe", "--output-dir", "a") == CommandLineError("unknown option '--output-dir' for 'describe'", command: "describe"))
    }

    @Test func outputNamingRule() {
        #expect(OutputFileNaming.outputFileName(forRelativePath: "fetch_duas.sql") == "fetch_duas.swift")
        #expect(OutputFileNaming.outputFileName(forRelativePath: "journeys/by_slug.sql") == "journeys_by_slug.swift")
        #expect(OutputFileNaming.outputFileName(forRelativePath: "./a/b/C.SQL") == "a_b_C.swift")
        #expect(CodeGenerator.sharedFileName == "NeonSQLSchema.swift")
    }

    @Test func outputPlanNamesFilesByTheirPathUnderTheRootAndReportsCollisions() {
        let names = OutputFileNaming.outputFileNames(forQueryFiles: ["/t/queries/a.sql", "/elsewhere/b.sql"], root: "/t", reservedName: "NeonSQLSchema.swift")
        #expect(names == .success(["queries_a.swift", "b.swift"]))
        let twice = OutputFileNaming.outputFileNames(forQueryFiles: ["/t/a_b.sql", "/t/a/b.sql"], root: "/t", reservedName: nil)
        #expect(twice == .failure(OutputNameCollision(path: "/t/a/b.sql", otherPath: "/t/a_b.sql", name: "a_b.swift")))
        #expect((try? twice.get()) == nil)
        let shared = OutputFileNaming.outputFileNames(forQueryFiles: ["/t/NeonSQLSchema.sql"], root: "/t", reservedName: "NeonSQLSchema.swift")
        #expect(shared == .failure(OutputNameCollision(path: "/t/NeonSQLSchema.sql", otherPath: nil, name: "NeonSQLSchema.swift")))
        if case .failure(let collision) = twice {
            #expect(collision.message == "'/t/a_b.sql' and '/t/a/b.sql' would both generate a_b.swift; rename one of them")
        }
    }
}
