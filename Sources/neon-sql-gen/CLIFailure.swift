/// A failure of the tool itself (unreadable input, unwritable output, conflicting outputs), as
/// opposed to a diagnostic about the SQL. Printed as `neon-sql-gen: error: message`; exit status 1.
struct CLIFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
