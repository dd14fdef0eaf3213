// Type-level DDL: CREATE EXTENSION, CREATE DOMAIN, CREATE TYPE name AS (composite) and
// CREATE TYPE name AS RANGE (subtype = ...). Enums stay in Parser+DDL.swift.

/// A statement defining a type, or creating an extension (which defines types, functions and
/// operators).
struct TypeDefinitionStatement: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// `CREATE EXTENSION [IF NOT EXISTS] name`
        case createExtension(ifNotExists: Bool)
        /// `CREATE DOMAIN name [AS] base [NOT NULL] [CHECK (...)] ...`
        case domain(base: TypeName, notNull: Bool)
        /// `CREATE TYPE name AS (field type, ...)`
        case composite(fields: [ColumnDefinition])
        /// `CREATE TYPE name AS RANGE (subtype = type, [multirange_type_name = name,] ...)`
        case range(subtype: TypeName, multirangeName: TypeName?)
    }

    let name: QualifiedName
    let kind: Kind
    let location: SourceLocation
}

extension CreateParser {
    /// After CREATE (and OR REPLACE/modifiers), at the object kind: a type definition, or nil
    /// (nothing consumed) for anything else, CREATE TYPE ... AS ENUM included.
    func parseTypeDefinition(start: Token) throws(ParseError) -> Statement? {
        switch current.value {
        case "extension":
            advance()
            let ifNotExists = acceptWords("if", "not", "exists")
            let name = try parseQualifiedName("extension name")
            skipToEnd()
            return .defineType(TypeDefinitionStatement(name: name, kind: .createExtension(ifNotExists: ifNotExists), location: start.location))
        case "domain":
            advance()
            let name = try parseQualifiedName("domain name")
            _ = acceptWord("as")
            let base = try typeNameParser.parseTypeName()
            var notNull = false
            while current.kind == .word {
                if acceptWord("constraint") {
                    _ = try parseColumnId("constraint name")
                } else if acceptWords("not", "null") {
                    notNull = true
                } else if acceptWord("null") {
                    continue
                } else if acceptWord("check") {
                    try skipParenthesized()
                } else if acceptWord("default") || acceptWord("collate") {
                    _ = try expressionParser.parseExpression(minimum: Precedence.comparison)
                } else {
                    break
                }
            }
            skipToEnd()
            return .defineType(TypeDefinitionStatement(name: name, kind: .domain(base: base, notNull: notNull), location: start.location))
        case "type":
            let saved = mark()
            advance()
            let name = try parseQualifiedName("type name")
            guard acceptWord("as") else {
                reset(saved)
                return nil
            }
            if at(.leftParen) {
                advance()
                var fields: [ColumnDefinition] = []
                if !at(.rightParen) {
                    repeat {
                        let field = try parseColumnId("attribute name")
                        let type = try typeNameParser.parseTypeName()
                        if acceptWord("collate") { _ = try parseQualifiedName("collation name") }
                        fields.append(ColumnDefinition(name: field, type: type, constraints: []))
                    } while accept(.comma)
                }
                try expect(.rightParen, "')'")
                return .defineType(TypeDefinitionStatement(name: name, kind: .composite(fields: fields), location: start.location))
            }
            if acceptWord("range") {
                try expect(.leftParen, "'('")
                var subtype: TypeName?
                var multirangeName: TypeName?
                repeat {
                    let option = try parseColumnId("range option")
                    try expect(.op, "'='")
                    if option.name == "subtype" {
                        subtype = try typeNameParser.parseTypeName()
                    } else if option.name == "multirange_type_name" {
                        multirangeName = try typeNameParser.parseTypeName()
                    } else {
                        _ = try expressionParser.parseExpression(minimum: Precedence.comparison)
                    }
                } while accept(.comma)
                try expect(.rightParen, "')'")
                guard let subtype else { throw error(expected: "subtype = type") }
                return .defineType(TypeDefinitionStatement(name: name, kind: .range(subtype: subtype, multirangeName: multirangeName), location: start.location))
            }
            reset(saved)
            return nil
        default:
            return nil
        }
    }
}
