/// An expression of one query level as PostgreSQL compares two analyzed expressions (`equal()`,
/// which a GROUP BY item and a select-list item, or an ORDER BY item and a select-list item of
/// SELECT DISTINCT, must pass to be the same): its structure without parentheses, spacing and
/// the case of keywords and names, with its column references resolved to the FROM items they
/// name (`t.a` and `a` are one column).
///
/// Two keys that differ are different expressions to PostgreSQL only when both are ``isExact``:
/// a cast (but one of a column whose types are known, ``CastTypes``), a typed literal, a COLLATE, a call that may be a cast written as a function
/// (`date(x)` is `x::date`), a subquery or a window may be equal to PostgreSQL while written
/// otherwise (a cast to the type a value has already vanishes; `'day'` and `'day'::text` are one
/// constant).
struct ExpressionKey: Sendable, Hashable {
    /// The structure written out.
    let text: String
    /// No part of the expression may compare equal to PostgreSQL while written otherwise.
    let isExact: Bool
    /// The columns of the query level the expression references outside subqueries, sorted
    /// (equal expressions reference the same columns).
    let columns: [String]

    /// The key of `expression`; `resolve` gives the FROM item column a reference names at the
    /// level (nil for any other), `text` an expression's source text. `types`, when given, tells
    /// a cast of a column apart as PostgreSQL does (``CastTypes``).
    init(_ expression: Expression, resolve: @escaping (QualifiedName) -> ReferencedColumn?, types: CastTypes? = nil,
         text: @escaping (Expression) -> String) {
        var builder = Builder(resolve: resolve, sourceText: text, types: types)
        self.text = builder.key(expression)
        isExact = builder.isExact
        columns = builder.columns.sorted()
    }

    /// The key of a merged column of a join that is no single input column of it (a FULL
    /// join's, PostgreSQL's COALESCE of its `inputs`): not exact, so an expression over exactly
    /// those columns (`coalesce(a.id, b.id)`) may be equal to it.
    init(mergedColumn name: String, inputs: [ReferencedColumn]) {
        text = "merged:" + name
        isExact = false
        columns = inputs.map(ExpressionKey.column).sorted()
    }

    /// The key of a column of the level (``columns`` holds these).
    static func column(_ column: ReferencedColumn) -> String {
        "#\(column.entry.map(String.init) ?? "using").\(column.column)"
    }

    /// What makes a cast of a column exact: the column's type and the cast's target type. A cast
    /// to the type the column has (no type modifier) vanishes (coerce_type returns the column);
    /// any other is a node of its target type over the column, equal only to the same cast.
    /// Casts of other values, with a modifier, or from or to a domain stay inexact.
    struct CastTypes {
        /// The type of the column a reference names (nil when unknown).
        let column: (QualifiedName) -> SQLType?
        /// The type a type name stands for (nil when unknown).
        let target: (TypeName) -> SQLType?
    }

    private struct Builder {
        let resolve: (QualifiedName) -> ReferencedColumn?
        let sourceText: (Expression) -> String
        let types: CastTypes?
        var isExact = true
        var columns: [String] = []

        mutating func key(_ expression: Expression) -> String {
            switch expression.kind {
            case .parenthesized(let inner):
                return key(inner)
            case .column(let name):
                guard let column = resolve(name) else { return "c:" + name.parts.map(\.name).joined(separator: ".") }
                let key = ExpressionKey.column(column)
                columns.append(key)
                return key
            case .cast(let inner, let typeName):
                switch castOfColumn(inner, typeName) {
                case .to(let target, let modifiers)?:
                    return "cast:\(target.formatName)\(modifiers.isEmpty ? "" : "\(modifiers)")(" + key(inner) + ")"
                case .vanishes?: return key(inner)
                case nil: break
                }
            default:
                break
            }
            guard let tag = tag(expression) else {
                isExact = false
                return "t:" + sourceText(expression).lowercased().filter { !$0.isWhitespace }
            }
            var parts: [String] = []
            for child in expression.children { parts.append(key(child)) }
            return tag + "(" + parts.joined(separator: ",") + ")"
        }

        private enum ColumnCast { case vanishes, to(SQLType, modifiers: [Int]) }

        /// The types whose type modifier a cast keeps (`varchar(10)` is no `varchar(20)`); `char`
        /// and `bit` alone are length 1. Others (`float(53)`) take none.
        private static let modifiedTypes: Set<String> = ["character varying", "character", "numeric", "bit", "bit varying",
                                                         "time without time zone", "time with time zone", "interval",
                                                         "timestamp without time zone", "timestamp with time zone"]

        /// A cast of a column whose types are known (``CastTypes``): to the type the column has
        /// it vanishes; to another (a domain, a type modifier included) it is a node of that
        /// type over the column, equal only to the same cast. Nil when it cannot be told apart
        /// exactly: a type modifier on a cast to the column's own type, which is a no-op or a
        /// length coercion depending on the column's modifier.
        private func castOfColumn(_ inner: Expression, _ typeName: TypeName) -> ColumnCast? {
            guard let types, case .column(let name) = inner.withoutParentheses.kind,
                  let source = types.column(name), let target = types.target(typeName), source != .unknown else { return nil }
            if source == target { return typeName.modifiers.isEmpty ? .vanishes : nil }
            let modified = Self.modifiedTypes.contains(target.formatName)
            let lengthOne = ["character", "bit"].contains(target.formatName) && typeName.modifiers.isEmpty
            return .to(target, modifiers: lengthOne ? [1] : modified ? typeName.modifiers : [])
        }

        /// What tells the node apart from others with the same children; nil for a node compared
        /// by its text (subqueries, `(x).*`, DEFAULT).
        private mutating func tag(_ expression: Expression) -> String? {
            switch expression.kind {
            case .literal(let value): return "l:\(value)"
            case .typedLiteral(let type, let value, _):
                isExact = false
                return "tl:\(type.name.lowercased()):\(type.arrayDimensions):\(value)"
            case .parameter(let node): return "p:\(node.reference)"
            case .unary(let op, _): return "u:\(op)"
            case .binary(let op, _, _): return "b:\(op.lowercased())"
            case .like(_, _, let escape, let caseInsensitive, let similar, let negated):
                return "like:\(escape != nil):\(caseInsensitive):\(similar):\(negated)"
            case .isNull(_, let negated): return "null:\(negated)"
            case .isTruth(_, let value, let negated): return "truth:\(String(describing: value)):\(negated)"
            case .isDistinctFrom(_, _, let negated): return "distinct:\(negated)"
            case .isDocument(_, let negated): return "document:\(negated)"
            case .between(_, _, _, let negated): return "between:\(negated)"
            case .inList(_, let list, let negated): return "in:\(list.count):\(negated)"
            case .quantified(let op, _, let quantifier, _): return "q:\(op.lowercased()):\(quantifier)"
            case .cast(_, let type):
                isExact = false
                return "cast:\(type.schema ?? ""):\(type.name.lowercased()):\(type.arrayDimensions)"
            case .collate(_, let collation):
                isExact = false
                return "collate:" + collation.parts.map(\.name).joined(separator: ".")
            case .function(let call): return functionTag(call)
            case .caseWhen(let operand, let branches, let elseResult):
                return "case:\(operand != nil):\(branches.count):\(elseResult != nil)"
            case .arrayLiteral(let elements): return "array:\(elements.count)"
            case .row(let elements): return "row:\(elements.count)"
            case .arraySubscript(_, let lower, let upper, let isSlice): return "sub:\(lower != nil):\(upper != nil):\(isSlice)"
            case .fieldSelection(_, let field): return "field:\(field.name)"
            case .valueFunction(let function): return "value:\(function.rawValue)"
            case .atTimeZone: return "zone"
            case .column, .parenthesized, .qualifiedStar, .fieldStar, .defaultValue, .inSubquery, .quantifiedSubquery,
                 .arraySubquery, .scalarSubquery, .exists:
                return nil
            }
        }

        private mutating func functionTag(_ call: FunctionCall) -> String {
            let name = call.name.name?.name.lowercased() ?? ""
            // A window, or a call of one argument that may be a cast (`date(x)`, `text(x)`:
            // pg_proc names a cast function after its result type).
            if call.over != nil { isExact = false }
            if call.arguments.count == 1, BuiltinCatalog.shared.functions[name]?.contains(where: { $0.result == name }) ?? false {
                isExact = false
            }
            let order = call.orderBy.map { "\($0.descending):\(String(describing: $0.nullsFirst))" }
            let within = call.withinGroup.map { "\($0.descending):\(String(describing: $0.nullsFirst))" }
            return "f:\(name):\(call.arguments.count):\(call.isStar):\(call.isDistinct):\(call.hasVariadicArgument):"
                + "\(call.argumentNames):\(order):\(within):\(call.filter != nil)"
        }
    }
}
