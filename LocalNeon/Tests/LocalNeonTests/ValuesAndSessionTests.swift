import Foundation
import Testing

/// Value rendering (§6.1), parameter conversion (§3.1), fields of empty results, batches, session reset (§4).
@Suite("Values, batches and sessions", .serialized, .enabled(if: TestPostgres.shouldRun, "set LOCALNEON_TEST_POSTGRES_URL (Scripts/test-localneon.sh does)"))
struct ValuesAndSessionTests {
    static let typedQuery = """
        select true as b, 7::int2 as i2, 42 as i4, 9007199254740993::int8 as i8, 1.50::numeric(5,2) as num,
               1.5::float8 as f8, 0.1::float4 as f4, 'NaN'::float8 as nan, 'Infinity'::float8 as inf, '-Infinity'::float4 as ninf,
               1e100::float8 as big, '{"a": [1, 2]}'::json as j, '{"b":1, "a":2}'::jsonb as jb,
               '{{1,2},{3,NULL}}'::int4[] as nested, '{"a b","c\\"d",NULL}'::text[] as texts, '{t,f}'::bool[] as bools,
               '{1.5,NaN}'::float8[] as floats, '{10,20}'::int8[] as longs, '{}'::int4[] as empty,
               null::int4 as nothing, 'x'::varchar(3) as vc, '2024-03-01'::date as d, '12:30'::time as t,
               '00000000-0000-0000-0000-000000000001'::uuid as u, '\\x4142'::bytea as bytes, 'morning'::text as slot
        """

    @Test("JSON-typed mode renders each type as Neon does")
    func jsonTypedValues() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.query(Self.typedQuery)
            #expect(answer.status == 200)
            let expected = #"{"b":true,"i2":7,"i4":42,"i8":"9007199254740993","num":"1.50","f8":1.5,"f4":0.1,"nan":"NaN","inf":"Infinity","ninf":"-Infinity","big":1e100,"j":{"a": [1, 2]},"jb":{"a": 2, "b": 1},"nested":[[1,2],[3,null]],"texts":["a b","c\"d",null],"bools":[true,false],"floats":[1.5,"NaN"],"longs":["10","20"],"empty":[],"nothing":null,"vc":"x","d":"2024-03-01","t":"12:30:00","u":"00000000-0000-0000-0000-000000000001","bytes":"\\x4142","slot":"morning"}"#
            #expect(answer.text.contains(#""rows":["# + expected + "]"), "\(answer.text)")
        }
    }

    @Test("Raw text mode returns PostgreSQL's text output")
    func rawTextValues() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.query(Self.typedQuery, headers: ["Neon-Raw-Text-Output": "true"])
            #expect(answer.status == 200)
            let expected = #"{"b":"t","i2":"7","i4":"42","i8":"9007199254740993","num":"1.50","f8":"1.5","f4":"0.1","nan":"NaN","inf":"Infinity","ninf":"-Infinity","big":"1e+100","j":"{\"a\": [1, 2]}","jb":"{\"a\": 2, \"b\": 1}","nested":"{{1,2},{3,NULL}}","texts":"{\"a b\",\"c\\\"d\",NULL}","bools":"{t,f}","floats":"{1.5,NaN}","longs":"{10,20}","empty":"{}","nothing":null,"vc":"x","d":"2024-03-01","t":"12:30:00","u":"00000000-0000-0000-0000-000000000001","bytes":"\\x4142","slot":"morning"}"#
            #expect(answer.text.contains(#""rows":["# + expected + "]"), "\(answer.text)")
        }
    }

    @Test("Session settings shape the text output (timestamptz, DateStyle) within a batch")
    func sessionDependentText() async throws {
        try await LocalNeonHarness.with { neon in
            let body = #"{"queries":[{"query":"set local timezone = 'Asia/Karachi'"},{"query":"set local datestyle = 'SQL, DMY'"},{"query":"select '2024-03-01 12:00:00+00'::timestamptz as ts, '2024-03-01'::date as d"}]}"#
            let answer = try await neon.request(body: body)
            #expect(answer.status == 200)
            #expect(answer.text.contains(#""rows":[{"ts":"01/03/2024 17:00:00 PKT","d":"01/03/2024"}]"#), "\(answer.text)")
        }
    }

    @Test("Parameters: strings verbatim, numbers and bools via to_string, objects as JSON, arrays as PostgreSQL arrays")
    func parameterConversion() async throws {
        try await LocalNeonHarness.with { neon in
            let body = #"{"query":"select $1 as s, $2 as n, $3 as f, $4 as b, $5 as o, $6 as a, $7::int[] as ia, $8::text[] as ta, $9 as nul, $10 * 1 as typed","params":["it's \"q\"",42,1.0,true,{"k":{"x":[1,"y"]}},[[true,false],[null,42]],[1,2,3],["a,b","c\"d",null],null,42]}"#
            let answer = try await neon.request(body: body, headers: ["Neon-Raw-Text-Output": "true"])
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.text.contains(#""rows":[{"s":"it's \"q\"","n":"42","f":"1.0","b":"true","o":"{\"k\":{\"x\":[1,\"y\"]}}","a":"{{true,false},{NULL,42}}","ia":"{1,2,3}","ta":"{\"a,b\",\"c\\\"d\",NULL}","nul":null,"typed":"42"}]"#), "\(answer.text)")
            let typed = try await neon.request(body: #"{"query":"select $1 * 1 as typed, $2 as untyped","params":[42,42]}"#)
            #expect(typed.text.contains(#""rows":[{"typed":42,"untyped":"42"}]"#), "\(typed.text)")
        }
    }

    @Test("Zero-row results still report their fields; nothing is written by describing them")
    func zeroRowFields() async throws {
        try await LocalNeonHarness.with { neon in
            _ = try await neon.query("drop table if exists z_t")
            _ = try await neon.query("create table z_t (id serial primary key, name varchar(20) not null)")
            let select = try await neon.query("select id, name from z_t where id < 0")
            let object = try select.object
            let fields = try #require(object["fields"] as? [[String: Any]])
            #expect(fields.count == 2)
            #expect(fields.last?["name"] as? String == "name")
            #expect(fields.last?["dataTypeID"] as? Int == 1043)
            #expect(fields.last?["dataTypeModifier"] as? Int == 24)
            #expect(fields.last?["columnID"] as? Int == 2)
            #expect(object["rowCount"] as? Int == 0)
            let returning = try await neon.query("update z_t set name = 'x' where id < 0 returning id")
            #expect((try returning.object["fields"] as? [[String: Any]])?.count == 1)
            let conflict = try await neon.query("insert into z_t (id, name) select 1, 'a' where false returning id, name")
            #expect((try conflict.object["fields"] as? [[String: Any]])?.count == 2)
            #expect(try conflict.object["rowCount"] as? Int == 0)
            let count = try await neon.query("select count(*)::int as n, (select last_value from z_t_id_seq) as seq from z_t")
            #expect(count.text.contains(#""n":0"#))
            _ = try await neon.query("drop table z_t")
        }
    }

    @Test("Batch: commit, read-only rejecting a write, empty batch")
    func batches() async throws {
        try await LocalNeonHarness.with { neon in
            _ = try await neon.query("drop table if exists b_t")
            _ = try await neon.query("create table b_t (id int primary key)")
            let commit = try await neon.request(body: #"{"queries":[{"query":"insert into b_t values (1)"},{"query":"select id from b_t where id < 0"},{"query":"insert into b_t values (2) returning id"}]}"#)
            #expect(commit.status == 200, "\(commit.text)")
            #expect(commit.text.contains(#""command":"INSERT","rowCount":1,"rowAsArray":false},{"fields":[{"name":"id""#))
            let readOnly = try await neon.request(body: #"{"queries":[{"query":"select 1 as one"},{"query":"insert into b_t values (3)"}]}"#, headers: ["Neon-Batch-Read-Only": "true"])
            #expect(readOnly.status == 400)
            #expect(try readOnly.object["code"] as? String == "25006")
            let count = try await neon.query("select count(*)::int as n from b_t")
            #expect(count.text.contains(#""rows":[{"n":2}]"#))
            let empty = try await neon.request(body: #"{"queries":[]}"#)
            #expect(empty.text == #"{"results":[]}"#)
            _ = try await neon.query("drop table b_t")
        }
    }

    @Test("Session state does not leak between requests")
    func sessionReset() async throws {
        try await LocalNeonHarness.with { neon in
            for _ in 0..<3 {
                let set = try await neon.query("set search_path = pg_catalog")
                #expect(set.text == #"{"fields":[],"rows":[],"command":"SET","rowCount":null,"rowAsArray":false}"#)
                let show = try await neon.query("show search_path")
                #expect(show.text.contains(#""rows":[{"search_path":"\"$user\", public"}]"#), "\(show.text)")
                _ = try await neon.query("create temp table leak_t (x int)")
                let temp = try await neon.query("select * from leak_t")
                #expect(try temp.object["code"] as? String == "42P01")
                let begin = try await neon.query("begin")
                #expect(begin.text.contains(#""command":"BEGIN""#))
                let savepoint = try await neon.query("savepoint s")
                #expect(try savepoint.object["code"] as? String == "25P01", "the previous request's BEGIN must not leak")
                _ = try await neon.query("prepare p1 as select 1")
                let prepared = try await neon.query("execute p1")
                #expect(try prepared.object["code"] as? String == "26000")
            }
        }
    }
}
