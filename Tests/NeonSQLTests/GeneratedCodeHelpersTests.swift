import Foundation
import NeonSQL
import NeonSQLShared
import Testing

/// The runtime helpers generated code calls instead of spelling each step out (issue 42 §8): a
/// row's columns as one string, bindings from pairs, `Hashable` over a row's fields.
@Suite("Generated code's runtime helpers")
struct GeneratedCodeHelpersTests {
    @Test func columnListReadsStaticsUncheckedTypesAndArrays() {
        let columns = ResultColumn.list("dua_id:int4,time_slot:=time_slot,tags:[]text,slots:[]=time_slot,at:timestamptz")
        #expect(columns == [
            ResultColumn("dua_id", .int4),
            ResultColumn("time_slot", .enumType("time_slot")),
            ResultColumn("tags", .array(.text)),
            ResultColumn("slots", .array(.enumType("time_slot"))),
            ResultColumn("at", .timestamptz),
        ])
    }

    @Test func columnListUnescapesNamesAndTypeNames() {
        let columns = ResultColumn.list(#"a\,b\:c:=odd\,type,back\\slash:bit varying,:text"#)
        #expect(columns == [
            ResultColumn("a,b:c", PostgresType(oid: 0, name: "odd,type")),
            // A name that is no static of this runtime: unchecked.
            ResultColumn(#"back\slash"#, PostgresType(oid: 0, name: "bit varying")),
            ResultColumn("", .text),
        ])
        #expect(ResultColumn.list("") == [])
    }

    /// What the generator writes (`ColumnListSpec.escaped`, the one definition both sides use)
    /// reads back whole, whatever a name holds.
    @Test func escapedNamesReadBackWhole() {
        let names = ["plain", "a,b", "a:b", #"back\slash"#, #"\"#, #"trailing\"#, ",", ":", "", #"\,:\:"#, "émoji,😀:x"]
        for first in names {
            for second in names {
                let spec = ColumnListSpec.escaped(first) + ":=" + ColumnListSpec.escaped(second) + "," + ColumnListSpec.escaped(second) + ":int4"
                #expect(ResultColumn.list(spec) == [ResultColumn(first, PostgresType(oid: 0, name: second)), ResultColumn(second, .int4)],
                        "\(spec)")
            }
        }
    }

    @Test func staticsReadAsThemselves() {
        let statics: [(String, PostgresType)] = [
            ("char", .char), ("bpchar", .bpchar), ("float8", .float8), ("timetz", .timetz), ("jsonb", .jsonb), ("tstzrange", .tstzrange),
        ]
        for (name, type) in statics {
            #expect(ResultColumn.list("c:" + name) == [ResultColumn("c", type)], "\(name)")
        }
    }

    @Test func bindingsFromPairsEqualAppendedOnes() {
        var appended = Bindings(capacity: 3)
        appended.append(7, as: .int4)
        appended.append(String?.none, as: .text)
        appended.append(Int.max, as: .int2)
        let pairs = Bindings((7, .int4), (String?.none, .text), (Int.max, .int2))
        #expect(pairs == appended)
        #expect(pairs.values.count == 3)
        #expect(pairs.failure?.parameter == 3)
    }

    struct Row: FieldwiseHashable {
        var id: Int
        var title: String?
        var _neonSQLFields: RowFields<Int, String?> { RowFields(id, title) }
    }

    struct Synthesized: Hashable {
        var id: Int
        var title: String?
    }

    @Test func fieldwiseHashableComparesAndHashesAsSynthesized() {
        let rows = [Row(id: 1, title: "a"), Row(id: 1, title: nil), Row(id: 2, title: "a"), Row(id: 1, title: "a")]
        let synthesized = rows.map { Synthesized(id: $0.id, title: $0.title) }
        for left in rows.indices {
            for right in rows.indices {
                #expect((rows[left] == rows[right]) == (synthesized[left] == synthesized[right]))
            }
            var hasher = Hasher()
            rows[left].hash(into: &hasher)
            var other = Hasher()
            other.combine(rows[left].id)
            other.combine(rows[left].title)
            #expect(hasher.finalize() == other.finalize())
            #expect(rows[left].hashValue == rows[left]._neonSQLFields.hashValue)
        }
        #expect(Set(rows).count == 3)
    }
}
