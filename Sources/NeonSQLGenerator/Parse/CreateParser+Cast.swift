// CREATE CAST and DROP CAST: the two types, the method and the context (AST+Cast.swift).

extension CreateParser {
    /// `CREATE CAST (source AS target) WITH FUNCTION f[(types)] | WITHOUT FUNCTION | WITH INOUT
    /// [AS ASSIGNMENT | AS IMPLICIT]`.
    func parseCreateCast(start: Token) throws(ParseError) -> Statement {
        try expectWord("cast")
        let (source, target) = try parseCastTypes()
        let method: CastStatement.Method
        if acceptWords("without", "function") {
            method = .binary
        } else if acceptWords("with", "inout") {
            method = .ioConversion
        } else {
            try expectWord("with")
            try expectWord("function")
            _ = try parseQualifiedName("function name")
            if at(.leftParen) { try skipParenthesized() }
            method = .function
        }
        var context = CastStatement.Context.explicit
        if acceptWords("as", "assignment") {
            context = .assignment
        } else if acceptWords("as", "implicit") {
            context = .implicit
        }
        skipToEnd()
        return .cast(CastStatement(source: source, target: target, action: .create(context: context, method: method),
                                   location: start.location))
    }

    /// `(source AS target)` of CREATE CAST and DROP CAST.
    func parseCastTypes() throws(ParseError) -> (source: TypeName, target: TypeName) {
        try expect(.leftParen, "'('")
        let source = try typeNameParser.parseTypeName()
        try expectWord("as")
        let target = try typeNameParser.parseTypeName()
        try expect(.rightParen, "')'")
        return (source, target)
    }
}

extension AlterParser {
    /// `DROP CAST [IF EXISTS] (source AS target) [CASCADE | RESTRICT]`, after `DROP`.
    func parseDropCast(start: Token) throws(ParseError) -> Statement {
        try expectWord("cast")
        let ifExists = acceptWords("if", "exists")
        let (source, target) = try createParser.parseCastTypes()
        skipToEnd()
        return .cast(CastStatement(source: source, target: target, action: .drop(ifExists: ifExists), location: start.location))
    }
}
