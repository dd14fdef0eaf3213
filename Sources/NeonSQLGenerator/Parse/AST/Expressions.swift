// The syntax tree the parser produces and the catalog and analyzer consume (Parse/AST/).
// Every node that can be the subject of a diagnostic carries the location of its first token.
// This file: names, types, parameters, literals and expressions.

/// A name as written: unquoted names are folded to lower case (PostgreSQL's rule), quoted
/// names keep their exact spelling.
struct Identifier: Sendable, Hashable {
    let name: String
    let quoted: Bool
    let location: SourceLocation
}

/// A possibly qualified name: `table`, `schema.table`, `t.column`, `schema.t.column`.
struct QualifiedName: Sendable, Hashable {
    let parts: [Identifier]
    var location: SourceLocation { parts.first?.location ?? .unknown }
    /// The last part: the object's own name.
    var name: Identifier? { parts.last }
    /// Everything before the last part (the schema for a table, the table for a column).
    var qualifier: [Identifier] { Array(parts.dropLast()) }
}

/// A type as written in DDL or a cast. Multi-word builtin spellings are normalized by the parser to
/// one space-separated lower-case name: `double precision`, `character varying`,
/// `timestamp with time zone`, `timestamp without time zone`, `time with time zone`,
/// `time without time zone`, `bit varying`; `interval` keeps its name (field qualifiers dropped).
/// Single-word names stay as written (`int4`, `varchar`, `serial`, `time_slot`); the catalog
/// resolves aliases. `int[]`, `int ARRAY`, `int[3][]` set `arrayDimensions`.
struct TypeName: Sendable, Hashable {
    /// Schema, if written (`public.mood`).
    let schema: String?
    let name: String
    /// `varchar(20)` -> [20], `numeric(10, 2)` -> [10, 2]; not used for types, kept for completeness.
    let modifiers: [Int]
    let arrayDimensions: Int
    let location: SourceLocation
}

/// How a query refers to a bind parameter.
enum ParameterReference: Sendable, Hashable {
    /// `$3`
    case positional(Int)
    /// `@journey_id` or `sqlc.arg(journey_id)` / `sqlc.arg('journey_id')`.
    case named(String)
    /// `sqlc.narg(name)`: a named parameter that is explicitly optional.
    case nullableNamed(String)

    /// The name written for a named parameter, nil for `$n`.
    var writtenName: String? {
        switch self {
        case .positional: nil
        case .named(let name), .nullableNamed(let name): name
        }
    }
}

/// A parameter occurrence with the exact source bytes it spans, so the renderer can replace it
/// with `$n` in the SQL it sends.
struct ParameterNode: Sendable, Hashable {
    let reference: ParameterReference
    let location: SourceLocation
    /// Byte range of the whole occurrence (`@name`, `$1`, `sqlc.arg(name)`; for `sqlc.slice`, from
    /// `IN` to the closing parenthesis).
    let range: SourceRange
    /// The text replacing ``range`` in the SQL sent, with `$n` standing for the placeholder
    /// (`= ANY($n)` for `IN (sqlc.slice(ids))`); nil for the bare placeholder.
    var template: String? = nil
}

enum LiteralValue: Sendable, Hashable {
    /// Integer digits as written (`42`); may exceed Int64, the analyzer decides the type.
    case integer(String)
    /// A numeric constant with a point or exponent (`1.5`, `1e10`).
    case numeric(String)
    /// A string constant after unescaping ('..', E'..', $$..$$, U&'..').
    case string(String)
    /// `B'0101'`, `X'1F'`.
    case bitString(String)
    case boolean(Bool)
    case null
}

/// `SUM(x) OVER (...)` window definition, or a reference to a named window.
struct WindowSpecification: Sendable, Hashable {
    let name: Identifier?
    let partitionBy: [Expression]
    let orderBy: [OrderItem]
    let location: SourceLocation
    /// Whether the frame surely contains the current row: true without a frame clause (the
    /// default frame ends at the current row or its last peer) and for frames that start at or
    /// before it, end at or after it and do not EXCLUDE it. The frame affects no type, but an
    /// aggregate over a frame holding the current row sees at least one row.
    var frameIncludesCurrentRow = true
    /// The frame clause's mode and the offsets of its `n PRECEDING` / `n FOLLOWING` bounds.
    var frame: WindowFrame?
}

/// `ROWS | RANGE | GROUPS` and the offset expressions of the frame's bounds.
struct WindowFrame: Sendable, Hashable {
    enum Mode: Sendable, Hashable { case rows, range, groups }
    let mode: Mode
    let offsets: [Expression]
}

/// A function call. Keyword-syntax functions are normalized to ordinary calls with positional
/// arguments: `SUBSTRING(a FROM b FOR c)` -> substring(a, b, c), `POSITION(a IN b)` -> position(b, a)
/// (PostgreSQL's argument order), `TRIM(BOTH x FROM y)` -> btrim(y, x) (LEADING -> ltrim,
/// TRAILING -> rtrim, no characters -> one argument), `OVERLAY(a PLACING b FROM c [FOR d])` ->
/// overlay(a, b, c[, d]), `EXTRACT(field FROM e)` -> extract('field', e) with the field as a
/// string literal. `COALESCE`, `NULLIF`, `GREATEST`, `LEAST` are calls by name without a call's
/// clauses (``isConditionalForm``).
struct FunctionCall: Sendable, Hashable {
    /// The names PostgreSQL's grammar reads as COALESCE, GREATEST, LEAST and NULLIF expressions
    /// when unquoted and unqualified (quoted or qualified, they name functions, which pg_proc lacks).
    static let conditionalForms: Set<String> = ["coalesce", "greatest", "least", "nullif"]

    /// `count`, `pg_catalog.now`, ... (lower-cased unless quoted).
    let name: QualifiedName
    let arguments: [Expression]
    /// `count(*)`
    let isStar: Bool
    /// `count(DISTINCT x)`
    let isDistinct: Bool
    /// `array_agg(x ORDER BY y)`, `string_agg(a, ',' ORDER BY b)`
    let orderBy: [OrderItem]
    /// `... WITHIN GROUP (ORDER BY ...)` (ordered-set aggregates).
    let withinGroup: [OrderItem]
    /// `count(*) FILTER (WHERE ...)`
    let filter: Expression?
    /// `OVER (...)` or `OVER w`
    let over: WindowSpecification?
    /// `f(VARIADIC arr)`: the last argument was written with VARIADIC.
    let hasVariadicArgument: Bool
    /// Named notation (`f(a => 1, b := 2)`): per argument, its parameter's name (nil for a
    /// positional one); empty when no argument is named.
    var argumentNames: [String?] = []

    /// COALESCE, GREATEST, LEAST or NULLIF: a grammar form, not a catalog function.
    var isConditionalForm: Bool {
        name.parts.count == 1 && !name.parts[0].quoted && Self.conditionalForms.contains(name.parts[0].name)
    }
}

/// `ANY`, `SOME` or `ALL` on the right of a comparison.
enum Quantifier: String, Sendable, Hashable {
    case any
    case all
}

/// SQL-standard niladic keywords that behave like functions.
enum SQLValueFunction: String, Sendable, Hashable {
    case currentDate = "current_date"
    case currentTime = "current_time"
    case currentTimestamp = "current_timestamp"
    case localTime = "localtime"
    case localTimestamp = "localtimestamp"
    case currentUser = "current_user"
    case sessionUser = "session_user"
    case user = "user"
    case currentRole = "current_role"
    case currentSchema = "current_schema"
    case currentCatalog = "current_catalog"
}

/// An expression node.
struct Expression: Sendable, Hashable {
    let kind: ExpressionKind
    let location: SourceLocation
    /// Byte range of the whole expression in its source (used for column naming and messages).
    let range: SourceRange

    init(_ kind: ExpressionKind, location: SourceLocation, range: SourceRange) {
        self.kind = kind
        self.location = location
        self.range = range
    }

    /// The expression inside any parentheses around it: where PostgreSQL, which keeps no
    /// parentheses, reports an error about the value (`tags` of `(tags)`).
    var withoutParentheses: Expression {
        if case .parenthesized(let inner) = kind { return inner.withoutParentheses }
        return self
    }

    /// Where PostgreSQL's exprLocation places the analyzed expression: an operator, a cast and
    /// a test take the leftmost of their own and their first operand's location, which is the
    /// operand's, parentheses aside (`(qty + 1) IS UNKNOWN` is at `qty`).
    var leftmostLocation: SourceLocation {
        switch kind {
        case .parenthesized(let inner), .cast(let inner, _), .binary(_, let inner, _), .isNull(let inner, _),
             .isTruth(let inner, _, _), .isDistinctFrom(let inner, _, _), .collate(let inner, _):
            // The operator, `::`, IS or COLLATE PostgreSQL places these at follows the operand.
            return inner.leftmostLocation
        default:
            return location
        }
    }
}

indirect enum ExpressionKind: Sendable, Hashable {
    case literal(LiteralValue)
    /// A typed constant: `DATE '2024-01-01'`, `INTERVAL '1 day'`, `timestamptz '...'`, with the
    /// string's own location (where PostgreSQL reports its input function's errors).
    case typedLiteral(TypeName, String, valueLocation: SourceLocation)
    /// `a`, `t.a`, `s.t.a`
    case column(QualifiedName)
    /// `t.*` inside an expression (`row_to_json(t.*)`, `count(t.*)`); the bare select-list star is
    /// `SelectTarget.star`.
    case qualifiedStar(QualifiedName)
    case parameter(ParameterNode)
    /// `-x`, `+x`, `NOT x`, `~x` (op is the operator text, `not` for NOT).
    case unary(op: String, Expression)
    /// Every binary operator by its text: `+ - * / % ^ || = <> < > <= >= and or ~ ~* !~ !~* -> ->> #> #>> @> <@ ? ?| ?& && ...`.
    /// `!=` is normalized to `<>`, `AND`/`OR` to `and`/`or`.
    case binary(op: String, Expression, Expression)
    /// `a [NOT] LIKE/ILIKE b [ESCAPE c]`, `a [NOT] SIMILAR TO b`
    case like(Expression, pattern: Expression, escape: Expression?, caseInsensitive: Bool, similar: Bool, negated: Bool)
    /// `a IS [NOT] NULL`, `a ISNULL`, `a NOTNULL`
    case isNull(Expression, negated: Bool)
    /// `a IS [NOT] TRUE/FALSE/UNKNOWN` (value nil = UNKNOWN)
    case isTruth(Expression, value: Bool?, negated: Bool)
    /// `a IS [NOT] DISTINCT FROM b`
    case isDistinctFrom(Expression, Expression, negated: Bool)
    /// `a IS [NOT] DOCUMENT` (an xml value). `IS [NOT] NORMALIZED` is parsed as PostgreSQL reads
    /// it, a call of `is_normalized`.
    case isDocument(Expression, negated: Bool)
    /// `a [NOT] BETWEEN [SYMMETRIC] b AND c`
    case between(Expression, low: Expression, high: Expression, negated: Bool)
    /// `a [NOT] IN (x, y, z)`
    case inList(Expression, [Expression], negated: Bool)
    /// `a [NOT] IN (SELECT ...)`
    case inSubquery(Expression, SelectStatement, negated: Bool)
    /// `a op ANY (array-expr)` / `a op ALL (array-expr)`
    case quantified(op: String, Expression, Quantifier, Expression)
    /// `a op ANY (SELECT ...)`
    case quantifiedSubquery(op: String, Expression, Quantifier, SelectStatement)
    /// `x::t`, `CAST(x AS t)`
    case cast(Expression, TypeName)
    case function(FunctionCall)
    /// `CASE [operand] WHEN ... THEN ... [ELSE ...] END`
    case caseWhen(operand: Expression?, branches: [CaseBranch], elseResult: Expression?)
    /// `ARRAY[a, b]` (nested `ARRAY[[1,2],[3,4]]` inner brackets are `.arrayLiteral` too)
    case arrayLiteral([Expression])
    /// `ARRAY(SELECT ...)`
    case arraySubquery(SelectStatement)
    /// `a[i]` (upper nil) or `a[i:j]` (isSlice true; either bound may be nil)
    case arraySubscript(Expression, lower: Expression?, upper: Expression?, isSlice: Bool)
    /// `(composite).field`
    case fieldSelection(Expression, Identifier)
    /// `(composite).*`: every field, as separate columns in a select list (`(p).*`, `(f(x)).*`).
    case fieldStar(Expression)
    /// `(SELECT ...)` used as a value
    case scalarSubquery(SelectStatement)
    /// `EXISTS (SELECT ...)`
    case exists(SelectStatement)
    /// `ROW(a, b)` or `(a, b)`
    case row([Expression])
    /// `CURRENT_DATE`, `CURRENT_TIMESTAMP`, ... (with optional precision, dropped)
    case valueFunction(SQLValueFunction)
    /// `a AT TIME ZONE b`
    case atTimeZone(Expression, Expression)
    /// `a COLLATE "C"`
    case collate(Expression, QualifiedName)
    /// `DEFAULT` in INSERT VALUES or UPDATE SET.
    case defaultValue
    /// `(expr)`: kept so column naming and ranges stay faithful.
    case parenthesized(Expression)
}

struct CaseBranch: Sendable, Hashable {
    let condition: Expression
    let result: Expression
    /// Where `WHEN` is: PostgreSQL places errors of the comparison `operand = condition` there.
    let whenLocation: SourceLocation
}

/// `ORDER BY` item.
struct OrderItem: Sendable, Hashable {
    let expression: Expression
    let descending: Bool
    /// nil = default, true = NULLS FIRST, false = NULLS LAST
    let nullsFirst: Bool?
}
