/// A function or procedure created by `CREATE FUNCTION` / `CREATE PROCEDURE`. Its body is not
/// analyzed: the signature says what a call takes and yields.
struct UserFunction: Sendable, Hashable {
    struct Argument: Sendable, Hashable {
        enum Mode: Sendable, Hashable { case `in`, out, `inout`, variadic }
        let name: String?
        let type: SQLType
        let mode: Mode
        let hasDefault: Bool
        /// IN, INOUT and VARIADIC arguments are passed by the caller.
        var isInput: Bool { mode != .out }
        /// OUT and INOUT arguments are result columns.
        var isOutput: Bool { mode == .out || mode == .inout }
    }

    /// What a call produces.
    enum Result: Sendable, Hashable {
        /// One value (`RETURNS integer`, one OUT parameter); `columnName` is what `SELECT * FROM f()`
        /// calls it (the OUT parameter's name, else the function's).
        case scalar(SQLType, columnName: String)
        /// A row of named columns: `RETURNS TABLE (...)`, several OUT parameters, `RETURNS [SETOF] table`.
        /// `rowType` is the composite or table type a call in the select list has (`record` otherwise).
        case columns([CatalogColumn], rowType: SQLType)
        /// `RETURNS void`, a procedure, `RETURNS trigger`.
        case none
    }

    let schema: String
    let name: String
    let arguments: [Argument]
    let result: Result
    /// `SETOF` or `TABLE`: a call in FROM yields any number of rows.
    let returnsSet: Bool
    /// STRICT: NULL when any argument is NULL.
    let isStrict: Bool
    let isProcedure: Bool
    /// Never NULL, whatever the arguments (a range type's constructor functions).
    var neverReturnsNull = false
    /// CREATE AGGREGATE: a call aggregates the rows of its group (or window).
    var isAggregate = false
    /// An ordered-set aggregate (`name(direct ORDER BY aggregated)`), called with WITHIN GROUP.
    var isOrderedSet = false

    var inputArguments: [Argument] { arguments.filter(\.isInput) }

    /// The argument types PostgreSQL identifies the function by (`f(integer, text)`).
    var signature: [SQLType] { inputArguments.map(\.type) }

    /// The type a call in the select list has.
    var valueType: SQLType {
        switch result {
        case .scalar(let type, _): type
        case .columns(_, let rowType): rowType
        case .none: .builtin(.void)
        }
    }

    /// A procedure as CALL sees it: OUT arguments are passed by the caller too (PostgreSQL 14+
    /// counts them in a procedure's signature), so they resolve as INOUT ones.
    var outputsPassedByCaller: UserFunction {
        UserFunction(schema: schema, name: name,
                     arguments: arguments.map { Argument(name: $0.name, type: $0.type, mode: $0.mode == .out ? .inout : $0.mode, hasDefault: $0.hasDefault) },
                     result: result, returnsSet: returnsSet, isStrict: isStrict, isProcedure: isProcedure)
    }

    /// The same function with every type passed through `transform` (renamed enums).
    func mapTypes(_ transform: (SQLType) -> SQLType) -> UserFunction {
        let mappedResult: Result = switch result {
        case .scalar(let type, let columnName): .scalar(transform(type), columnName: columnName)
        case .columns(let columns, let rowType):
            .columns(columns.map { column in
                var copy = column
                copy.type = transform(column.type)
                return copy
            }, rowType: transform(rowType))
        case .none: .none
        }
        var mapped = UserFunction(
            schema: schema, name: name,
            arguments: arguments.map { Argument(name: $0.name, type: transform($0.type), mode: $0.mode, hasDefault: $0.hasDefault) },
            result: mappedResult, returnsSet: returnsSet, isStrict: isStrict, isProcedure: isProcedure)
        mapped.neverReturnsNull = neverReturnsNull
        mapped.isAggregate = isAggregate
        mapped.isOrderedSet = isOrderedSet
        return mapped
    }

    /// The function as a catalog overload, so calls resolve with PostgreSQL's rules together with
    /// the built-in ones (`CallResolver`). Types are given as analyzer types; the typname fields
    /// hold their `format_type` spelling for messages only.
    var overload: FunctionSignature {
        let inputs = inputArguments
        let variadic = inputs.last?.mode == .variadic ? inputs.last?.type.elementType : nil
        let defaults = inputs.reversed().prefix { $0.hasDefault }.count
        var signature = FunctionSignature(
            name: name, arguments: signature.map(\.formatName), result: valueType.formatName, isStrict: isStrict,
            returnsSet: returnsSet, isVariadic: variadic != nil, kind: isAggregate ? .aggregate : .function, isOrderedSet: isOrderedSet,
            defaultCount: defaults, variadicElement: variadic?.formatName, extensionName: nil)
        signature.argumentTypes = self.signature
        signature.resultType = valueType
        signature.variadicElementType = variadic
        return signature
    }
}
