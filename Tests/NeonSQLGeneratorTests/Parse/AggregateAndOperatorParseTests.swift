import Testing
@testable import NeonSQLGenerator

/// CREATE AGGREGATE (both syntaxes, ordered-set, `(*)`), DROP/ALTER AGGREGATE and CREATE/DROP/ALTER
/// OPERATOR parse into what the catalog records; forms not modelled stay ignored, never an error.
@Suite("Parse: aggregates and operators")
struct AggregateAndOperatorParseTests {
    @Test
    func newAndOldAggregateSyntaxes() throws {
        guard case .createAggregate(let new)? = parseStatement(
            "CREATE OR REPLACE AGGREGATE s.pick(VARIADIC n integer[] ORDER BY text) (SFUNC = f, STYPE = text[], FINALFUNC = s.g, FINALFUNC_EXTRA, PARALLEL = SAFE)")
        else { Issue.record("not an aggregate"); return }
        #expect(new.orReplace && new.finalFunctionExtra)
        #expect(new.arguments.map(\.mode) == [.variadic] && new.arguments.first?.name?.name == "n")
        #expect(new.orderedArguments?.map(\.type.name) == ["text"])
        #expect(new.stateType?.name == "text" && new.stateType?.arrayDimensions == 1)
        #expect(new.finalFunction?.parts.map(\.name) == ["s", "g"])

        guard case .createAggregate(let old)? = parseStatement("CREATE AGGREGATE total (BASETYPE = numeric, SFUNC = numeric_add, STYPE = numeric, INITCOND = '0')")
        else { Issue.record("not an aggregate"); return }
        #expect(old.arguments.map(\.type.name) == ["numeric"] && old.orderedArguments == nil && old.finalFunction == nil)

        guard case .createAggregate(let star)? = parseStatement("CREATE AGGREGATE my_count(*) (SFUNC = int8inc, STYPE = bigint, INITCOND = '0')")
        else { Issue.record("not an aggregate"); return }
        #expect(star.arguments.isEmpty)
    }

    @Test
    func dropAndAlterAggregateNameTheSignature() {
        guard case .drop(let drop)? = parseStatement("DROP AGGREGATE IF EXISTS pick(integer ORDER BY text), total(numeric) CASCADE")
        else { Issue.record("not a drop"); return }
        #expect(drop.functions.map { $0.argumentTypes?.map(\.name) ?? [] } == [["integer", "text"], ["numeric"]])
        guard case .alterFunction(let alter)? = parseStatement("ALTER AGGREGATE total(numeric) RENAME TO grand_total")
        else { Issue.record("not an alter"); return }
        #expect(alter.function.argumentTypes?.map(\.name) == ["numeric"])
        guard case .renameTo(let newName) = alter.action else { Issue.record("not a rename"); return }
        #expect(newName.name == "grand_total")
    }

    @Test
    func operatorsParseWithTheirOperands() {
        guard case .operators(let created)? = parseStatement(
            "CREATE OPERATOR audit.=~ (LEFTARG = text, RIGHTARG = text, PROCEDURE = audit.f, COMMUTATOR = OPERATOR(audit.=~), NEGATOR = !=~, HASHES)")
        else { Issue.record("not an operator"); return }
        #expect(created.map(\.name) == ["=~"] && created.first?.schema == "audit" && created.first?.left?.name == "text")
        guard case .operators(let prefix)? = parseStatement("CREATE OPERATOR @@@ (RIGHTARG = text[], FUNCTION = f)")
        else { Issue.record("not an operator"); return }
        #expect(prefix.first?.left == nil && prefix.first?.right?.arrayDimensions == 1)
        guard case .operators(let dropped)? = parseStatement("DROP OPERATOR IF EXISTS audit.=~ (text, text), @@@ (NONE, text[])")
        else { Issue.record("not a drop"); return }
        #expect(dropped.map(\.name) == ["=~", "@@@"] && dropped.last?.left == nil)
        guard case .operators(let moved)? = parseStatement("ALTER OPERATOR public.<~> (integer, integer) SET SCHEMA audit")
        else { Issue.record("not an alter"); return }
        guard case .setSchema(let schema)? = moved.first?.action else { Issue.record("not SET SCHEMA"); return }
        #expect(schema.name == "audit" && moved.first?.schema == "public" && moved.first?.name == "<~>")
        // Operator classes and families are not modelled: ignored, as before.
        guard case .ignored? = parseStatement("CREATE OPERATOR CLASS c FOR TYPE text USING btree AS OPERATOR 1 <") else {
            Issue.record("an operator class is not ignored"); return
        }
    }
}
