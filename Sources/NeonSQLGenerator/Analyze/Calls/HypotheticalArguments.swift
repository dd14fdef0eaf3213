// A hypothetical-set aggregate's arguments (`rank(@score) WITHIN GROUP (ORDER BY s.score)`):
// PostgreSQL pairs each direct argument with the aggregated argument at the same position and
// resolves the pair to one common type (unify_hypothetical_args in src/backend/parser/parse_func.c),
// so an untyped parameter or constant takes the other side's type, and two untyped ones are text.

/// The declared types of a hypothetical-set aggregate call's arguments, after pairing.
enum HypotheticalArguments {
    /// `declared` (the resolved overload's types, `"any"` here) with each untyped side of a pair
    /// given the other side's input type; `inputs` are the arguments' own types (direct ones first,
    /// then the WITHIN GROUP ones), `.unknown` for an untyped parameter or constant. Calls whose
    /// counts do not pair up are left as they are (PostgreSQL rejects them).
    static func unified(_ declared: [SQLType], inputs: [SQLType], directCount: Int) -> [SQLType] {
        guard directCount > 0, inputs.count == 2 * directCount, declared.count == inputs.count else { return declared }
        var unified = declared
        for index in 0..<directCount {
            let direct = inputs[index]
            let aggregated = inputs[directCount + index]
            switch (direct == .unknown, aggregated == .unknown) {
            case (true, false): unified[index] = aggregated
            case (false, true): unified[directCount + index] = direct
            case (true, true):
                unified[index] = .text
                unified[directCount + index] = .text
            case (false, false): break
            }
        }
        return unified
    }
}
