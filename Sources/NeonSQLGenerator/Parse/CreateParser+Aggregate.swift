// CREATE AGGREGATE: its arguments, state type, transition and final functions (AST+Aggregate.swift); the
// argument lists DROP AGGREGATE and ALTER AGGREGATE name.

extension CreateParser {
    /// At `AGGREGATE` after `CREATE [OR REPLACE]`: nil when the definition cannot be read
    /// (it is then ignored, as before).
    func parseCreateAggregate(start: Token, orReplace: Bool) -> Statement? {
        let saved = mark()
        guard let statement = try? parseAggregateDefinition(start: start, orReplace: orReplace) else {
            reset(saved)
            return nil
        }
        return .createAggregate(statement)
    }

    private func parseAggregateDefinition(start: Token, orReplace: Bool) throws(ParseError) -> CreateAggregateStatement {
        try expectWord("aggregate")
        let name = try parseQualifiedName("aggregate name")
        var statement = CreateAggregateStatement(name: name, orReplace: orReplace, location: start.location)
        let isOldForm = peek().isWord("basetype") || peek().isWord("sfunc") || peek().isWord("stype")
        if !isOldForm {
            (statement.arguments, statement.orderedArguments) = try routineParser.parseAggregateArguments()
        }
        try expect(.leftParen, "'('")
        repeat {
            let option = try parseLabel("aggregate option").name.lowercased()
            guard atOp("=") else {
                if option == "finalfunc_extra" { statement.finalFunctionExtra = true }
                continue
            }
            advance()
            switch option {
            case "stype":
                statement.stateType = try aggregateType()
            case "basetype":
                let type = try aggregateType()
                if type.schema != nil || type.name != "any" {
                    statement.arguments = [FunctionParameterDefinition(mode: .in, name: nil, type: type, hasDefault: false)]
                }
            case "sfunc":
                statement.transitionFunction = try parseQualifiedName("function name")
            case "finalfunc":
                statement.finalFunction = try parseQualifiedName("function name")
            default:
                skipOptionValue()
            }
        } while accept(.comma)
        try expect(.rightParen, "')'")
        guard atEnd else { throw error(expected: "end of statement") }
        return statement
    }

    /// A type name, or one written as a string (`BASETYPE = 'ANY'` of the old form).
    private func aggregateType() throws(ParseError) -> TypeName {
        if at(.string) {
            let token = advance()
            return TypeName(schema: nil, name: token.value.lowercased(), modifiers: [], arrayDimensions: 0, location: token.location)
        }
        return try typeNameParser.parseTypeName()
    }

    /// An option's value this parser does not need: up to the next top-level `,` or `)`.
    private func skipOptionValue() {
        while !atEnd, !at(.comma), !at(.rightParen) {
            if at(.leftParen) {
                if (try? skipParenthesized()) == nil { return }
            } else {
                advance()
            }
        }
    }
}

extension RoutineParser {
    /// An aggregate's arguments: `(*)`, `(args)`, `(args ORDER BY args)` or `(ORDER BY args)`; the
    /// second list is nil unless ORDER BY is written (an ordered-set aggregate).
    func parseAggregateArguments() throws(ParseError) -> ([FunctionParameterDefinition], [FunctionParameterDefinition]?) {
        try expect(.leftParen, "'('")
        if atOp("*") {
            advance()
            try expect(.rightParen, "')'")
            return ([], nil)
        }
        var direct: [FunctionParameterDefinition] = []
        if !atWord("order") {
            repeat { direct.append(try parseFunctionParameter()) } while accept(.comma)
        }
        var ordered: [FunctionParameterDefinition]?
        if acceptWords("order", "by") {
            var list: [FunctionParameterDefinition] = []
            repeat { list.append(try parseFunctionParameter()) } while accept(.comma)
            ordered = list
        }
        try expect(.rightParen, "')'")
        return (direct, ordered)
    }
}

extension RoutineParser {
    /// The argument types PostgreSQL identifies an aggregate by: the direct arguments, then the
    /// aggregated ones of an ordered-set aggregate.
    func parseAggregateArgumentTypes() throws(ParseError) -> [TypeName] {
        let (direct, ordered) = try parseAggregateArguments()
        return (direct + (ordered ?? [])).map(\.type)
    }

    /// At `AGGREGATE` after `ALTER`: `name (args) RENAME TO new | SET SCHEMA s | OWNER TO role`.
    func parseAlterAggregate(start: Token) throws(ParseError) -> AlterFunctionStatement {
        advance()
        let name = try parseQualifiedName("aggregate name")
        let reference = FunctionSignatureReference(name: name, argumentTypes: try parseAggregateArgumentTypes())
        var action = AlterFunctionStatement.Action.other
        if acceptWords("rename", "to") {
            action = .renameTo(try parseColumnId("aggregate name"))
        } else if acceptWords("set", "schema") {
            action = .setSchema(try parseColumnId("schema name"))
        }
        skipToEnd()
        return AlterFunctionStatement(kind: .function, function: reference, action: action, location: start.location)
    }
}
