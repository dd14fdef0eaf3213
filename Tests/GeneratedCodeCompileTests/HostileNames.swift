/// Names chosen to break generated Swift: keywords and contextual keywords, names of the types
/// and members generated code refers to, names equal after case folding or camel-casing, leading
/// digits, names without letters, non-ASCII.
enum HostileNames {
    static let all: [String] = keywords + referenced + awkward

    static let keywords = [
        "self", "Self", "Type", "init", "Protocol", "default", "Default", "DEFAULT", "class", "func", "in", "inout",
        "var", "let", "Any", "subscript", "deinit", "super", "true", "nil", "is", "as", "throws", "rethrows",
        "associatedtype", "operator", "where", "_", "__", "case", "enum", "struct", "protocol", "import", "return",
        "try", "await", "async", "some", "any", "actor", "open", "internal", "static", "extension", "typealias",
        "precedencegroup", "fallthrough", "repeat", "defer", "guard", "switch", "while", "catch", "throw", "do",
        "else", "for", "if", "break", "continue", "public", "private", "fileprivate", "consuming", "borrowing",
        "nonisolated", "mutating", "get", "set", "willSet", "didSet", "override", "convenience", "required",
        "lazy", "weak", "unowned", "final", "dynamic", "indirect", "prefix", "postfix", "infix", "macro",
    ]

    static let referenced = [
        "statement", "Statement", "bindings", "Bindings", "bindings_", "variant", "parameter", "q_sql_template", "date", "Date", "uuid", "UUID", "data", "Data",
        "string", "String", "int", "Int", "bool", "Bool", "double", "Double", "float", "Decimal", "optional",
        "Optional", "array", "Array", "result", "Result", "error", "Error", "void", "Void", "never", "Never",
        "sendable", "Sendable", "hashable", "Hashable", "codable", "Codable", "identifiable", "Identifiable",
        "case_iterable", "CaseIterable", "swift", "Swift", "foundation", "Foundation", "neon_sql", "NeonSQL",
        "queries", "Queries", "statements", "Statements", "query_client", "QueryClient", "executor", "live",
        "live_value", "test_value", "testValue", "preview", "preview_value", "columns", "row", "rows", "decode",
        "raw_value", "rawValue", "all_cases", "allCases", "hash_value", "hashValue", "hash", "encode", "id", "ID",
        "Id", "postgres_type", "PostgresType", "result_column", "ResultColumn", "row_decoder", "RowDecoder",
        "decodable_row", "DecodableRow", "postgres_enum", "PostgresEnum", "json_value", "JSONValue",
        "postgres_date", "PostgresDate", "unimplemented_query", "UnimplementedQueryError", "query_executor",
        "QueryExecutor", "neon_client", "NeonClient", "concurrency", "_Concurrency", "task", "Task", "element",
        "description", "debug_description", "name", "kind", "sql", "is_read_only", "read_only", "capacity",
        "append", "values", "types", "failure", "value", "type", "text", "order", "user", "from", "to", "with",
    ]

    static let awkward = [
        "1abc", "123", "0", "9lives", "_1", "a b", "a-b", "a.b", "foo_bar", "fooBar", "FOO_BAR", "FooBar", "foo__bar",
        "名前", "café", "cafe", "ÄÖÜ", "emoji😀", "$", "$1", "\"quoted\"", "'single'", "back\\slash", "tab\there",
        "new\nline", "x", "X", "XMLValue", "xml_value", "ID_", "_id", "id_", "a1", "A1", "p1", "p2", "column1",
        "value1", "query", "Query", "QueryRow", "enum", "Enum", "Enum2", "id2", "self_", "Self_", "init_",
        "undocumented", "Undocumented", "undocumented2", "unknown", "label", "raw_value2", "a\"#b", "#tag",
    ]
}
