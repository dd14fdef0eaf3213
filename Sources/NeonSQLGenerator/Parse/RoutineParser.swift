// CREATE [OR REPLACE] FUNCTION / PROCEDURE: the signature (parameters with modes, names, types and
// defaults), what it returns, and STRICT. The body (a string, `RETURN expr` or
// `BEGIN ATOMIC ... END`) is not analyzed.

/// Functions and procedures (CREATE and ALTER), triggers, policies and rules.
struct RoutineParser: GrammarParser {
    let cursor: TokenCursor

    /// Second words of multi-word type names: after them the first word was a type, not a parameter name.
    private static let typeContinuations: Set<String> = ["precision", "varying", "with", "without", "default"]

    func parseCreateFunction(start: Token, orReplace: Bool) throws(ParseError) -> Statement {
        let isProcedure = advance().value == "procedure"
        let name = try parseQualifiedName("function name")
        let parameters = try parseFunctionParameters()
        var returns = FunctionReturnDefinition.none
        var isStrict = false
        var language: String?
        var body: FunctionBodySource?
        while !atEnd {
            if acceptWord("returns") {
                if acceptWords("null", "on", "null", "input") {
                    isStrict = true
                } else if acceptWord("table") {
                    try expect(.leftParen, "'('")
                    var columns: [FunctionColumn] = []
                    repeat {
                        let column = try parseColumnId("column name")
                        columns.append(FunctionColumn(name: column, type: try typeNameParser.parseTypeName()))
                    } while accept(.comma)
                    try expect(.rightParen, "')'")
                    returns = .table(columns)
                } else if acceptWord("setof") {
                    returns = .setOf(try parseFunctionType())
                } else {
                    returns = .type(try parseFunctionType())
                }
            } else if acceptWord("strict") {
                isStrict = true
            } else if acceptWords("called", "on", "null", "input") {
                isStrict = false
            } else if acceptWord("as") {
                body = .text(try expect(.string, "function body").value)
                if accept(.comma) { try expect(.string, "link symbol") }
            } else if atWord("return") {
                let first = cursor.index
                advance()
                _ = try expressionParser.parseExpression()
                body = .sqlTokens(Array(cursor.tokens[first..<cursor.index]))
            } else if atWord("begin"), peek().isWord("atomic") {
                // The body's statements are not typed; the splitter kept them in this statement.
                let first = cursor.index
                skipToEnd()
                body = .sqlTokens(Array(cursor.tokens[first..<cursor.index]))
            } else if acceptWord("language") {
                let name = advance()
                language = name.value.lowercased()
            } else if acceptWord("set") {
                _ = try parseLabel("configuration parameter")
                while at(.dot) { advance(); _ = try parseLabel("configuration parameter") }
                if acceptWords("from", "current") { continue }
                if !acceptWord("to") { try expectOp("=") }
                repeat {
                    advance()
                } while accept(.comma)
            } else if acceptWord("transform") {
                repeat {
                    try expectWord("for")
                    try expectWord("type")
                    _ = try typeNameParser.parseTypeName()
                } while accept(.comma)
            } else if current.kind == .word || current.kind == .string || current.kind == .integer || current.kind == .numeric {
                // LANGUAGE x, IMMUTABLE, STABLE, VOLATILE, [NOT] LEAKPROOF, [EXTERNAL] SECURITY ...,
                // PARALLEL ..., COST n, ROWS n, SUPPORT f, WINDOW.
                advance()
            } else {
                throw error(expected: "function option")
            }
        }
        var statement = CreateFunctionStatement(
            name: name, orReplace: orReplace, isProcedure: isProcedure, parameters: parameters, returns: returns,
            isStrict: isStrict, location: start.location)
        statement.language = language ?? (body.map { if case .sqlTokens = $0 { "sql" } else { nil } } ?? nil)
        statement.body = body
        return .createFunction(statement)
    }

    /// A parameter or result type; `table.column%TYPE` is kept as a type named `table.column%type`.
    private func parseFunctionType() throws(ParseError) -> TypeName {
        let type = try typeNameParser.parseTypeName()
        if atOp("%"), peek().isWord("type") {
            advance()
            advance()
            return TypeName(schema: type.schema, name: type.name + "%type", modifiers: [], arrayDimensions: type.arrayDimensions,
                            location: type.location)
        }
        return type
    }

    /// `( [mode] [name] type [DEFAULT expr | = expr], ... )`
    func parseFunctionParameters() throws(ParseError) -> [FunctionParameterDefinition] {
        try expect(.leftParen, "'('")
        var parameters: [FunctionParameterDefinition] = []
        if accept(.rightParen) { return parameters }
        repeat { parameters.append(try parseFunctionParameter()) } while accept(.comma)
        try expect(.rightParen, "')'")
        return parameters
    }

    /// `[mode] [name] type [DEFAULT expr | = expr]`
    func parseFunctionParameter() throws(ParseError) -> FunctionParameterDefinition {
        var mode = FunctionParameterDefinition.Mode.in
        if current.kind == .word, let written = FunctionParameterDefinition.Mode(rawValue: current.value),
           peek().kind != .comma, peek().kind != .rightParen {
            mode = written
            advance()
        }
        var name: Identifier?
        if current.kind == .word || current.kind == .quotedIdentifier,
           peek().kind == .word || peek().kind == .quotedIdentifier,
           !(current.kind == .word && current.value == "double"),
           !(peek().kind == .word && Self.typeContinuations.contains(peek().value)),
           !(peek().isWord("order") && peek(2).isWord("by")) {
            name = identifier(advance())
        }
        let type = try parseFunctionType()
        var hasDefault = false
        if acceptWord("default") || (atOp("=") && { advance(); return true }()) {
            _ = try expressionParser.parseExpression()
            hasDefault = true
        }
        return FunctionParameterDefinition(mode: mode, name: name, type: type, hasDefault: hasDefault)
    }

    /// At `FUNCTION|PROCEDURE|ROUTINE` after `ALTER`: `name [(types)] action`.
    func parseAlterFunction(start: Token) throws(ParseError) -> AlterFunctionStatement {
        let kind: AlterFunctionStatement.Kind = switch advance().value {
        case "procedure": .procedure
        case "routine": .routine
        default: .function
        }
        let name = try parseQualifiedName("function name")
        var types: [TypeName]?
        if at(.leftParen) {
            types = try parseFunctionParameters().filter { $0.mode != .out }.map(\.type)
        }
        let reference = FunctionSignatureReference(name: name, argumentTypes: types)
        var action = AlterFunctionStatement.Action.other
        if acceptWords("rename", "to") {
            action = .renameTo(try parseColumnId("function name"))
        } else if acceptWords("set", "schema") {
            action = .setSchema(try parseColumnId("schema name"))
        } else {
            // Options may be listed together (`STRICT IMMUTABLE`): the last strictness word wins.
            while !atEnd {
                if acceptWord("strict") || acceptWords("returns", "null", "on", "null", "input") {
                    action = .setStrict(true)
                } else if acceptWords("called", "on", "null", "input") {
                    action = .setStrict(false)
                } else {
                    advance()
                }
            }
        }
        skipToEnd()
        return AlterFunctionStatement(kind: kind, function: reference, action: action, location: start.location)
    }
}
