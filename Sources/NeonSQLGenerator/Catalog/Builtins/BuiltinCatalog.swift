/// A type of PostgreSQL's catalog (`pg_type`), by `typname`.
struct CatalogTypeInfo: Sendable, Hashable {
    let name: String
    /// What `format_type` prints: `integer`, `int4range`, `"char"`.
    let formatName: String
    /// `typcategory`: A array, B boolean, D date/time, E enum, G geometric, I network, N numeric,
    /// P pseudo, R range, S string, T timespan, U user, V bit string, X unknown.
    let category: Character
    let isPreferred: Bool
    /// `typtype`: b base, d domain, e enum, p pseudo, r range, m multirange, c composite.
    let kind: Character
    /// For `_x` array types: the element's typname.
    let element: String?
    /// The array type's typname (`_int4` for `int4`).
    let array: String?
    /// For a domain: its base type's typname.
    let domainBase: String?
    /// The extension that defines the type; nil for pg_catalog.
    let extensionName: String?
}

/// One overload of a function (`pg_proc`), argument and result types by typname.
struct FunctionSignature: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case function, aggregate, window }

    let name: String
    let arguments: [String]
    let result: String
    let isStrict: Bool
    let returnsSet: Bool
    /// The last argument is VARIADIC (an array, or `"any"`).
    let isVariadic: Bool
    let kind: Kind
    /// An ordered-set or hypothetical-set aggregate: its direct arguments come before WITHIN GROUP.
    let isOrderedSet: Bool
    /// How many trailing arguments have defaults (`pronargdefaults`).
    let defaultCount: Int
    /// The element type of a VARIADIC argument (`provariadic`).
    let variadicElement: String?
    let extensionName: String?
    /// `arguments` and `result` as analyzer types (converted once, when the catalog is parsed).
    var argumentTypes: [SQLType] = []
    var resultType: SQLType = .unknown
    var variadicElementType: SQLType?
    /// The PostgreSQL major versions that have this overload (every version unless the data says).
    var versions: PostgresVersions = .all
    /// With no `postgresVersion` set, an overload replaced in a later version by one with the same
    /// arguments is hidden (the newest wins); set, `versions` alone decides.
    var isSuperseded = false
    /// The names of the input arguments, in order (`proargnames` of IN, INOUT and VARIADIC
    /// arguments), `""` where one has no name; empty when no argument is named. Named notation
    /// (`make_interval(secs => 1)`) binds by these.
    var argumentNames: [String] = []
    /// The result columns of a function that returns `record` or `SETOF record` through OUT,
    /// INOUT or TABLE parameters (`jsonb_each`: `key text, value jsonb`), in order; empty otherwise.
    var outputColumns: [FunctionOutputColumn] = []
    /// A hypothetical-set aggregate (`rank(x) WITHIN GROUP (ORDER BY y)`): each direct argument
    /// and the aggregated argument at its position resolve to one type (unify_hypothetical_args).
    var isHypothetical = false
}

/// One result column of a function with OUT parameters (`pg_proc.proallargtypes`/`proargmodes`/
/// `proargnames`).
struct FunctionOutputColumn: Sendable, Hashable {
    let name: String
    /// The column's type by typname (`text`, `_int4`), as the catalog data names it.
    let typeName: String
    /// `typeName` as an analyzer type (converted once, when the catalog is parsed).
    var type: SQLType = .unknown
}

/// One operator (`pg_operator`); `left` is nil for prefix operators.
struct OperatorSignature: Sendable, Hashable {
    let name: String
    let left: String?
    let right: String
    let result: String
    let isStrict: Bool
    let extensionName: String?
    /// Operand types (one for prefix operators) and result, converted once.
    var operandTypes: [SQLType] = []
    var resultType: SQLType = .unknown
    /// The PostgreSQL major versions that have this operator.
    var versions: PostgresVersions = .all
    /// A user operator (CREATE OPERATOR): its function's body may return NULL whatever the operands.
    var mayReturnNull = false
}

/// PostgreSQL's built-in catalog, parsed once from `BuiltinCatalogData` (generated from real
/// PostgreSQL 15 and 16 servers, entries tagged with their versions), PostgreSQL 17's
/// hand-described additions and the hand-described extensions; see
/// Scripts/generate-builtin-catalog.sh.
final class BuiltinCatalog: Sendable {
    /// The catalog, parsed at first use.
    static let shared = BuiltinCatalog(texts: [BuiltinCatalogData.text, PostgreSQL17Additions.text, HandDescribedExtensions.text])

    let types: [String: CatalogTypeInfo]
    let functions: [String: [FunctionSignature]]
    /// Binary operators by name; prefix operators are in `prefixOperators`.
    let operators: [String: [OperatorSignature]]
    let prefixOperators: [String: [OperatorSignature]]
    /// `pg_cast`: source typname -> target typname -> context (`i`, `a`, `e`).
    let casts: [String: [String: Character]]
    /// `pg_cast.castmethod` by source and target: `f` function, `i` I/O, `b` binary-coercible.
    let castMethods: [String: [String: Character]]
    /// Range typname -> subtype typname, and multirange -> range.
    let rangeSubtypes: [String: String]
    let multirangeRanges: [String: String]
    let rangeMultiranges: [String: String]
    /// Extensions the data describes.
    let extensionNames: Set<String>
    /// Function and operator names with an overload from an extension (the others need no
    /// filtering by the schema's extensions).
    let namesWithExtensionOverloads: Set<String>
    /// Function names with an overload that not every PostgreSQL version has (the others need no
    /// filtering by `postgresVersion`).
    let namesWithVersionedOverloads: Set<String>
    /// `operators` and `prefixOperators` with their resolution candidates, built once (see
    /// ``OperatorOverloads``).
    let binaryOverloads: [String: OperatorOverloads]
    let prefixOverloads: [String: OperatorOverloads]

    init(texts: [String]) {
        var types: [String: CatalogTypeInfo] = [:]
        var functions: [String: [FunctionSignature]] = [:]
        var operators: [String: [OperatorSignature]] = [:]
        var prefixOperators: [String: [OperatorSignature]] = [:]
        var casts: [String: [String: Character]] = [:]
        var castMethods: [String: [String: Character]] = [:]
        var rangeSubtypes: [String: String] = [:]
        var multirangeRanges: [String: String] = [:]
        var rangeMultiranges: [String: String] = [:]
        var extensionNames: Set<String> = []
        for text in texts {
            var currentExtension: String?
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
                func optional(_ index: Int) -> String? { field(index).isEmpty ? nil : field(index) }
                switch field(0) {
                case "X":
                    currentExtension = field(1)
                    extensionNames.insert(field(1))
                case "T":
                    types[field(1)] = CatalogTypeInfo(
                        name: field(1), formatName: field(2), category: field(3).first ?? "U", isPreferred: field(4) == "1",
                        kind: field(5).first ?? "b", element: optional(6), array: optional(7), domainBase: optional(8),
                        extensionName: currentExtension)
                case "R":
                    rangeSubtypes[field(1)] = field(2)
                    if let multirange = optional(3) {
                        multirangeRanges[multirange] = field(1)
                        rangeMultiranges[field(1)] = multirange
                    }
                case "C":
                    casts[field(1), default: [:]][field(2)] = field(3).first ?? "e"
                    castMethods[field(1), default: [:]][field(2)] = field(4).first ?? "f"
                case "F":
                    let flags = field(4)
                    let kind: FunctionSignature.Kind = flags.contains("a") ? .aggregate : flags.contains("w") ? .window : .function
                    var signature = FunctionSignature(
                        name: field(1), arguments: field(2).split(separator: " ").map(String.init), result: field(3),
                        isStrict: flags.contains("s"), returnsSet: flags.contains("r"), isVariadic: flags.contains("v"),
                        kind: kind, isOrderedSet: flags.contains("o") || flags.contains("h"),
                        defaultCount: Int(field(5)) ?? 0, variadicElement: optional(6), extensionName: currentExtension,
                        versions: PostgresVersions(field(9)),
                        argumentNames: field(7).isEmpty ? [] : field(7).split(separator: ",", omittingEmptySubsequences: false).map(String.init),
                        outputColumns: field(8).split(separator: " ").map { column in
                            let parts = column.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                            return FunctionOutputColumn(name: String(parts[0]), typeName: parts.count > 1 ? String(parts[1]) : "")
                        })
                    signature.isHypothetical = flags.contains("h")
                    functions[signature.name, default: []].append(signature)
                case "O":
                    let signature = OperatorSignature(name: field(1), left: optional(2), right: field(3), result: field(4),
                                                      isStrict: field(5) == "s", extensionName: currentExtension,
                                                      versions: PostgresVersions(field(6)))
                    if signature.left == nil {
                        prefixOperators[signature.name, default: []].append(signature)
                    } else {
                        operators[signature.name, default: []].append(signature)
                    }
                default:
                    continue
                }
            }
        }
        // Signatures name types by typname; convert them once, now that every type is known.
        var converted: [String: SQLType] = [:]
        func convert(_ typname: String) -> SQLType {
            if let known = converted[typname] { return known }
            let type: SQLType
            if let builtin = BuiltinType(rawValue: typname) {
                type = .builtin(builtin)
            } else if let info = types[typname], info.kind == "d", let base = info.domainBase {
                type = .domain(info.formatName, base: convert(base))
            } else if typname.hasPrefix("_"), let element = types[typname]?.element {
                type = .array(convert(element))
            } else {
                type = .named(typname)
            }
            converted[typname] = type
            return type
        }
        for (name, overloads) in functions {
            functions[name] = overloads.map { signature in
                var copy = signature
                copy.argumentTypes = signature.arguments.map(convert)
                copy.resultType = convert(signature.result)
                copy.variadicElementType = signature.variadicElement.map(convert)
                copy.outputColumns = signature.outputColumns.map { column in
                    var converted = column
                    converted.type = convert(column.typeName)
                    return converted
                }
                copy.isSuperseded = signature.versions.until != nil && overloads.contains {
                    $0.arguments == signature.arguments && ($0.versions.until ?? Int.max) > (signature.versions.until ?? Int.max)
                }
                return copy
            }
        }
        func convertOperators(_ table: [String: [OperatorSignature]]) -> [String: [OperatorSignature]] {
            table.mapValues { overloads in
                overloads.map { signature in
                    var copy = signature
                    copy.operandTypes = (signature.left.map { [convert($0)] } ?? []) + [convert(signature.right)]
                    copy.resultType = convert(signature.result)
                    return copy
                }
            }
        }
        operators = convertOperators(operators)
        prefixOperators = convertOperators(prefixOperators)
        self.types = types
        self.functions = functions
        self.operators = operators
        self.prefixOperators = prefixOperators
        self.casts = casts
        self.castMethods = castMethods
        self.rangeSubtypes = rangeSubtypes
        self.multirangeRanges = multirangeRanges
        self.rangeMultiranges = rangeMultiranges
        self.extensionNames = extensionNames
        var extended: Set<String> = []
        for signature in functions.values.joined() where signature.extensionName != nil { extended.insert(signature.name) }
        for signature in operators.values.joined() where signature.extensionName != nil { extended.insert(signature.name) }
        for signature in prefixOperators.values.joined() where signature.extensionName != nil { extended.insert(signature.name) }
        self.namesWithExtensionOverloads = extended
        self.namesWithVersionedOverloads = Set(functions.values.joined().filter { $0.versions != .all }.map(\.name))
        self.binaryOverloads = operators.mapValues(OperatorOverloads.init)
        self.prefixOverloads = prefixOperators.mapValues(OperatorOverloads.init)
    }

    /// The catalog's type `typname`, if the catalog has it and its extension (if any) is created.
    func type(_ typname: String, extensions: Set<String>) -> CatalogTypeInfo? {
        guard let info = types[typname] else { return nil }
        if let owner = info.extensionName, !extensions.contains(owner) { return nil }
        return info
    }
}

/// The overloads of one operator name as resolution needs them, built once: every overload, and
/// pg_catalog's alone (what a schema that creates none of the name's extensions sees), each with
/// its resolution candidates (CallCandidates.swift). Resolving `=` then neither filters nor copies
/// its ~60 overloads.
struct OperatorOverloads: Sendable {
    let all: [OperatorSignature]
    let allCandidates: [CallCandidate]
    let builtIn: [OperatorSignature]
    let builtInCandidates: [CallCandidate]
    /// The extensions with an overload of this name.
    let extensions: Set<String>
    /// Whether some overload is missing from some PostgreSQL version.
    let isVersioned: Bool

    init(_ signatures: [OperatorSignature]) {
        all = signatures
        allCandidates = CallCandidate.operatorCandidates(signatures)
        builtIn = signatures.filter { $0.extensionName == nil }
        builtInCandidates = CallCandidate.operatorCandidates(builtIn)
        extensions = Set(signatures.compactMap(\.extensionName))
        isVersioned = signatures.contains { $0.versions != .all }
    }
}
