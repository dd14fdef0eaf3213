// CREATE OPERATOR, DROP OPERATOR and ALTER OPERATOR ... SET SCHEMA (AST+Operator.swift). A
// statement this parser cannot read is ignored, as every one of them was before.

extension CreateParser {
    /// At `OPERATOR` after `CREATE`: nil when the definition cannot be read (an operator class
    /// or family, say).
    func parseCreateOperator(start: Token) -> Statement? {
        let saved = mark()
        guard let statement = try? parseOperatorDefinition(start: start) else {
            reset(saved)
            return nil
        }
        return .operators([statement])
    }

    private func parseOperatorDefinition(start: Token) throws(ParseError) -> OperatorStatement {
        try expectWord("operator")
        let (schema, name) = try parseOperatorName()
        try expect(.leftParen, "'('")
        var left: TypeName?
        var right: TypeName?
        var function: QualifiedName?
        repeat {
            let option = try parseLabel("operator option").name.lowercased()
            guard atOp("=") else { continue }
            advance()
            switch option {
            case "leftarg": left = try typeNameParser.parseTypeName()
            case "rightarg": right = try typeNameParser.parseTypeName()
            case "function", "procedure": function = try parseQualifiedName("function name")
            default:
                while !atEnd, !at(.comma), !at(.rightParen) {
                    if at(.leftParen) { try skipParenthesized() } else { advance() }
                }
            }
        } while accept(.comma)
        try expect(.rightParen, "')'")
        guard atEnd, let function, right != nil else { throw error(expected: "end of statement") }
        return OperatorStatement(schema: schema, name: name, left: left, right: right, action: .create(function: function),
                                 location: start.location)
    }

    /// `[schema.]op`.
    func parseOperatorName() throws(ParseError) -> (schema: String?, name: String) {
        var schema: String?
        if current.kind == .word || current.kind == .quotedIdentifier {
            schema = identifier(advance()).name
            try expect(.dot, "'.'")
        }
        return (schema, try expect(.op, "operator").value)
    }

    /// `op (left | NONE, right)` of DROP and ALTER OPERATOR.
    func parseOperatorSignature() throws(ParseError) -> (schema: String?, name: String, left: TypeName?, right: TypeName?) {
        let (schema, name) = try parseOperatorName()
        try expect(.leftParen, "'('")
        let left: TypeName? = acceptWord("none") ? nil : try typeNameParser.parseTypeName()
        try expect(.comma, "','")
        let right: TypeName? = acceptWord("none") ? nil : try typeNameParser.parseTypeName()
        try expect(.rightParen, "')'")
        return (schema, name, left, right)
    }
}

extension AlterParser {
    /// At `OPERATOR` after `DROP`: `[IF EXISTS] op (left, right), ... [CASCADE | RESTRICT]`; nil
    /// when it cannot be read.
    func parseDropOperators(start: Token) -> Statement? {
        let saved = mark()
        do {
            try expectWord("operator")
            let ifExists = acceptWords("if", "exists")
            var statements: [OperatorStatement] = []
            repeat {
                let (schema, name, left, right) = try createParser.parseOperatorSignature()
                statements.append(OperatorStatement(schema: schema, name: name, left: left, right: right,
                                                    action: .drop(ifExists: ifExists), location: start.location))
            } while accept(.comma)
            if !acceptWord("cascade") { _ = acceptWord("restrict") }
            guard atEnd else { throw error(expected: "end of statement") }
            return .operators(statements)
        } catch {
            reset(saved)
            return nil
        }
    }

    /// At `OPERATOR` after `ALTER`: `op (left, right) SET SCHEMA s`; nil for another form or
    /// one that cannot be read.
    func parseAlterOperator(start: Token) -> Statement? {
        let saved = mark()
        do {
            try expectWord("operator")
            let (schema, name, left, right) = try createParser.parseOperatorSignature()
            try expectWord("set")
            try expectWord("schema")
            let newSchema = try parseColumnId("schema name")
            guard atEnd else { throw error(expected: "end of statement") }
            return .operators([OperatorStatement(schema: schema, name: name, left: left, right: right,
                                                 action: .setSchema(newSchema), location: start.location)])
        } catch {
            reset(saved)
            return nil
        }
    }
}
