/// Walks a statement's syntax tree and collects the relations it reads and changes and the user
/// functions it calls, each resolved against the catalog as the statement would resolve it:
/// a CTE's name hides a table of that name in the scope PostgreSQL gives it (later siblings and
/// the body; every sibling under `WITH RECURSIVE`). What the named views, functions, foreign keys
/// and triggers touch in turn is `TableEffectsResolver`'s.
struct RelationReferenceCollector {
    let catalog: Catalog
    private(set) var references = StatementReferences()
    /// CTE names visible at this point, innermost scope last.
    private var cteScopes: [Set<String>] = []

    init(catalog: Catalog) { self.catalog = catalog }

    /// The references of one top-level statement.
    static func references(of statement: Statement, catalog: Catalog) -> StatementReferences {
        var collector = RelationReferenceCollector(catalog: catalog)
        collector.statement(statement)
        return collector.references
    }

    /// The references of a query (a view's definition).
    static func references(of query: SelectStatement, catalog: Catalog) -> StatementReferences {
        var collector = RelationReferenceCollector(catalog: catalog)
        collector.select(query)
        return collector.references
    }

    mutating func statement(_ statement: Statement) {
        switch statement {
        case .select(let query):
            select(query)
        case .insert(let insert):
            withClause(insert.with) { collector in collector.insert(insert) }
        case .update(let update):
            withClause(update.with) { collector in collector.update(update) }
        case .delete(let delete):
            withClause(delete.with) { collector in collector.delete(delete) }
        case .merge(let merge):
            withClause(merge.with) { collector in collector.merge(merge) }
        case .call(let call, _):
            function(call)
        default:
            break
        }
    }

    // MARK: Statements

    private mutating func insert(_ insert: InsertStatement) {
        let target = relationKey(insert.table)
        if let target { references.write(target, .insert) }
        indirections(insert.columnIndirections)
        switch insert.source {
        case .values(let rows): rows.forEach { $0.forEach { expression($0) } }
        case .select(let query): select(query)
        case .defaultValues: break
        }
        if let conflict = insert.onConflict {
            if case .columns(let columns, let whereClause) = conflict.target {
                columns.forEach { expression($0) }
                whereClause.map { expression($0) }
            }
            if case .update(let set, let whereClause) = conflict.action {
                // The conflicting row is read and updated.
                if let target {
                    references.reads.insert(target)
                    references.write(target, .update)
                }
                set.forEach { expression($0.value) }
                whereClause.map { expression($0) }
            }
        }
        targets(insert.returning)
    }

    private mutating func update(_ update: UpdateStatement) {
        if let target = relationKey(update.table) {
            references.reads.insert(target)
            references.write(target, .update)
        }
        assignments(update.set)
        update.from.forEach { tableReference($0) }
        update.whereClause.map { expression($0) }
        targets(update.returning)
    }

    private mutating func delete(_ delete: DeleteStatement) {
        if let target = relationKey(delete.table) {
            references.reads.insert(target)
            references.write(target, .delete)
        }
        delete.using.forEach { tableReference($0) }
        delete.whereClause.map { expression($0) }
        targets(delete.returning)
    }

    /// MERGE reads its target (joined with the source) and may insert, update and delete its rows:
    /// the target counts as changed in all three ways, whatever the actions (as the text scanner and
    /// PostgreSQL's plan, a ModifyTable of operation Merge, count it), so every foreign-key action and
    /// trigger of the target is followed.
    private mutating func merge(_ merge: MergeStatement) {
        if let target = relationKey(merge.table) {
            references.reads.insert(target)
            for change in [TableChange.insert, .update, .delete] { references.write(target, change) }
        }
        tableReference(merge.source)
        expression(merge.condition)
        for clause in merge.clauses {
            clause.condition.map { expression($0) }
            switch clause.action {
            case .update(let set): assignments(set)
            case .insert(_, let steps, let values, _, _):
                indirections(steps)
                values?.forEach { expression($0) }
            case .delete, .doNothing: break
            }
        }
        targets(merge.returning)
    }

    // MARK: Queries

    mutating func select(_ query: SelectStatement) {
        withClause(query.with) { collector in
            collector.setExpression(query.body)
            query.orderBy.forEach { collector.expression($0.expression) }
            query.limit.map { collector.expression($0) }
            query.offset.map { collector.expression($0) }
        }
    }

    /// Runs `body` with the CTEs of `with` in scope, after collecting each CTE's own statement in
    /// the scope PostgreSQL gives it.
    private mutating func withClause(_ with: WithClause?, _ body: (inout RelationReferenceCollector) -> Void) {
        guard let with else { return body(&self) }
        let names = with.tables.map(\.name.name)
        cteScopes.append(with.recursive ? Set(names) : [])
        for table in with.tables {
            statement(table.statement)
            if !with.recursive { cteScopes[cteScopes.count - 1].insert(table.name.name) }
        }
        body(&self)
        cteScopes.removeLast()
    }

    private mutating func setExpression(_ set: SetExpression) {
        switch set {
        case .select(let core):
            core.targets.forEach { target($0) }
            core.from.forEach { tableReference($0) }
            core.whereClause.map { expression($0) }
            core.groupBy.forEach { expression($0) }
            core.having.map { expression($0) }
            core.windows.forEach { window($0.specification) }
            if case .distinctOn(let expressions) = core.distinct { expressions.forEach { expression($0) } }
        case .values(let rows, _):
            rows.forEach { $0.forEach { expression($0) } }
        case .setOperation(_, _, let left, let right, _):
            setExpression(left)
            setExpression(right)
        case .nested(let query):
            select(query)
        }
    }

    /// A SET list's values and subscripts.
    private mutating func assignments(_ set: [SetClause]) {
        set.forEach { assignment in
            expression(assignment.value)
            indirections(assignment.indirections)
        }
    }

    /// The subscripts after assigned columns (`SET tags[$1] = ...`, `INSERT INTO t (tags[$1])`).
    private mutating func indirections(_ lists: [[AssignmentIndirection]]) {
        for step in lists.joined() { step.bounds.forEach { expression($0) } }
    }

    private mutating func targets(_ targets: [SelectTarget]) { targets.forEach { target($0) } }

    private mutating func target(_ target: SelectTarget) {
        if case .expression(let value, _) = target { expression(value) }
    }

    private mutating func tableReference(_ reference: TableReference) {
        switch reference {
        case .table(let name, _):
            if let key = relationKey(name, cteVisible: true) { references.reads.insert(key) }
        case .subquery(let query, _, _, _):
            select(query)
        case .function(let call, _, _, _, _):
            function(call)
        case .rowsFrom(let functions, _, _, _, _):
            functions.forEach { function($0.call) }
        case .join(let join):
            tableReference(join.left)
            tableReference(join.right)
            if case .on(let condition) = join.condition { expression(condition) }
        case .parenthesized(let inner, _):
            tableReference(inner)
        case .valueFunction:
            break
        }
    }

    // MARK: Expressions

    private mutating func expression(_ expression: Expression) {
        switch expression.kind {
        case .function(let call):
            function(call)
            return
        case .scalarSubquery(let query), .exists(let query), .arraySubquery(let query):
            select(query)
        case .inSubquery(_, let query, _), .quantifiedSubquery(_, _, _, let query):
            select(query)
        default:
            break
        }
        expression.children.forEach { self.expression($0) }
    }

    private mutating func function(_ call: FunctionCall) {
        if let (name, schema) = Self.nameAndSchema(call.name) {
            references.calls.formUnion(Self.calledFunctions(name, schema: schema, catalog: catalog))
        }
        call.arguments.forEach { expression($0) }
        call.orderBy.forEach { expression($0.expression) }
        call.withinGroup.forEach { expression($0.expression) }
        call.filter.map { expression($0) }
        call.over.map { window($0) }
    }

    private mutating func window(_ window: WindowSpecification) {
        window.partitionBy.forEach { expression($0) }
        window.orderBy.forEach { expression($0.expression) }
    }

    // MARK: Names

    /// The keys of the user functions a call of `name` may run: every overload registered, or a
    /// function the catalog holds a body of but could not register. Built-ins give none.
    static func calledFunctions(_ name: String, schema: String?, catalog: Catalog) -> Set<String> {
        let registered = catalog.userFunctions(name, schema: schema)
        if !registered.isEmpty { return Set(registered.map { Catalog.key(schema: $0.schema, name: $0.name) }) }
        return catalog.tableEffects.functionBodyKey(name, schema: schema, searchPath: catalog.searchPath).map { [$0] } ?? []
    }

    /// The catalog key of the relation `name` names, or nil when it names a CTE in scope (only when
    /// `cteVisible`) or nothing the catalog knows (the analyzer reports that).
    private func relationKey(_ name: QualifiedName, cteVisible: Bool = false) -> String? {
        guard let (last, schema) = Self.nameAndSchema(name) else { return nil }
        if name.parts.count == 1, cteVisible, cteScopes.contains(where: { $0.contains(last) }) { return nil }
        guard let relation = catalog.relation(last, schema: schema) else { return nil }
        return Catalog.key(schema: relation.schema, name: relation.name)
    }

    /// A qualified name's last part and the part before it (the schema; nil when unqualified),
    /// read without building an array of the parts' names.
    private static func nameAndSchema(_ name: QualifiedName) -> (name: String, schema: String?)? {
        let parts = name.parts
        guard let last = parts.last else { return nil }
        return (last.name, parts.count > 1 ? parts[parts.count - 2].name : nil)
    }
}
