// libFuzzer target `response`: the runtime's response parsing on arbitrary bytes: single results
// (`Statement.decodeResponse` for rows of every supported type, `:one`, `:exec`, `:execrows`),
// batch bodies (`BatchDecoder`, as `NeonClient.batch` uses it) and error bodies. Built by
// Scripts/fuzz.sh together with Sources/NeonSQL into one module; its row types are in
// Fuzz/Shared/ResponseRows.swift (shared with the response mutation tests).
// Every input must end in a value or a thrown `NeonError`: any other error type, a trap, an ASan
// report or a stack overflow is a finding.

import Foundation

/// Runs `work`; any error other than `NeonError` is a finding.
func expectTypedError<T>(_ what: String, _ work: () throws -> T) {
    do {
        _ = try work()
    } catch is NeonError {
    } catch {
        fatalError("\(what) threw an untyped error: \(type(of: error)): \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = data.map { Data(bytes: $0, count: size) } ?? Data()
    let rows = Statement<[ResponseFuzzAllTypesRow]>.many(name: "Fuzz", sql: "SELECT", bindings: Bindings(), readOnly: true) as Statement<[ResponseFuzzAllTypesRow]>
    let one = Statement<ResponseFuzzIDRow?>.one(name: "Fuzz", sql: "SELECT", bindings: Bindings(), readOnly: true) as Statement<ResponseFuzzIDRow?>
    let exec = Statement<Void>.exec(name: "Fuzz", sql: "UPDATE", bindings: Bindings(), readOnly: false)
    let execRows = Statement<Int>.execRows(name: "Fuzz", sql: "UPDATE", bindings: Bindings(), readOnly: false)
    expectTypedError("many") { try rows.decodeResponse(body) }
    expectTypedError("one") { try one.decodeResponse(body) }
    expectTypedError("exec") { try exec.decodeResponse(body) }
    expectTypedError("execrows") { try execRows.decodeResponse(body) }
    expectTypedError("batch") {
        var decoder = BatchDecoder(body: body, count: 3)
        try decoder.open()
        _ = try decoder.next(one)
        _ = try decoder.next(execRows)
        _ = try decoder.next(rows)
        try decoder.close()
    }
    _ = ErrorBody.parse(body, status: 400)
    return 0
}
