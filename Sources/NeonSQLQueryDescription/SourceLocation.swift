/// A position in a source file: byte offset plus 1-based line and column.
package struct SourceLocation: Sendable, Hashable, Comparable {
    package let offset: Int
    package let line: Int
    package let column: Int

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }

    /// Placeholder for synthesized nodes that have no text of their own.
    package static let unknown = SourceLocation(offset: 0, line: 1, column: 1)

    /// Every stored property, as the memberwise initializer takes them.
    package init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }
}
