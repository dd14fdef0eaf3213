/// PostgreSQL's typing rules the analyzer needs: constants, common types (UNION, CASE,
/// COALESCE, ARRAY[]), and operator result types.
enum TypeRules {
    /// An integer constant is `integer` if it fits, then `bigint`, else `numeric`.
    static func integerLiteralType(_ digits: String) -> SQLType {
        let cleaned = digits.filter { $0 != "_" }
        if let value = Int64(cleaned) {
            return Int32(exactly: value) != nil ? .int4 : .int8
        }
        return .numeric
    }

    static func isTemporal(_ type: SQLType) -> Bool {
        guard let builtin = type.builtin else { return false }
        return [.date, .timestamp, .timestamptz, .time, .timetz].contains(builtin)
    }

    static func isNumeric(_ type: SQLType) -> Bool { type.builtin?.numericRank != nil }

    static func isStringLike(_ type: SQLType) -> Bool { type.builtin?.isStringLike ?? false }

    static func isJSON(_ type: SQLType) -> Bool { type == .builtin(.json) || type == .builtin(.jsonb) }

    /// PostgreSQL's `select_common_type` for the types the generator maps, ignoring unknowns.
    static func commonType(_ types: [SQLType]) -> SQLType {
        let known = types.filter { $0 != .unknown }
        guard var result = known.first else { return .text }
        for type in known.dropFirst() where type != result {
            if let lhs = result.builtin?.numericRank, let rhs = type.builtin?.numericRank {
                if rhs > lhs { result = type }
            } else if isStringLike(result) && isStringLike(type) {
                result = .text
            } else if isTemporal(result) && isTemporal(type) {
                let rank: [BuiltinType: Int] = [.time: 0, .timetz: 1, .date: 2, .timestamp: 3, .timestamptz: 4]
                if let l = result.builtin.flatMap({ rank[$0] }), let r = type.builtin.flatMap({ rank[$0] }), r > l { result = type }
            } else if case .array(let left) = result, case .array(let right) = type {
                result = .array(commonType([left, right]))
            }
        }
        return result
    }

    /// The type an untyped operand (a parameter or a string constant) takes next to `other` under
    /// `op`, following PostgreSQL's operator resolution for the operators apps use.
    static func unknownOperandType(op: String, other: SQLType, unknownIsLeft: Bool) -> SQLType {
        switch op {
        case "->", "->>":
            return unknownIsLeft ? .builtin(.jsonb) : .text
        case "#>", "#>>":
            return unknownIsLeft ? .builtin(.jsonb) : .array(.text)
        case "?":
            return unknownIsLeft ? .builtin(.jsonb) : .text
        case "?|", "?&":
            return unknownIsLeft ? .builtin(.jsonb) : .array(.text)
        case "+":
            if isTemporal(other) { return .builtin(.interval) }
            return other
        case "-":
            // date - date, timestamp - timestamp and number - number all exist: same type as the other side.
            return other
        case "||":
            // An unknown operand is first tried as the other side's type: jsonb || jsonb,
            // bytea || bytea, anyarray || anyarray exist; everything else concatenates as text.
            if case .array = other { return other }
            if other == .builtin(.jsonb) || other == .builtin(.bytea) || other == .builtin(.varbit) { return other }
            return .text
        case "~~", "~~*", "!~~", "!~~*", "~", "~*", "!~", "!~*":
            return .text
        default:
            // varchar has no operators of its own: PostgreSQL resolves `varchar_col = $1` with text.
            return other == .builtin(.varchar) ? .text : other
        }
    }

    /// Result type of a binary operator (comparisons and boolean operators give `boolean`).
    static func binaryResult(op: String, _ lhs: SQLType, _ rhs: SQLType) -> SQLType {
        switch op {
        case "=", "<>", "<", ">", "<=", ">=", "and", "or", "@>", "<@", "&&", "?", "?|", "?&",
             "~", "~*", "!~", "!~*", "~~", "~~*", "!~~", "!~~*", "@@", "-|-", "<<", ">>", "&<", "&>":
            return .bool
        case "->":
            return isJSON(lhs) ? lhs : .builtin(.jsonb)
        case "#>":
            return isJSON(lhs) ? lhs : .builtin(.jsonb)
        case "->>", "#>>":
            return .text
        case "||":
            if case .array = lhs { return lhs }
            if case .array = rhs { return rhs }
            if lhs == .builtin(.jsonb) && rhs == .builtin(.jsonb) { return .builtin(.jsonb) }
            if lhs == .builtin(.bytea) && rhs == .builtin(.bytea) { return .builtin(.bytea) }
            return .text
        case "+", "-", "*", "/", "%", "^":
            return arithmeticResult(op: op, lhs, rhs)
        default:
            return commonType([lhs, rhs])
        }
    }

    private static func arithmeticResult(op: String, _ lhs: SQLType, _ rhs: SQLType) -> SQLType {
        let l = lhs.builtin
        let r = rhs.builtin
        switch (l, r) {
        case (.date, .date) where op == "-":
            return .int4
        case (.date, let other) where other?.numericRank != nil && (op == "+" || op == "-"):
            return .builtin(.date)
        case (let other, .date) where other?.numericRank != nil && op == "+":
            return .builtin(.date)
        case (.date, .interval), (.interval, .date):
            return .builtin(.timestamp)
        case (.date, .time), (.time, .date):
            return .builtin(.timestamp)
        case (.timestamptz, .timestamptz) where op == "-", (.timestamp, .timestamp) where op == "-":
            return .builtin(.interval)
        case (.timestamptz, .interval), (.interval, .timestamptz):
            return .builtin(.timestamptz)
        case (.timestamp, .interval), (.interval, .timestamp):
            return .builtin(.timestamp)
        case (.time, .interval), (.interval, .time):
            return .builtin(.time)
        case (.time, .time) where op == "-":
            return .builtin(.interval)
        case (.interval, .interval):
            return .builtin(.interval)
        case (.interval, let other) where other?.numericRank != nil,
             (let other, .interval) where other?.numericRank != nil:
            return .builtin(.interval)
        case (.jsonb, _) where op == "-":
            return .builtin(.jsonb)
        default:
            break
        }
        if op == "^" {
            return (l == .numeric || r == .numeric) ? .numeric : .float8
        }
        if l == .float4 || r == .float4, l != r, l?.numericRank != nil, r?.numericRank != nil {
            // real op integer/numeric: real op real and real op double precision both need one
            // implicit cast; the category's preferred type (double precision) wins.
            return .float8
        }
        if l?.numericRank != nil || r?.numericRank != nil {
            // int2 op int2 is int2 in PostgreSQL; mixed widths take the wider.
            return commonType([lhs, rhs])
        }
        return commonType([lhs, rhs])
    }
}
