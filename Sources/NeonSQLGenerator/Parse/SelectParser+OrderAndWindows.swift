// ORDER BY lists (and `-- @sort` keys) and window specifications with their frames.

extension SelectParser {
    // MARK: - ORDER BY and windows

    /// `ORDER BY item, ...` (the keywords included).
    func parseOrderBy() throws(ParseError) -> [OrderItem] {
        try expectWord("order")
        try expectWord("by")
        return try parseOrderItems()
    }

    /// `expr [ASC | DESC | USING op] [NULLS FIRST | LAST], ...` (ORDER BY's list; a `-- @sort` key).
    func parseOrderItems() throws(ParseError) -> [OrderItem] {
        var items: [OrderItem] = []
        repeat {
            let expression = try expressionParser.parseExpression()
            var descending = false
            if acceptWord("desc") {
                descending = true
            } else if acceptWord("asc") {
            } else if acceptWord("using") {
                let op = try expect(.op, "operator")
                descending = op.value == ">"
            }
            var nullsFirst: Bool?
            if atWord("nulls"), peek().isWord("first") || peek().isWord("last") {
                advance()
                nullsFirst = advance().value == "first"
            }
            items.append(OrderItem(expression: expression, descending: descending, nullsFirst: nullsFirst))
        } while accept(.comma)
        return items
    }

    /// `( [existing] [PARTITION BY ...] [ORDER BY ...] [frame] )`; the frame is parsed and dropped.
    func parseWindowSpecification() throws(ParseError) -> WindowSpecification {
        let start = try expect(.leftParen, "'('")
        var name: Identifier?
        if atColumnId, !(current.kind == .word && ["partition", "order", "rows", "range", "groups"].contains(current.value)) {
            name = identifier(advance())
        }
        var partitionBy: [Expression] = []
        if acceptWord("partition") {
            try expectWord("by")
            partitionBy = try expressionParser.parseExpressionList()
        }
        var orderBy: [OrderItem] = []
        if atWord("order") {
            orderBy = try parseOrderBy()
        }
        var includesCurrentRow = true
        if current.kind == .word, ["rows", "range", "groups"].contains(current.value) {
            advance()
            let frameStart: FrameBound
            var frameEnd = FrameBound.currentRow
            if acceptWord("between") {
                frameStart = try parseFrameBound()
                try expectWord("and")
                frameEnd = try parseFrameBound()
            } else {
                frameStart = try parseFrameBound()
            }
            includesCurrentRow = frameStart != .following && frameEnd != .preceding
            if acceptWord("exclude") {
                if acceptWord("current") {
                    try expectWord("row")
                    includesCurrentRow = false
                } else if acceptWord("no") {
                    try expectWord("others")
                } else if acceptWord("group") {
                    includesCurrentRow = false
                } else if !acceptWord("ties") {
                    throw error(expected: "CURRENT ROW, GROUP, TIES or NO OTHERS")
                }
            }
        }
        try expect(.rightParen, "')'")
        var specification = WindowSpecification(name: name, partitionBy: partitionBy, orderBy: orderBy, location: start.location)
        specification.frameIncludesCurrentRow = includesCurrentRow
        return specification
    }

    /// Where a frame bound lies relative to the current row (UNBOUNDED counts as its direction).
    private enum FrameBound { case preceding, currentRow, following }

    private func parseFrameBound() throws(ParseError) -> FrameBound {
        if acceptWord("unbounded") {
            if acceptWord("preceding") { return .preceding }
            try expectWord("following")
            return .following
        }
        if acceptWord("current") {
            try expectWord("row")
            return .currentRow
        }
        _ = try expressionParser.parseExpression(minimum: Precedence.and + 1)
        if acceptWord("preceding") { return .preceding }
        try expectWord("following")
        return .following
    }
}
