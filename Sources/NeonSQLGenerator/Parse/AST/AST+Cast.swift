// Syntax tree of CREATE CAST and DROP CAST (CreateParser+Cast.swift).

/// `CREATE CAST (source AS target) WITH FUNCTION f[(types)] | WITHOUT FUNCTION | WITH INOUT
/// [AS ASSIGNMENT | AS IMPLICIT]` or `DROP CAST [IF EXISTS] (source AS target) [CASCADE | RESTRICT]`.
struct CastStatement: Sendable, Hashable {
    /// Where PostgreSQL applies a cast (`pg_cast.castcontext`).
    enum Context: Character, Sendable, Hashable {
        /// `AS IMPLICIT`: in any expression.
        case implicit = "i"
        /// `AS ASSIGNMENT`: in assignment to a column, and written casts.
        case assignment = "a"
        /// Neither: written casts only (`x::t`, `CAST(x AS t)`).
        case explicit = "e"
    }

    /// How the value is converted (`pg_cast.castmethod`).
    enum Method: Character, Sendable, Hashable {
        /// `WITH FUNCTION f(...)`.
        case function = "f"
        /// `WITH INOUT`: through the types' text I/O.
        case ioConversion = "i"
        /// `WITHOUT FUNCTION`: binary-coercible.
        case binary = "b"
    }

    enum Action: Sendable, Hashable {
        case create(context: Context, method: Method)
        case drop(ifExists: Bool)
    }

    let source: TypeName
    let target: TypeName
    let action: Action
    let location: SourceLocation
}
