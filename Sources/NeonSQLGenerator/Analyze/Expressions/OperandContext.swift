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
