/// One change of `ALTER TYPE composite ...`.
enum CompositeAttributeAction: Sendable, Hashable {
    /// `ADD ATTRIBUTE name type`
    case add(Identifier, TypeName)
    /// `DROP ATTRIBUTE [IF EXISTS] name`
    case drop(Identifier, ifExists: Bool)
    /// `ALTER ATTRIBUTE name [SET DATA] TYPE type`
    case alterType(Identifier, TypeName)
    /// `RENAME ATTRIBUTE a TO b`
    case rename(from: Identifier, to: Identifier)
}

/// `ALTER DOMAIN name action`.
struct AlterDomainStatement: Sendable, Hashable {
    enum Action: Sendable, Hashable {
        /// `SET NOT NULL`: table columns of the domain can no longer hold NULL.
        case setNotNull
        /// `DROP NOT NULL`
        case dropNotNull
        /// `RENAME TO new`
        case renameTo(Identifier)
        /// `SET SCHEMA s`
        case setSchema(Identifier)
        /// `ADD [CONSTRAINT name] CHECK (...)`, `DROP CONSTRAINT`, `SET DEFAULT`, `DROP DEFAULT`, `OWNER TO`,
        /// `VALIDATE CONSTRAINT`, `RENAME CONSTRAINT`: no effect on types (constraint names are not tracked).
        case other
    }

    let name: QualifiedName
    let action: Action
    let location: SourceLocation
}
