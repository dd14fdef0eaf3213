/// A parsed JSON value that keeps what Neon's proxy needs to reproduce its parameter conversion:
/// numbers keep their source text and objects keep their key order.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as written in the source document.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object as an ordered list of members (duplicate keys are kept, last one wins on lookup).
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The value of the last member named `key`, if this is an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }
}
