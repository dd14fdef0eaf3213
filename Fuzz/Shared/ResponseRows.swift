// The row types the response fuzz target (Fuzz/Targets/ResponseTarget.swift, built by
// Scripts/fuzz.sh into the NeonSQL module itself, with -D NEON_SQL_FUZZ) and the response mutation
// tests (Tests/NeonSQLTests, through the symlink Tests/NeonSQLTests/FuzzShared) decode with: one
// definition for both.

import Foundation
#if !NEON_SQL_FUZZ
import NeonSQL
#endif

/// One `int4` column `id`.
struct ResponseFuzzIDRow: DecodableRow {
    static let columns = [ResultColumn("id", .int4)]
    var id: Int
    init(from row: inout RowDecoder) throws { id = try row.decode(Int.self) }
}

/// Every type the runtime decodes, in one row (the columns of WireTests' AllTypesRow and of
/// Fuzz/Seeds/response/all_types.json).
struct ResponseFuzzAllTypesRow: DecodableRow {
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
