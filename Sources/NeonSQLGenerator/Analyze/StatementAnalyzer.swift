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

    private mutating func inferLiteral(_ literal: LiteralValue, _ context: OperandContext?) -> TypedValue {
        switch literal {
        case .integer(let digits):
            return TypedValue(type: TypeRules.integerLiteralType(digits), nullable: false)
        case .numeric:
            return TypedValue(type: .numeric, nullable: false)
        case .string:
            if let type = context?.type, type != .unknown { return TypedValue(type: type, nullable: false) }
            return .unknownLiteral(nullable: false)
        case .bitString:
            return TypedValue(type: .builtin(.bit), nullable: false)
        case .boolean:
            return TypedValue(type: .bool, nullable: false)
        case .null:
            if let type = context?.type, type != .unknown { return TypedValue(type: type, nullable: true) }
            return .unknownLiteral(nullable: true)
        }
    }

    private mutating func inferParameter(_ node: ParameterNode, _ context: OperandContext?) -> TypedValue {
        guard let index = parameters.index(of: node) else {
            return TypedValue(type: .unknown, nullable: false)
        }
        if let context {
            reportConflictingParameterType(index, node, context)
            parameters.note(index, type: context.type, elementNullable: context.elementNullable,
                            name: context.name, nullMeaningful: context.nullMeaningful)
            parameters.noteOrigin(index, context.origin, isElement: context.originIsElement)
            let wasTyped = parameters.slots[index]?.typedAt != nil
            parameters.noteTypedAt(index, node.location, by: context.coercion)
            if !wasTyped { reportNullTestBeforeType(index) }
        }
        let slot = parameters.slots[index]
        return TypedValue(type: slot?.type ?? .unknown, nullable: slot?.explicitlyNullable ?? false,
                          elementNullable: slot?.elementNullable ?? false)
    }

    private mutating func inferQuantified(_ op: String, _ lhs: Expression, _ rhs: Expression, _ scope: Scope) -> TypedValue {
        if isUntyped(lhs) && !isUntyped(rhs) {
            let array = infer(rhs, scope)
            let left = infer(lhs, scope, OperandContext(type: array.type.elementType ?? array.type, name: array.name))
            return TypedValue(type: .bool, nullable: left.nullable || array.nullable || array.elementNullable)
        }
        let left = infer(lhs, scope)
        let hint = left.name.map { $0.hasSuffix("s") ? $0 : $0 + "s" }
        // An array parameter typed by an earlier use keeps its type (`id = ANY(@ids) AND score =
        // ANY(@ids)`: the operator then compares integer with bigint).
        let arrayType: SQLType? = left.type == .unknown || !isUnknownInput(rhs) ? nil : .array(left.type)
        let array = infer(rhs, scope, OperandContext(type: arrayType, name: hint, origin: left.origin, originIsElement: true))
        return TypedValue(type: .bool, nullable: left.nullable || array.nullable || array.elementNullable)
    }

    /// Infers several expressions that must share one type (IN lists, BETWEEN, VALUES columns):
    /// the typed ones first, then the untyped ones with their common type.
    mutating func inferCommon(_ expressions: [Expression], _ scope: Scope, name: String? = nil) -> [TypedValue] {
        var values = [TypedValue?](repeating: nil, count: expressions.count)
        for (index, expression) in expressions.enumerated() where !isUntyped(expression) {
            values[index] = infer(expression, scope)
        }
        let typed = values.compactMap { $0 }
        let common = typed.isEmpty ? nil : TypeRules.commonType(typed.map(\.type))
        let hint = name ?? typed.first?.name
        for (index, expression) in expressions.enumerated() where values[index] == nil {
            var context = OperandContext(type: common, name: hint, origin: typed.first?.origin)
            // A parameter typed by a later item since (`id IN (@x, @x + 1)`): PostgreSQL coerces
            // this use to the common type, which must then be its very type.
            if parameterIndex(of: expression) != nil, !isUntyped(expression) { context.coercion = .exact }
            values[index] = infer(expression, scope, context)
        }
        return values.map { $0 ?? TypedValue(type: .unknown, nullable: true) }
    }

    private mutating func inferCast(_ inner: Expression, _ typeName: TypeName, _ scope: Scope) -> TypedValue {
        guard let type = resolveType(typeName) else {
            _ = infer(inner, scope)
            return TypedValue(type: .unknown, nullable: true)
        }
        let value: TypedValue
        if case .function(let call) = inner.kind {
            value = inferFunction(call, scope, nil, insideCast: true)
        } else {
            value = infer(inner, scope, OperandContext(type: type, coercion: .explicit))
        }
        // FigureColname: a cast keeps a name of strength 2 (a column, a call), else takes the type's.
        let keepsName = value.name != nil && !value.nameIsFallback
        var result = TypedValue(type: type, nullable: value.nullable, elementNullable: value.elementNullable,
                                name: keepsName ? value.name : castColumnName(type, typeName))
        result.nameIsFallback = !keepsName
        if case .array = type, case .arrayLiteral = inner.kind {
            result.elementNullable = value.elementNullable
        }
        return result
    }

    /// PostgreSQL names a cast of an unnamed value after the type (`1::int` is column `int4`).
    private func castColumnName(_ type: SQLType, _ typeName: TypeName) -> String {
        switch type {
        case .builtin(let builtin): return builtin.rawValue
        case .array(let element): return castColumnName(element, typeName)
        default: return typeName.name
        }
    }

    /// Whether an aggregate (or first_value/last_value) call sees at least one row: a window
    /// whose frame holds the current row, or a plain aggregate at a level with GROUP BY.
    func seesAtLeastOneRow(_ call: FunctionCall, _ scope: Scope) -> Bool {
        guard let over = call.over else {
            return FunctionCatalog.kind(of: call.name.name?.name ?? "") == .aggregate && scope.isGrouped
        }
        guard over.frameIncludesCurrentRow else { return false }
        guard let base = over.name?.name else { return true }
        // `OVER w` / `OVER (w ...)`: a frame not given here is w's.
        var current: Scope? = scope
        while let level = current {
            if let named = level.windows[base] { return named.frameIncludesCurrentRow }
            current = level.parent
        }
        return false
    }

    /// Whether a query surely returns exactly one row: a single SELECT with an aggregate in its
    /// select list and no GROUP BY (not even `()`, which GROUPING SETS can repeat), HAVING, LIMIT,
    /// OFFSET or set-returning function.
    func returnsExactlyOneRow(_ query: SelectStatement) -> Bool {
        guard query.limit == nil, query.offset == nil, case .select(let core) = query.body,
              core.groupBy.isEmpty, !core.groupsBySets, core.having == nil else { return false }
        var hasAggregate = false
        for target in core.targets {
            guard case .expression(let expression, _) = target else { return false }
            let calls = expression.functionCalls
            if calls.contains(where: { FunctionCatalog.isSetReturning($0.name.name?.name ?? "") }) { return false }
            if calls.contains(where: { $0.over == nil && FunctionCatalog.kind(of: $0.name.name?.name ?? "") == .aggregate }) {
                hasAggregate = true
            }
        }
        return hasAggregate
    }

    mutating func analyzeWindow(_ window: WindowSpecification, _ scope: Scope) {
        for expression in window.partitionBy { _ = infer(expression, scope) }
        for item in window.orderBy { _ = infer(item.expression, scope) }
    }

    private mutating func inferCase(_ operand: Expression?, _ branches: [CaseBranch], _ elseResult: Expression?,
                                    _ scope: Scope, _ context: OperandContext?) -> TypedValue {
        if let operand {
            // An untyped CASE operand is text (transformCaseExpr), whatever the WHEN values are.
            let subject = infer(operand, scope, isUnknownInput(operand) ? .type(.text) : nil)
            for branch in branches {
                _ = infer(branch.condition, scope, OperandContext(type: subject.type, name: subject.name))
            }
        } else {
            for branch in branches { _ = infer(branch.condition, scope, .type(.bool)) }
        }
        let results = branches.map(\.result) + (elseResult.map { [$0] } ?? [])
        let values = inferCommonWithContext(results, scope, context)
        let type = TypeRules.commonType(values.map(\.type))
        let nullable = elseResult == nil || values.contains { $0.nullable }
        // FigureColname: a CASE is named after its ELSE result when that has a name of strength 2.
        let elseValue = elseResult == nil ? nil : values.last
        let elseName = elseValue.flatMap { $0.nameIsFallback ? nil : $0.name }
        var result = TypedValue(type: type == .unknown ? .text : type, nullable: nullable,
                                elementNullable: values.contains { $0.elementNullable }, name: elseName ?? "case")
        result.nameIsFallback = elseName == nil
        return result
    }

    private mutating func inferCommonWithContext(_ expressions: [Expression], _ scope: Scope, _ context: OperandContext?) -> [TypedValue] {
        var values = [TypedValue?](repeating: nil, count: expressions.count)
        for (index, expression) in expressions.enumerated() where !isUntyped(expression) {
            values[index] = infer(expression, scope)
        }
        let typed = values.compactMap { $0 }
        let common = typed.isEmpty ? context?.type : TypeRules.commonType(typed.map(\.type))
        for (index, expression) in expressions.enumerated() where values[index] == nil {
            values[index] = infer(expression, scope, OperandContext(type: common ?? .text, name: context?.name))
        }
        return values.map { $0 ?? TypedValue(type: .unknown, nullable: true) }
    }

    private mutating func inferArrayLiteral(_ elements: [Expression], _ scope: Scope, _ context: OperandContext?) -> TypedValue {
        let elementContext = context?.type?.elementType.map { OperandContext(type: $0, name: context?.name) }
        var values = [TypedValue?](repeating: nil, count: elements.count)
        for (index, element) in elements.enumerated() where !isUntyped(element) {
            values[index] = infer(element, scope)
        }
        let typed = values.compactMap { $0 }
        let common = typed.isEmpty ? elementContext?.type : TypeRules.commonType(typed.map(\.type))
        for (index, element) in elements.enumerated() where values[index] == nil {
            values[index] = infer(element, scope, OperandContext(type: common ?? elementContext?.type ?? .text, name: context?.name))
        }
        let resolved = values.compactMap { $0 }
        var elementType = TypeRules.commonType(resolved.map(\.type))
        if resolved.isEmpty { elementType = context?.type?.elementType ?? .unknown }
        // Nested ARRAY[[...]] is a multidimensional array of the same element type.
        if case .array = elementType {
            return TypedValue(type: elementType, nullable: false, elementNullable: resolved.contains { $0.elementNullable }, name: "array")
        }
        return TypedValue(type: .array(elementType), nullable: false, elementNullable: resolved.contains { $0.nullable }, name: "array")
    }

    /// What subscripting a geometric value gives: point -> double precision, lseg/box -> point.
    private func geometricSubscriptType(_ type: SQLType) -> SQLType? {
        switch type.typname {
        case "point": .float8
        case "lseg", "box": .named("point")
        default: nil
        }
    }

    private func valueFunctionType(_ function: SQLValueFunction) -> SQLType {
        switch function {
        case .currentDate: .builtin(.date)
        case .currentTime: .builtin(.timetz)
        case .currentTimestamp: .builtin(.timestamptz)
        case .localTime: .builtin(.time)
        case .localTimestamp: .builtin(.timestamp)
        case .currentUser, .sessionUser, .user, .currentRole, .currentSchema, .currentCatalog: .builtin(.name)
        }
    }

    mutating func resolveType(_ name: TypeName) -> SQLType? {
        if let resolution = TypeResolver.resolve(name, in: catalog) { return resolution.type }
        let written = (name.schema.map { $0 + "." } ?? "") + name.name
        error("type \"\(written)\" does not exist" + NameSuggestions.suffix(for: written, among: typeNames()), at: name.location)
        return nil
    }

    // MARK: Names

    func findEntry(named name: String, _ scope: Scope) -> RangeEntry? {
        var current: Scope? = scope
        while let level = current {
            if let entry = level.entries.last(where: { $0.name == name }) { return entry }
            current = level.parent
        }
        return nil
    }

    /// Resolves `col`, `t.col` or `s.t.col` through the scope chain, reporting what PostgreSQL would.
    mutating func resolveColumn(_ name: QualifiedName, _ scope: Scope) -> TypedValue? {
        guard let column = name.name else { return nil }
        let qualifier = name.qualifier
        if qualifier.isEmpty {
            var current: Scope? = scope
            while let level = current {
                if level.allowOutputAliases, let output = level.outputColumns.first(where: { $0.name == column.name }) {
                    return output.value
                }
                var matches: [TypedValue] = level.mergedColumns.filter { $0.name == column.name }.map(\.value)
                for entry in level.entries where !entry.hiddenUnqualified.contains(column.name) {
                    matches += entry.columns.filter { $0.name == column.name }.map(\.value)
                    if let system = systemColumnValue(column.name, of: entry) { matches.append(system) }
                }
                if matches.count > 1 {
                    error("column reference \"\(column.name)\" is ambiguous", at: column.location)
                    return matches[0]
                }
                if let match = matches.first { return match }
                // A bare table name is a whole-row reference.
                if let entry = level.entries.last(where: { $0.name == column.name }) {
                    return wholeRowValue(of: entry, name: column.name)
                }
                current = level.parent
            }
            if !hasUnresolvedRelation {
                error("column \"\(column.name)\" does not exist" + NameSuggestions.suffix(for: column.name, among: columnNamesInScope(scope)),
                      at: column.location)
            }
            return nil
        }
        guard let tableName = qualifier.last else { return nil }
        guard let entry = findEntry(named: tableName.name, scope) else {
            if !hasUnresolvedRelation {
                error("missing FROM-clause entry for table \"\(tableName.name)\"" + NameSuggestions.suffix(for: tableName.name, among: rangeEntryNames(scope)),
                      at: tableName.location)
            }
            return nil
        }
        guard let match = entry.columns.first(where: { $0.name == column.name }) else {
            if let system = systemColumnValue(column.name, of: entry) { return system }
            error("column \(tableName.name).\(column.name) does not exist" + NameSuggestions.suffix(for: column.name, among: entry.columns.map(\.name)),
                  at: column.location)
            return nil
        }
        return match.value
    }
}
