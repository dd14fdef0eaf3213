/// `ALTER FUNCTION|PROCEDURE|ROUTINE name [(argument types)] action`.
struct AlterFunctionStatement: Sendable, Hashable {
    /// What the statement names: a function, a procedure, or either (`ROUTINE`).
    enum Kind: Sendable, Hashable { case function, procedure, routine }

    enum Action: Sendable, Hashable {
        /// `RENAME TO new`
        case renameTo(Identifier)
        /// `SET SCHEMA s`
        case setSchema(Identifier)
        /// `STRICT` / `RETURNS NULL ON NULL INPUT` (true), `CALLED ON NULL INPUT` (false), among other options.
        case setStrict(Bool)
        /// OWNER TO, IMMUTABLE, SECURITY DEFINER, SET ..., DEPENDS ON EXTENSION ...: no effect on types.
        case other
    }

    let kind: Kind
    let function: FunctionSignatureReference
    let action: Action
    let location: SourceLocation
}
