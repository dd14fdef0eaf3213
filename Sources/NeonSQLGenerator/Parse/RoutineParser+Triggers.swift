// CREATE TRIGGER, CREATE POLICY and CREATE RULE: the table, the events that fire it and the function it runs, which is all the
// table effects need (`Analyze/TableEffects/`): a statement that changes the table also does what
// the function does.

extension RoutineParser {
    /// `CREATE [OR REPLACE] [CONSTRAINT] TRIGGER name {BEFORE | AFTER | INSTEAD OF} event [OR ...] ON table
    /// [FROM ...] [DEFERRABLE ...] [REFERENCING ...] [FOR [EACH] {ROW | STATEMENT}] [WHEN (...)]
    /// EXECUTE {FUNCTION | PROCEDURE} name(arguments)`. A shape it cannot read is kept as an ignored
    /// statement, never a syntax error: the generator does not judge DDL it only reads for effects.
    func parseCreateTrigger(start: Token) -> Statement {
        let saved = mark()
        if let trigger = try? parseTriggerDefinition(start: start) {
            skipToEnd()
            return .createTrigger(trigger)
        }
        reset(saved)
        skipToEnd()
        return .ignored(keyword: "create trigger", location: start.location)
    }

    private func parseTriggerDefinition(start: Token) throws(ParseError) -> CreateTriggerStatement {
        try expectWord("trigger")
        let name = try parseColumnId("trigger name")
        var isInsteadOf = false
        if !acceptWord("before"), !acceptWord("after") {
            try expectWord("instead")
            try expectWord("of")
            isInsteadOf = true
        }
        var events: Set<TableChange> = []
        repeat {
            guard current.kind == .word, let event = TableChange(rawValue: current.value) else {
                throw error(expected: "INSERT, UPDATE, DELETE or TRUNCATE")
            }
            advance()
            events.insert(event)
            if event == .update, acceptWord("of") {
                repeat { _ = try parseColumnId("column name") } while accept(.comma)
            }
        } while acceptWord("or")
        try expectWord("on")
        let table = try parseQualifiedName("table name")
        while !atEnd, !(atWord("execute") && (peek().isWord("function") || peek().isWord("procedure"))) { advance() }
        try expectWord("execute")
        advance()
        let function = try parseQualifiedName("function name")
        return CreateTriggerStatement(name: name, table: table, events: events, function: function, location: start.location,
                                      isInsteadOf: isInsteadOf)
    }
}

extension RoutineParser {
    /// `CREATE POLICY name ON table [AS ...] [FOR ...] [TO ...] [USING (...)] [WITH CHECK (...)]`:
    /// the table and every token after it (a policy's conditions may read other tables). A shape
    /// it cannot read is kept as an ignored statement.
    func parseCreatePolicy(start: Token) -> Statement {
        let saved = mark()
        advance()
        if (try? parseColumnId("policy name")) != nil, acceptWord("on"), let table = try? parseQualifiedName("table name") {
            let first = cursor.index
            skipToEnd()
            return .createPolicy(CreatePolicyStatement(table: table, tokens: Array(cursor.tokens[first..<cursor.index]), location: start.location))
        }
        reset(saved)
        skipToEnd()
        return .ignored(keyword: "create policy", location: start.location)
    }
}

extension RoutineParser {
    /// `CREATE [OR REPLACE] RULE name AS ON {SELECT | INSERT | UPDATE | DELETE} TO table [WHERE ...]
    /// DO [ALSO | INSTEAD] {NOTHING | command | (commands)}`: the table, the event and every token
    /// after the table. A shape it cannot read is kept as an ignored statement (the catalog then
    /// counts a rule it could not resolve).
    func parseCreateRule(start: Token) -> Statement {
        let saved = mark()
        advance()
        if let name = try? parseColumnId("rule name"), acceptWord("as"), acceptWord("on"), current.kind == .word {
            let event = TableChange(rawValue: advance().value)
            if acceptWord("to"), let table = try? parseQualifiedName("table name") {
                let first = cursor.index
                skipToEnd()
                return .createRule(CreateRuleStatement(name: name, table: table, event: event,
                                                       tokens: Array(cursor.tokens[first..<cursor.index]), location: start.location))
            }
        }
        reset(saved)
        skipToEnd()
        return .ignored(keyword: "create rule", location: start.location)
    }
}
