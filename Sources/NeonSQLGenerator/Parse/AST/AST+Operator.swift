// Syntax tree of CREATE OPERATOR, DROP OPERATOR and ALTER OPERATOR ... SET SCHEMA (CreateParser+Operator.swift).

/// One operator a statement creates, drops or moves: `[schema.]op` with its operand types.
struct OperatorStatement: Sendable, Hashable {
    enum Action: Sendable, Hashable {
        /// `CREATE OPERATOR op (LEFTARG = t, RIGHTARG = t, FUNCTION|PROCEDURE = f, ...)`.
        case create(function: QualifiedName)
        /// `DROP OPERATOR [IF EXISTS] op (left | NONE, right)`.
        case drop(ifExists: Bool)
        /// `ALTER OPERATOR op (left | NONE, right) SET SCHEMA s`.
        case setSchema(Identifier)
    }

    let schema: String?
    let name: String
    /// LEFTARG: nil for a prefix operator.
    let left: TypeName?
    let right: TypeName?
    let action: Action
    let location: SourceLocation
}
