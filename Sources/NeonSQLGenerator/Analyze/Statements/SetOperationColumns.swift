/// The columns of `left UNION|INTERSECT|EXCEPT right`, as PostgreSQL resolves them pair by pair
/// (transformSetOperationTree): each column's type is select_common_type of the two branches'
/// types, where an untyped output of a branch's own select list (a string constant, NULL, a
/// parameter) is still unknown and takes the other branch's type; two unknowns make text. The
/// result of a set operation is never unknown, so in `a UNION b UNION c` an untyped column of
/// both `a` and `b` is text by the time it meets `c`.
enum SetOperationColumns {
    /// One merged column, with what the analyzer still has to do about it.
    struct Merged {
        var column: OutputColumn
        /// The two branches' types when PostgreSQL cannot match them, and where it says so.
        var mismatch: (left: SQLType, right: SQLType, location: SourceLocation)?
    }

    /// An output that is still untyped as a branch of a set operation: an untyped select-list
    /// item of a SELECT (not VALUES, which types its columns itself, nor a set operation).
    static func isUntyped(_ column: OutputColumn) -> Bool {
        column.isUnknownAsText
    }

    /// `userCasts`: the schema's casts (implicit ones take part in select_common_type).
    static func merge(_ left: OutputColumn, _ right: OutputColumn, userCasts: UserCasts = [:]) -> Merged {
        let leftType = isUntyped(left) ? SQLType.unknown : left.value.type
        let rightType = isUntyped(right) ? SQLType.unknown : right.value.type
        var column = left
        column.value = TypedValue(type: TypeRules.commonType([leftType, rightType], userCasts: userCasts),
                                  nullable: left.nullable || right.nullable,
                                  elementNullable: left.value.elementNullable || right.value.elementNullable,
                                  name: left.name)
        column.isUnique = false
        column.embed = nil  // each branch has its own rows: the columns come back flat
        column.isUnknownAsText = false
        column.untypedParameter = nil
        var merged = Merged(column: column)
        if let unmatched = TypeRules.unmatchableTypes([leftType, rightType], userCasts: userCasts) {
            merged.mismatch = (unmatched.first, unmatched.other, right.valueLocation ?? right.location)
        }
        return merged
    }
}
