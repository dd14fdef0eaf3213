// Every way the runtime reads a response body, in one list: the response fuzz target
// (Fuzz/Targets/ResponseTarget.swift) and the response mutation tests (Tests/NeonSQLTests, through
// the symlink Tests/NeonSQLTests/FuzzShared) both run each of them on every input.

import Foundation
#if !NEON_SQL_FUZZ
@testable import NeonSQL
#endif

/// One way of reading a response body, by name.
struct FuzzedDecoding: Sendable {
    /// What it reads as (`many`, `batch`, ...), for messages.
    let name: String
    /// Reads the body; returns normally with a value or throws.
    let run: @Sendable (Data) throws -> Void
}

enum ResponseDecodings {
    static let rows: Statement<[ResponseFuzzAllTypesRow]> = .many(name: "Fuzz", sql: "S", bindings: Bindings(), readOnly: true)
    static let one: Statement<ResponseFuzzIDRow?> = .one(name: "Fuzz", sql: "S", bindings: Bindings(), readOnly: true)
    static let exec: Statement<Void> = .exec(name: "Fuzz", sql: "U", bindings: Bindings(), readOnly: false)
    static let execRows: Statement<Int> = .execRows(name: "Fuzz", sql: "U", bindings: Bindings(), readOnly: false)
    static let execResult: Statement<ExecResult> = .execResult(name: "Fuzz", sql: "U", bindings: Bindings(), readOnly: false)
    static let fields: Statement<[ResultFieldDescription]> = .fieldDescriptions(name: "Fuzz", sql: "S", bindings: Bindings(), readOnly: true)

    /// Single results of every statement kind, a batch of three (as `NeonClient.batch` reads it)
    /// and an error body.
    static let all: [FuzzedDecoding] = [
        FuzzedDecoding(name: "many") { _ = try rows.decodeResponse($0) },
        FuzzedDecoding(name: "one") { _ = try one.decodeResponse($0) },
        FuzzedDecoding(name: "exec") { _ = try exec.decodeResponse($0) },
        FuzzedDecoding(name: "execrows") { _ = try execRows.decodeResponse($0) },
        FuzzedDecoding(name: "execresult") { _ = try execResult.decodeResponse($0) },
        FuzzedDecoding(name: "fields") { _ = try fields.decodeResponse($0) },
        FuzzedDecoding(name: "batch") { body in
            var decoder = BatchDecoder(body: body, count: 3)
            try decoder.open()
            _ = try decoder.next(one)
            _ = try decoder.next(execRows)
            _ = try decoder.next(rows)
            try decoder.close()
        },
        FuzzedDecoding(name: "error body") { _ = ErrorBody.parse($0, status: 400) },
    ]
}
