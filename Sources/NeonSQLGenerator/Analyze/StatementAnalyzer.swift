/// What a context expects of an untyped operand (a parameter or a string constant), and what it
/// tells a parameter about its name and nullability.
struct OperandContext {
    var type: SQLType?
    var elementNullable = false
    /// A name for a `$n` parameter taken from its context (`journey_id` in `jd.journey_id = $1`).
    var name: String?
    /// NULL is a meaningful value here (a nullable column's new value, `COALESCE(@p, ...)`).
    var nullMeaningful = false
    /// The table column the value goes into or is compared with (for column type overrides);
    /// `originIsElement` when the operand is an array of such values (`col = ANY(@p)`).
    var origin: ColumnOrigin?
    var originIsElement = false
    /// How PostgreSQL coerces a value to ``type`` here; decides which earlier parameter types
    /// a parameter's later use accepts.
    var coercion: ParameterCoercion = .implicit

    static func type(_ type: SQLType?) -> OperandContext { OperandContext(type: type) }
}

/// The coercion a context applies to a value (PostgreSQL's COERCION_IMPLICIT, _ASSIGNMENT and
/// _EXPLICIT).
enum ParameterCoercion: Sendable, Hashable {
    /// An operand, a function argument, WHERE, LIMIT.
    case implicit
    /// A column's new value in one INSERT's values or one SET list (numbered: PostgreSQL reads
    /// the whole list before it coerces any of it).
    case assignment(list: Int)
    /// `x::type`, `CAST(x AS type)`.
    case explicit
    /// An untyped parameter PostgreSQL read before another use of it fixed its type (two
    /// elements of one row, `(a, b) > (@x, @x)`): coerced afterwards, it must have that very type
    /// ("inconsistent types deduced for parameter").
    case exact
}

/// An output column of a statement.
struct OutputColumn: Sendable, Hashable {
    /// The name PostgreSQL reports, after removing a `!`/`?` nullability override.
    var name: String
    var value: TypedValue
    /// `AS "x!"` (false) or `AS "x?"` (true).
    var nullabilityOverride: Bool?
    var location: SourceLocation
    /// The value is unique per row (a key of the statement's only row source).
    var isUnique = false
    /// Set when the column is one of a `sqlc.embed(t)` item's.
    var embed: EmbeddedColumn?
    /// Where the value is written when that is not `location` (`x` of `x AS a`): where
    /// PostgreSQL reports an INSERT ... SELECT value its column cannot take.
    var valueLocation: SourceLocation?
    /// An untyped output (a string constant, NULL, a parameter) typed as text because its SELECT
    /// gave it no other type. PostgreSQL keeps such an output untyped in places (the SELECT of an
    /// INSERT, a set operation's branch), where its real type is then not this one.
    var isUnknownAsText = false

    var nullable: Bool { nullabilityOverride ?? value.nullable }
}

/// Resolves names and infers types and nullability for one statement (or a view's query),
/// collecting diagnostics and parameter facts as it goes.
struct StatementAnalyzer {
    let catalog: Catalog
    let source: SourceFile
    var diagnostics = DiagnosticCollector()
    var parameters: ParameterTable
    /// False once a data-modifying statement or CTE is seen.
    var isReadOnly = true
    /// Source edits the SQL sent needs besides parameters: `AS "x!"` -> `AS "x"`.
    var aliasEdits: [(offset: Int, length: Int)] = []
    /// `sqlc.embed(t)` items and the column list each stands for in the SQL sent (`t.a, t.b`).
    var embedEdits: [(offset: Int, length: Int, replacement: String)] = []
    /// `*` and `t.*` of select and RETURNING lists and the column list each stands for in the SQL
    /// sent (StatementAnalyzer+StarExpansion.swift).
    var starEdits: [(offset: Int, length: Int, replacement: String)] = []
    /// `-- @sort` keys by the offset of the `ORDER BY @order` parameter they stand for, and the
    /// slots the analysis met (QueryTemplateBuilder checks that every one was an ORDER BY item).
    var sortSlots: [Int: SortDirective] = [:]
    var consumedSortSlots: Set<Int> = []
    /// A FROM item failed to resolve (reported): unresolved columns are then its consequence and
    /// not reported again, as PostgreSQL stops at the first error.
    var hasUnresolvedRelation = false
    /// The result shape of each resolved function call, by the offset of its name: what FROM items
    /// and `(f(x)).field` / `(f(x)).*` read (StatementAnalyzer+CallShapes.swift).
    var callShapes: [Int: CallShape] = [:]
    /// Set by INSERT ... SELECT for the SELECT's own select list: PostgreSQL types an untyped
    /// output (a parameter, a string constant) by the target column it is inserted into.
    var pendingInsertTargets: [OperandContext]?
    /// Untyped parameters of the select list being analyzed: PostgreSQL makes them text only at
    /// the end of the SELECT, after WHERE, GROUP BY and HAVING had their chance to type them
    /// (resolveTargetListUnknowns). nil outside a select list (RETURNING resolves at once).
    var deferredTextParameters: [(node: ParameterNode, alias: String?)]?
    private var depth = 0
    private(set) var reportedNestingTooDeep = false
    /// Numbers INSERT value lists and UPDATE SET lists (``ParameterCoercion/assignment(list:)``).
    var assignmentList = 0
    /// Lowest usable stack address of the analyzing thread: a long operator chain (`1 + 1 + ...`)
    /// is a left-deep tree the parser builds in a loop, so the analyzer's recursion needs its own
    /// guard (see `StackGuard`); a debug build's frames are large, and secondary threads small.
    private let stackLowBound = StackGuard.currentThreadStackLowBound()

    init(catalog: Catalog, source: SourceFile, parameters: ParameterTable = ParameterTable(occurrences: [])) {
        self.catalog = catalog
        self.source = source
        self.parameters = parameters
    }

    /// True (and reported once per statement) when this thread's stack is nearly used up: the
    /// recursion over a long operator or UNION chain stops with a diagnostic instead of overflowing.
    mutating func isNestedTooDeeply(at location: SourceLocation) -> Bool {
        guard StackGuard.isNearlyExhausted(lowBound: stackLowBound) else { return false }
        reportNestedTooDeeply(at: location)
        return true
    }

    private mutating func reportNestedTooDeeply(at location: SourceLocation) {
        guard !reportedNestingTooDeep else { return }
        error("expression is nested too deeply", at: location)
        reportedNestingTooDeep = true
    }

    mutating func error(_ message: String, at location: SourceLocation) {
        // Once the analyzer gave up on a too-deep statement, later errors are its consequences.
        guard !reportedNestingTooDeep else { return }
        diagnostics.error(message, in: source, at: location)
    }

    // MARK: Entry points

    /// The columns of a view's defining query; nil when it has errors.
    mutating func analyzeViewQuery(_ query: SelectStatement) -> [TypedValue]? {
        let before = diagnostics.diagnostics.count
        let columns = analyzeSelect(query, outer: nil)
        let hasErrors = diagnostics.diagnostics.dropFirst(before).contains { $0.severity == .error }
        return hasErrors ? nil : columns.map { $0.value.withNullable($0.nullable).renamed($0.name) }
    }

    /// The result columns of a top-level statement: a SELECT's columns, a DML statement's
    /// RETURNING list, or none.
    mutating func analyzeStatement(_ statement: Statement) -> [OutputColumn] {
        switch statement {
        case .select(let select):
            return analyzeSelect(select, outer: nil)
        case .insert(let insert):
            return analyzeInsert(insert, outer: nil)
        case .update(let update):
            return analyzeUpdate(update, outer: nil)
        case .delete(let delete):
            return analyzeDelete(delete, outer: nil)
        case .merge(let merge):
            return analyzeMerge(merge, outer: nil)
        case .call(let call, _):
            return analyzeCall(call)
        default:
            return []
        }
    }

    // MARK: Expressions

    /// An untyped operand takes its type from its context.
    func isUntyped(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .literal(.string), .literal(.null):
            return true
        case .parameter(let node):
            guard let index = parameters.index(of: node) else { return false }
            let type = parameters.type(of: index)
            return type == nil || type == .unknown
        case .parenthesized(let inner):
            return isUntyped(inner)
        case .arrayLiteral(let elements):
            return !elements.isEmpty && elements.allSatisfy(isUntyped) || elements.isEmpty
        default:
            return false
        }
    }

    /// The parameter an expression is, if it is one (possibly parenthesized).
    func parameterIndex(of expression: Expression) -> Int? {
        switch expression.kind {
        case .parameter(let node): return parameters.index(of: node)
        case .parenthesized(let inner): return parameterIndex(of: inner)
        default: return nil
        }
    }

    /// The parameter under parentheses and casts (`@p::integer IS NULL` tests `@p`).
    func underlyingParameterIndex(of expression: Expression) -> Int? {
        switch expression.kind {
        case .cast(let inner, _): return underlyingParameterIndex(of: inner)
        case .parenthesized(let inner): return underlyingParameterIndex(of: inner)
        default: return parameterIndex(of: expression)
        }
    }

    mutating func infer(_ expression: Expression, _ scope: Scope, _ context: OperandContext? = nil) -> TypedValue {
        depth += 1
        defer { depth -= 1 }
        if depth > 400 || isNestedTooDeeply(at: expression.location) {
            if depth == 401 { reportNestedTooDeeply(at: expression.location) }
            return TypedValue(type: .unknown, nullable: true)
        }
        switch expression.kind {
        case .literal(let literal):
            if case .string(let text) = literal, let type = context?.type, let message = invalidEnumLabel(text, for: type) {
                error(message, at: expression.location)
            }
            return inferLiteral(literal, context)
        case .typedLiteral(let typeName, _):
            guard let type = resolveType(typeName) else { return TypedValue(type: .unknown, nullable: false) }
            var value = TypedValue(type: type, nullable: false, name: castColumnName(type, typeName))
            value.nameIsFallback = true
            return value
        case .column(let name):
            // FigureColname: a column reference is named by its last identifier with strength 2,
            // whatever named the column where it was made (`'x'::text AS kind`, then `kind::text`).
            var value = resolveColumn(name, scope) ?? TypedValue(type: .unknown, nullable: true)
            value.name = name.name?.name ?? value.name
            value.nameIsFallback = false
            return value
        case .qualifiedStar(let name):
            guard let entry = findEntry(named: name.name?.name ?? "", scope) else {
                error("missing FROM-clause entry for table \"\(name.name?.name ?? "")\"", at: name.location)
                return TypedValue(type: .builtin(.record), nullable: false, name: name.name?.name)
            }
            return wholeRowValue(of: entry, name: name.name?.name)
        case .parameter(let node):
            return inferParameter(node, context)
        case .unary(let op, let operand):
            return inferUnary(op, operand, scope, context)
        case .binary(let op, let lhs, let rhs):
            if op != "and", op != "or", let value = inferRowOperator(op, lhs, rhs, scope) { return value }
            return inferBinary(op, lhs, rhs, scope)
        case .like(let value, let pattern, nil, let caseInsensitive, false, let negated):
            // LIKE is the operator ~~ (ILIKE ~~*): citext and bytea have their own.
            let op = (negated ? "!" : "") + (caseInsensitive ? "~~*" : "~~")
            let call = inferOperatorCall(op, value, pattern, scope, at: expression.location)
            return TypedValue(type: .bool, nullable: call.operands.contains { $0.nullable })
        case .like(let value, let pattern, let escape, _, _, _):
            let left = infer(value, scope, isUntyped(value) ? .type(.text) : nil)
            let right = infer(pattern, scope, OperandContext(type: .text, name: left.name))
            if let escape { _ = infer(escape, scope, .type(.text)) }
            return TypedValue(type: .bool, nullable: left.nullable || right.nullable)
        case .isNull(let operand, _):
            if let index = underlyingParameterIndex(of: operand) { parameters.markNullMeaningful(index) }
            if let index = parameterIndex(of: operand) { parameters.noteUntypedNullTest(index, operand.location) }
            _ = infer(operand, scope)
            return TypedValue(type: .bool, nullable: false)
        case .isTruth(let operand, _, _):
            _ = infer(operand, scope, .type(.bool))
            return TypedValue(type: .bool, nullable: false)
        case .isDistinctFrom(let lhs, let rhs, _):
            if let value = inferRowDistinct(lhs, rhs, scope) { return value }
            let (left, right) = inferPair(lhs, rhs, scope, op: "=")
            if let index = underlyingParameterIndex(of: lhs), right.nullable { parameters.markNullMeaningful(index) }
            if let index = underlyingParameterIndex(of: rhs), left.nullable { parameters.markNullMeaningful(index) }
            return TypedValue(type: .bool, nullable: false)
        case .between(let value, let low, let high, let negated):
            return inferBetween(value, low: low, high: high, negated: negated, scope)
        case .inList(let value, let list, let negated):
            if let value = inferRowInList(value, list, negated: negated, scope) { return value }
            let values = inferCommon([value] + list, scope)
            return TypedValue(type: .bool, nullable: values.contains { $0.nullable })
        case .inSubquery(let value, let query, _):
            // NOT IN (SELECT ...) is NOT (x = ANY (SELECT ...)).
            return inferRowSubqueryComparison("=", value, query, scope)
        case .quantified(let op, let lhs, _, let rhs):
            return inferQuantified(op, lhs, rhs, scope)
        case .quantifiedSubquery(let op, let lhs, _, let query):
            return inferRowSubqueryComparison(op, lhs, query, scope)
        case .cast(let inner, let typeName):
            return inferCast(inner, typeName, scope)
        case .function(let call):
            return inferFunction(call, scope, context, insideCast: false)
        case .caseWhen(let operand, let branches, let elseResult):
            return inferCase(operand, branches, elseResult, scope, context)
        case .arrayLiteral(let elements):
            return inferArrayLiteral(elements, scope, context)
        case .arraySubquery(let query):
            let columns = analyzeSelect(query, outer: scope)
            if columns.count != 1 { error("subquery must return only one column", at: query.location) }
            let column = columns.first?.value ?? TypedValue(type: .text, nullable: true)
            let elementType = column.type == .unknown ? SQLType.text : column.type
            return TypedValue(type: .array(elementType), nullable: false, elementNullable: column.nullable, name: "array")
        case .arraySubscript(let base, let lower, let upper, let isSlice):
            let array = infer(base, scope)
            if let lower { _ = infer(lower, scope, OperandContext(type: TypeRules.isJSON(array.type) ? .text : .int4)) }
            if let upper { _ = infer(upper, scope, .type(.int4)) }
            if TypeRules.isJSON(array.type) { return TypedValue(type: array.type, nullable: true, name: array.name) }
            if isSlice { return TypedValue(type: array.type, nullable: true, elementNullable: array.elementNullable, name: array.name) }
            if let geometric = geometricSubscriptType(array.type) {
                // point[0] is x; lseg[0] and box[0] are points.
                return TypedValue(type: geometric, nullable: array.nullable, name: array.name)
            }
            guard let element = TypeRules.arrayElement(array.type) else {
                if array.type != .unknown { error("cannot subscript type \(array.type.formatName) because it does not support subscripting", at: expression.location) }
                return TypedValue(type: .unknown, nullable: true)
            }
            return TypedValue(type: element, nullable: true, name: array.name)
        case .fieldSelection(let base, let field):
            let composite = infer(base, scope)
            if let value = recordFieldValue(base, field, scope) { return value }
            if let fields = catalog.compositeFields(of: composite.type) {
                // (c).x of a composite type: its field's type, NULL when the value or the field is.
                guard let match = fields.first(where: { $0.name == field.name }) else {
                    error("column \"\(field.name)\" not found in data type \(composite.type.formatName)", at: field.location)
                    return TypedValue(type: .unknown, nullable: true, name: field.name)
                }
                return TypedValue(type: match.type, nullable: true, name: field.name)
            }
            if let type = builtinOutputColumnType(base, field: field.name, baseType: composite.type) {
                return TypedValue(type: type, nullable: true, name: field.name)
            }
            error("selecting field \"\(field.name)\" of a composite value is not supported; select the column directly", at: field.location)
            return TypedValue(type: .unknown, nullable: true, name: field.name)
        case .fieldStar(let base):
            // `(x).*` outside a select list (a function argument): the whole value.
            return infer(base, scope, context)
        case .scalarSubquery(let query):
            let columns = analyzeSelect(query, outer: scope)
            if columns.count != 1 { error("subquery must return only one column", at: query.location) }
            guard let column = columns.first else { return TypedValue(type: .unknown, nullable: true) }
            // No row means NULL, whatever the column, unless the subquery surely returns one row.
            var value = column.value.withNullable(returnsExactlyOneRow(query) ? column.nullable : true)
            value.name = column.name
            value.origin = nil
            if value.type == .unknown { value.type = .text }
            return value
        case .exists(let query):
            let mark = starEdits.count
            _ = analyzeSelect(query, outer: scope)
            discardStarExpansions(since: mark)
            return TypedValue(type: .bool, nullable: false, name: "exists")
        case .row(let elements):
            return inferRowConstructor(elements, scope, context)
        case .valueFunction(let function):
            return TypedValue(type: valueFunctionType(function), nullable: false, name: function.rawValue)
        case .atTimeZone(let value, let zone):
            let inner = infer(value, scope, isUntyped(value) ? .type(.builtin(.timestamptz)) : nil)
            let zoneValue = infer(zone, scope, OperandContext(type: .text, name: "time_zone"))
            let type: SQLType = inner.type == .builtin(.timestamptz) ? .builtin(.timestamp)
                : inner.type == .builtin(.timetz) || inner.type == .builtin(.time) ? .builtin(.timetz) : .builtin(.timestamptz)
            return TypedValue(type: type, nullable: inner.nullable || zoneValue.nullable, name: "timezone")
        case .collate(let value, _):
            return infer(value, scope, context)
        case .defaultValue:
            return TypedValue(type: context?.type ?? .unknown, nullable: true)
        case .parenthesized(let inner):
            return infer(inner, scope, context)
        }
    }

}
