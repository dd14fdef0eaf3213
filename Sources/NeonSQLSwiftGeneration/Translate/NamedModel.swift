/// The names of the types every generated target declares for itself (configurable in
/// `neon-sql.json` under `"names"`), so that two generated modules never clash.
public struct GeneratedTypeNames: Sendable, Hashable {
    /// The struct whose methods run the queries (`Queries(client).fetchJourneyDuas(journeyId: 3)`).
    public var queries: String
    /// The namespace of statement factories, for batches (`Statements.fetchJourneyDuas(journeyId: 3)`).
    public var statements: String
    /// The dependency client: one `@Sendable` closure per query, with `live`, `testValue` and `preview`.
    public var client: String

    /// `Queries`, `Statements`, `QueryClient` unless given.
    public init(queries: String = "Queries", statements: String = "Statements", client: String = "QueryClient") {
        self.queries = queries
        self.statements = statements
        self.client = client
    }
}

/// The analyzer's model with every Swift name and type chosen: what the renderer prints and
/// `describe` reports. Built only by ``SwiftTranslator``.
package struct NamedModel: Sendable {
    package let files: [NamedFile]
    /// Every enum of the catalog, sorted by Swift name.
    let enums: [NamedEnum]
    package let typeNames: GeneratedTypeNames
    package let diagnostics: [Diagnostic]
    /// The table models some query returns or embeds whole (`Translate/TableModels.swift`),
    /// sorted by Swift name: declared once, in the shared file.
    var tableModels: [NamedTableModel] = []

    /// Every query of every file, in input order.
    package var queries: [NamedQuery] { files.flatMap(\.queries) }
}

/// The queries of one `.sql` file.
package struct NamedFile: Sendable {
    package let path: String
    package let queries: [NamedQuery]

    package init(path: String, queries: [NamedQuery]) {
        self.path = path
        self.queries = queries
    }
}

/// One query with its Swift names. Names are bare (no backticks): print them through
/// ``SwiftIdentifiers/escaped(_:)``.
package struct NamedQuery: Sendable {
    /// What the analyzer found (``QueryDescription``), shared by reference (``SharedQueryDescription``).
    package var query: QueryDescription { description.value }
    private let description: SharedQueryDescription
    /// `fetchJourneyDuas`: the method of `Queries`, factory of `Statements` and closure of the client.
    package let functionName: String
    /// `FetchJourneyDuasRow` (declared only for `:many` and `:one`), or the table model the
    /// query returns (`UserProfile`, see ``returnsTableModel``).
    var rowTypeName: String
    /// The result is exactly a table's row: ``rowTypeName`` is its model, declared in the shared
    /// file, and the query declares no row struct of its own.
    var returnsTableModel = false
    /// In `$n` order.
    let parameters: [NamedValue]
    /// In result order. With a table model (whole, or an embed's), the model's property names and types.
    var columns: [NamedValue]
    /// The row has a unique, non-null column named `id`.
    var isIdentifiable: Bool
    /// `InsertJourneysParams`: one argument set of a `:batch*` or `:copyfrom` query (empty for
    /// the other kinds).
    var argumentsTypeName = ""
    /// The `sqlc.embed(t)` items, in result order; their columns are in ``columns`` too.
    var embeds: [NamedEmbed] = []
    /// The `-- @sort`s, as ``QueryTemplate/sorts`` orders them.
    package var sorts: [NamedSort] = []
    /// With `-- @page`: the `Statements` factory of a page and the `Queries` method of the pages.
    var pageFactoryName = ""
    var pagesMethodName = ""
    /// Every Swift spelling of the query's declarations and calls, made once every name above is
    /// final (the translate stage's last step, ``SwiftTranslator``).
    private(set) var signature = QuerySignature.unsigned
    /// Makes ``signature`` from the final names.
    mutating func sign() { signature = QuerySignature(self) }
    /// The parameters bound as `$n` (every one but the sorts').
    var boundParameters: [NamedValue] { parameters.filter { $0.sortIndex == nil } }

    /// A query named `functionName` returning `rowTypeName`; the other names are set as they are
    /// chosen, the signature last (``sign()``).
    init(query: QueryDescription, functionName: String, rowTypeName: String, parameters: [NamedValue], columns: [NamedValue],
         isIdentifiable: Bool) {
        self.description = SharedQueryDescription(query)
        self.functionName = functionName
        self.rowTypeName = rowTypeName
        self.parameters = parameters
        self.columns = columns
        self.isIdentifiable = isIdentifiable
    }
}

/// A ``NamedQuery``'s ``QueryDescription``, held by reference: the query is copied wherever it is
/// named, signed and rendered (tens of thousands of times a generate), and the description's
/// strings and arrays were retained and released on every copy (issue 28). Never changed once made.
private final class SharedQueryDescription: Sendable {
    let value: QueryDescription

    init(_ value: QueryDescription) {
        self.value = value
    }
}

/// A `sqlc.embed(t)` item: a property of the row whose type is a struct nested in the row
/// type, holding the table's columns.
struct NamedEmbed: Sendable {
    /// Bare Swift property name (`author`).
    let propertyName: String
    /// The nested struct's name (`Author`), unique among the types the row's code mentions; or
    /// the table model the item holds (``isTableModel``).
    var typeName: String
    /// The item is exactly a table's row: its type is the table's model, not a nested struct.
    var isTableModel = false
    /// The table is on the NULL-extended side of an outer join: the property is optional.
    let optional: Bool
    /// 0-based positions of its columns in the query's ``NamedQuery/columns``.
    let positions: Range<Int>
    /// The SQL name written in `sqlc.embed(...)`.
    let sqlName: String
}

/// A parameter or column with its Swift name and type.
struct NamedValue: Sendable {
    /// Bare Swift name (`journeyId`).
    private(set) var name: String
    /// The Swift type, as a value (the default mapping, an override, a `NeonSQL.Patch`, a sort).
    private(set) var typeUsage: SwiftTypeUsage
    /// ``typeUsage`` as generated code spells it (`Swift.Int`, `[Swift.String?]?`, `TimeSlot`, an
    /// override), printed once.
    private(set) var codeType: String
    /// ``typeUsage`` as `describe` reports it (`Int`, `[String?]?`), printed once.
    private(set) var swiftType: String
    /// The PostgreSQL type.
    let type: PostgresTypeDescription
    /// The PostgreSQL type as `describe` and `check` report it (``ParameterDescription/pgType``,
    /// ``ColumnDescription/pgType``).
    let pgType: String
    /// `$n` of a parameter; 1-based position of a column.
    let index: Int
    /// The SQL name: a column's as PostgreSQL reports it, a parameter's if it has one (else empty).
    let sqlName: String
    let nullable: Bool
    let elementNullable: Bool
    /// For a column of a `sqlc.embed(t)` item: the index of the item in ``NamedQuery/embeds``;
    /// ``name`` and ``codeType`` are then the nested struct's property and its type.
    var embed: Int?
    /// A parameter named by `-- @optional`: defaulted to nil, its conjuncts left out when nil.
    var isOptionalFilter = false
    /// A parameter named by `-- @patch`: its type is `NeonSQL.Patch<T>`, defaulted to `.keep`.
    var isPatch = false

    /// For the parameter of a `-- @sort`: its position in ``NamedQuery/sorts`` (it binds nothing).
    var sortIndex: Int?
    /// For the parameter of a `-- @sort`: the case of its first key.
    var sortDefaultCase: String?

    /// Prints `typeUsage` in both spellings, once.
    init(name: String, typeUsage: SwiftTypeUsage, type: PostgresTypeDescription, pgType: String, index: Int, sqlName: String,
         nullable: Bool, elementNullable: Bool) {
        self.name = name
        self.typeUsage = typeUsage
        self.codeType = typeUsage.printed(qualified: true)
        self.swiftType = typeUsage.printed(qualified: false)
        self.type = type
        self.pgType = pgType
        self.index = index
        self.sqlName = sqlName
        self.nullable = nullable
        self.elementNullable = elementNullable
    }

    /// The default argument of a defaulted parameter (`nil`, `.keep`, `.titleEn`), else nil.
    var defaultArgument: String? {
        if isOptionalFilter { return "nil" }
        if isPatch { return ".keep" }
        return sortDefaultCase.map { "." + SwiftIdentifiers.escaped($0) }
    }

    /// This column with `field`'s Swift name and type (a model's property), keeping its own
    /// position, SQL name and type, nullability and embed.
    func takingNames(of field: NamedValue) -> NamedValue {
        var value = self
        value.name = field.name
        value.typeUsage = field.typeUsage
        value.codeType = field.codeType
        value.swiftType = field.swiftType
        return value
    }

    /// The runtime's `PostgresType` expression for ``type`` (`.int4`, `.array(.text)`,
    /// `.enumType("time_slot")`), as the bindings and result columns print it. Spelled when a
    /// renderer prints it (once per binding or result column), not for every value: `describe`
    /// and table models' query columns never print it.
    var runtimeType: String { SwiftTypeMapping.runtimeTypeExpression(for: type) }

    /// A `:copyfrom` parameter is sent as one array of every row's values; an array-typed one as
    /// an array of each row's array in its text form (`SQLRewriter.copyFromSQL`).
    var copiesArrayAsText: Bool {
        if case .array = type { return true }
        return false
    }

    /// The `PostgresType` of the array a `:copyfrom` parameter is sent as: `.array(.int4)`, or
    /// `.array(.text)` for an array-typed one (``copiesArrayAsText``).
    var copyFromRuntimeType: String {
        copiesArrayAsText ? SwiftTypeMapping.textArrayExpression : ".array(" + runtimeType + ")"
    }
}

extension Array where Element == NamedValue {
    /// ``NamedValue/runtimeType`` of the value at `index`, read in place: a computed property of
    /// an array element copies the element (about ten strings), its stored type does not.
    func runtimeType(at index: Int) -> String {
        SwiftTypeMapping.runtimeTypeExpression(for: self[index].type)
    }
}

/// A PostgreSQL enum with its Swift names.
struct NamedEnum: Sendable {
    /// As `format_type` prints it (`time_slot`).
    let sqlName: String
    /// `TimeSlot`.
    let typeName: String
    /// Labels in declaration order with their (bare) case names.
    let cases: [(label: String, name: String)]
    /// The case holding a label added to the database enum after generation (`undocumented`), or
    /// nil for a frozen enum (`frozenEnums`): such a label is then a decoding error.
    let fallbackCaseName: String?
}
