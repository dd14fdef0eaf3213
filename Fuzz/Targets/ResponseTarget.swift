// libFuzzer target `response`: the runtime's response parsing on arbitrary bytes: single results
// (`Statement.decodeResponse` for rows of every supported type, `:one`, `:exec`, `:execrows`),
// batch bodies (`BatchDecoder`, as `NeonClient.batch` uses it) and error bodies. Built by
// Scripts/fuzz.sh together with Sources/NeonSQL into one module.
// Every input must end in a value or a thrown `NeonError`: any other error type, a trap, an ASan
// report or a stack overflow is a finding.

import Foundation

struct FuzzIDRow: DecodableRow {
    static let columns = [ResultColumn("id", .int4)]
    var id: Int
    init(from row: inout RowDecoder) throws { id = try row.decode(Int.self) }
}

/// Every type the runtime decodes, in one row (the columns of WireTests' AllTypesRow).
struct FuzzAllTypesRow: DecodableRow {
    static let columns = [
        ResultColumn("i2", .int2), ResultColumn("i8", .int8), ResultColumn("f4", .float4), ResultColumn("f8", .float8),
        ResultColumn("num", .numeric), ResultColumn("b", .bool), ResultColumn("t", .text), ResultColumn("vc", .varchar),
        ResultColumn("u", .uuid), ResultColumn("tz", .timestamptz), ResultColumn("ts", .timestamp), ResultColumn("d", .date),
        ResultColumn("tm", .time), ResultColumn("iv", .interval), ResultColumn("js", .json), ResultColumn("by", .bytea),
        ResultColumn("arr", .array(.text)), ResultColumn("ia", .array(.int4)),
    ]
    init(from row: inout RowDecoder) throws {
        _ = try row.decode(Int.self)
        _ = try row.decode(Int?.self)
        _ = try row.decode(Float.self)
        _ = try row.decode(Double.self)
        _ = try row.decode(Decimal.self)
        _ = try row.decode(Bool.self)
        _ = try row.decode(String.self)
        _ = try row.decode(String?.self)
        _ = try row.decode(UUID.self)
        _ = try row.decode(Date.self)
        _ = try row.decode(Date.self)
        _ = try row.decode(PostgresDate.self)
        _ = try row.decode(PostgresTime.self)
        _ = try row.decode(PostgresInterval.self)
        _ = try row.decode(JSONValue.self)
        _ = try row.decode(Data.self)
        _ = try row.decode([String?].self)
        _ = try row.decode([[Int?]].self)
    }
}

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
    let rows = Statement<[FuzzAllTypesRow]>.many(name: "Fuzz", sql: "SELECT", bindings: Bindings(), readOnly: true) as Statement<[FuzzAllTypesRow]>
    let one = Statement<FuzzIDRow?>.one(name: "Fuzz", sql: "SELECT", bindings: Bindings(), readOnly: true) as Statement<FuzzIDRow?>
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
