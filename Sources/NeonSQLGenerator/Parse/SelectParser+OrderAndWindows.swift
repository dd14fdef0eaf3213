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
                // `USING >` or `USING OPERATOR(pg_catalog.>)`.
                let op = atWord("operator") && peek().kind == .leftParen
                    ? try { () throws(ParseError) -> String in advance(); return try expressionParser.parseOperatorConstruct() }()
                    : try expect(.op, "operator").value
                descending = op == ">" || op.hasSuffix(".>")
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

    /// `( [existing] [PARTITION BY ...] [ORDER BY ...] [frame] )`.
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
        var frame: WindowFrame?
        if current.kind == .word, ["rows", "range", "groups"].contains(current.value) {
            let mode: WindowFrame.Mode = switch advance().value { case "rows": .rows; case "range": .range; default: .groups }
            var offsets: [Expression] = []
            let frameStart: FrameBound
            var frameEnd = FrameBound.currentRow
            if acceptWord("between") {
                frameStart = try parseFrameBound(&offsets)
                try expectWord("and")
                frameEnd = try parseFrameBound(&offsets)
            } else {
                frameStart = try parseFrameBound(&offsets)
            }
            frame = WindowFrame(mode: mode, offsets: offsets)
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
        specification.frame = frame
        return specification
    }

    /// Where a frame bound lies relative to the current row (UNBOUNDED counts as its direction).
    private enum FrameBound { case preceding, currentRow, following }

    /// One bound; an offset's expression is appended to `offsets`.
    private func parseFrameBound(_ offsets: inout [Expression]) throws(ParseError) -> FrameBound {
        if acceptWord("unbounded") {
            if acceptWord("preceding") { return .preceding }
            try expectWord("following")
            return .following
        }
        if acceptWord("current") {
            try expectWord("row")
            return .currentRow
        }
        offsets.append(try expressionParser.parseExpression(minimum: Precedence.and + 1))
        if acceptWord("preceding") { return .preceding }
        try expectWord("following")
        return .following
    }
}
