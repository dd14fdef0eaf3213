// CREATE TYPE name AS RANGE: the range type, its multirange type (named by multirange_type_name
// or by PostgreSQL's rule), and the constructor functions PostgreSQL creates with them:
// `name(subtype, subtype)`, `name(subtype, subtype, text)`, `multirange()`,
// `multirange(range)` and `multirange(VARIADIC range[])`. The range operators and functions
// (`&&`, `@>`, `lower()`, `range_merge()` ...) are the built-in anyrange/anymultirange ones: they
// resolve for the new types through the subtype each value's type carries (`SQLType.userRange`).

extension CatalogBuilder {
    /// Adds range type `schema.name` of `subtype`, returning what PostgreSQL would reject.
    static func defineRange(schema: String, name: String, subtype: SQLType, multirangeName: TypeName?, at location: SourceLocation,
                            in catalog: inout Catalog) -> [(String, SourceLocation)] {
        let multirange = multirangeName?.name ?? defaultMultirangeName(of: name)
        if let multirangeName, multirangeName.schema.map({ $0 != schema }) ?? false {
            return [("multirange type must be in the same schema as its range type", multirangeName.location)]
        }
        if catalog.resolvesAsType(multirange, schema: schema) {
            return [("type \"\(multirange)\" already exists", multirangeName?.location ?? location)]
        }
        let range = CatalogRangeType(schema: schema, name: name, multirangeName: multirange, subtype: subtype)
        catalog.userTypes.ranges[Catalog.key(schema: schema, name: name)] = range
        let type = catalog.userRangeType(range)
        let rangeType = SQLType.userRange(type)
        let multirangeType = SQLType.userMultirange(type)
        func constructor(_ functionName: String, _ arguments: [(SQLType, UserFunction.Argument.Mode)], returns result: SQLType) {
            var function = UserFunction(
                schema: schema, name: functionName,
                arguments: arguments.map { UserFunction.Argument(name: nil, type: $0.0, mode: $0.1, hasDefault: false) },
                result: .scalar(result, columnName: functionName), returnsSet: false, isStrict: false, isProcedure: false)
            function.neverReturnsNull = true
            catalog.setFunction(function)
        }
        constructor(name, [(subtype, .in), (subtype, .in)], returns: rangeType)
        constructor(name, [(subtype, .in), (subtype, .in), (.text, .in)], returns: rangeType)
        constructor(multirange, [], returns: multirangeType)
        constructor(multirange, [(rangeType, .in)], returns: multirangeType)
        constructor(multirange, [(.array(rangeType), .variadic)], returns: multirangeType)
        return []
    }

    /// PostgreSQL's name for a range's multirange type (makeMultirangeTypeName): "multi" inserted
    /// before the first "range" in the name (`uuidrange` -> `uuidmultirange`), else
    /// `_multirange` appended (`period` -> `period_multirange`).
    static func defaultMultirangeName(of rangeName: String) -> String {
        let characters = Array(rangeName)
        let word = Array("range")
        if characters.count >= word.count,
           let start = (0...(characters.count - word.count)).first(where: { Array(characters[$0..<($0 + word.count)]) == word }) {
            return String(characters[..<start]) + "multi" + String(characters[start...])
        }
        return String(rangeName.prefix(Self.maximumIdentifierLength - 11)) + "_multirange"
    }

    /// NAMEDATALEN - 1: the longest identifier PostgreSQL keeps.
    static let maximumIdentifierLength = 63

    /// Removes a range type with its multirange type and their constructor functions (DROP TYPE).
    static func removeRange(_ range: CatalogRangeType, from catalog: inout Catalog) {
        catalog.userTypes.ranges[Catalog.key(schema: range.schema, name: range.name)] = nil
        let type = catalog.userRangeType(range)
        let constructors: [(String, [SQLType])] = [
            (range.name, [range.subtype, range.subtype]), (range.name, [range.subtype, range.subtype, .text]),
            (range.multirangeName, []), (range.multirangeName, [.userRange(type)]), (range.multirangeName, [.array(.userRange(type))]),
        ]
        for (name, signature) in constructors {
            catalog.removeFunctions(schema: range.schema, name: name, signature: signature)
        }
    }
}

extension Catalog {
    /// The type values of `range` have.
    func userRangeType(_ range: CatalogRangeType) -> UserRangeType {
        UserRangeType(name: formatName(schema: range.schema, name: range.name),
                      multirangeName: formatName(schema: range.schema, name: range.multirangeName), subtype: range.subtype)
    }

    /// The range type whose multirange type is `name` (in `schema`, or on the search path).
    func rangeType(multirangeNamed name: String, schema: String?) -> CatalogRangeType? {
        let schemas = schema.map { [$0] } ?? searchPath
        for candidate in schemas {
            if let found = userTypes.ranges.values.first(where: { $0.schema == candidate && $0.multirangeName == name }) { return found }
        }
        return nil
    }

    /// Whether `schema.name` is a user type already (enum, domain, composite, range, multirange, table row type).
    func resolvesAsType(_ name: String, schema: String) -> Bool {
        let key = Catalog.key(schema: schema, name: name)
        return enums[key] != nil || userTypes.domains[key] != nil || userTypes.composites[key] != nil || userTypes.ranges[key] != nil
            || rangeType(multirangeNamed: name, schema: schema) != nil || relation(name, schema: schema) != nil
    }
}
