/// A named Swift type: a standard, Foundation or runtime type with its module (`Swift.Int`,
/// `NeonSQL.PostgresDate`), or a type without one (a type the generated code declares, such as an
/// enum or a sort, and the user's override as written).
///
/// Both spellings are made once, when the name is made: the runtime's and the standard library's
/// names are static constants, so mapping a type builds no string.
struct SwiftTypeName: Sendable, Hashable {
    /// The module generated code qualifies the name with (`Swift`, `Foundation`, `NeonSQL`), or nil.
    let module: String?
    /// The bare name, as `describe` reports it (`Int`, `PostgresDate`, `TimeSlot`).
    let name: String
    /// The name as generated code spells it: `Swift.Int`, or ``name`` without a module.
    let qualifiedName: String

    init(module: String?, name: String) {
        self.module = module
        self.name = name
        self.qualifiedName = module.map { $0 + "." + name } ?? name
    }

    /// A type of the generated module, or the user's override: spelled as written.
    static func unqualified(_ name: String) -> SwiftTypeName { SwiftTypeName(module: nil, name: name) }

    static let int = SwiftTypeName(module: "Swift", name: "Int")
    static let float = SwiftTypeName(module: "Swift", name: "Float")
    static let double = SwiftTypeName(module: "Swift", name: "Double")
    static let bool = SwiftTypeName(module: "Swift", name: "Bool")
    static let string = SwiftTypeName(module: "Swift", name: "String")
    static let decimal = SwiftTypeName(module: "Foundation", name: "Decimal")
    static let uuid = SwiftTypeName(module: "Foundation", name: "UUID")
    static let date = SwiftTypeName(module: "Foundation", name: "Date")
    static let data = SwiftTypeName(module: "Foundation", name: "Data")
    static let postgresDate = SwiftTypeName(module: "NeonSQL", name: "PostgresDate")
    static let postgresTime = SwiftTypeName(module: "NeonSQL", name: "PostgresTime")
    static let postgresInterval = SwiftTypeName(module: "NeonSQL", name: "PostgresInterval")
    static let postgresPoint = SwiftTypeName(module: "NeonSQL", name: "PostgresPoint")
    static let jsonValue = SwiftTypeName(module: "NeonSQL", name: "JSONValue")
    /// `NeonSQL.PostgresRange<Bound>`, generic over its bound.
    static let postgresRange = SwiftTypeName(module: "NeonSQL", name: "PostgresRange")
    /// `NeonSQL.Patch<Value>`, generic over the patched value (`-- @patch`).
    static let patch = SwiftTypeName(module: "NeonSQL", name: "Patch")
}

/// How a value uses a Swift type: a named type, a generic runtime type of one argument, an array,
/// each optional or not (in the spirit of swift-openapi-generator's `TypeName`/`TypeUsage`).
/// The translate stage builds it (``SwiftTypeMapping``, ``TypeOverrides``) and prints it once per
/// value (``NamedValue/codeType``, ``NamedValue/swiftType``); renderers read the printed forms.
struct SwiftTypeUsage: Sendable, Hashable {
    /// What the type is, before its optionality.
    enum Shape: Sendable, Hashable {
        case named(SwiftTypeName)
        /// `NeonSQL.PostgresRange<Swift.Int>`, `NeonSQL.Patch<Swift.String?>`.
        indirect case generic(SwiftTypeName, argument: SwiftTypeUsage)
        /// `[Swift.String?]`.
        indirect case array(element: SwiftTypeUsage)
    }

    let shape: Shape
    /// `T?`.
    let isOptional: Bool

    init(_ shape: Shape, optional: Bool = false) {
        self.shape = shape
        self.isOptional = optional
    }

    static func named(_ name: SwiftTypeName, optional: Bool = false) -> SwiftTypeUsage { SwiftTypeUsage(.named(name), optional: optional) }

    /// The same type, optional or not.
    func optional(_ optional: Bool) -> SwiftTypeUsage { SwiftTypeUsage(shape, optional: optional) }

    /// The spelling of generated code (`[Swift.String?]?`) when `qualified`, else `describe`'s (`[String?]?`).
    func printed(qualified: Bool) -> String {
        var text = ""
        print(into: &text, qualified: qualified)
        return text
    }

    private func print(into text: inout String, qualified: Bool) {
        switch shape {
        case .named(let name):
            text += qualified ? name.qualifiedName : name.name
        case .generic(let name, let argument):
            text += qualified ? name.qualifiedName : name.name
            text += "<"
            argument.print(into: &text, qualified: qualified)
            text += ">"
        case .array(let element):
            text += "["
            element.print(into: &text, qualified: qualified)
            text += "]"
        }
        if isOptional { text += "?" }
    }
}
