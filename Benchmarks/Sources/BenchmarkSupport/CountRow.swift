import NeonSQL

/// A row of one `int4` column `n` (counters, counts, ids) that the benchmarks read.
public struct CountRow: DecodableRow {
    public static let columns = [ResultColumn("n", .int4)]
    public let n: Int

    public init(from row: inout RowDecoder) throws {
        n = try row.decode(Int.self)
    }
}
