// The pseudo-types a function may not take or return (PostgreSQL's ProcedureCreate and the SQL
// and PL/pgSQL validators): such a CREATE FUNCTION fails, and the function does not exist.

extension FunctionDefinitions {
    /// Pseudo-types that are not polymorphic: no SQL function takes one, nor returns one but
    /// `record` and `void`.
    private static let plainPseudoTypes: Set<String> = [
        "any", "internal", "cstring", "record", "void", "trigger", "event_trigger", "language_handler", "fdw_handler",
        "table_am_handler", "index_am_handler", "tsm_handler", "unknown", "pg_ddl_command",
    ]

    /// Reports PostgreSQL's error for a pseudo-type `create` may not use, in PostgreSQL's order:
    /// a result or OUT parameter of type `internal` without an `internal` input; for LANGUAGE sql a
    /// pseudo-type result (but record, void or a polymorphic one), then input; for plpgsql the
    /// same with trigger results and record parameters allowed. True when one was reported.
    mutating func reportPseudoTypeMisuse(_ create: CreateFunctionStatement) -> Bool {
        func pseudo(_ type: TypeName) -> String? {
            guard type.arrayDimensions == 0, type.schema == nil || type.schema == "pg_catalog",
                  Self.plainPseudoTypes.contains(type.name) else { return nil }
            return type.name == "any" ? "\"any\"" : type.name
        }
        let inputs = create.parameters.filter { $0.mode != .out }.map(\.type)
        var outputs = create.parameters.filter { $0.mode == .out || $0.mode == .inout }.map(\.type)
        var result: TypeName?
        switch create.returns {
        case .type(let type), .setOf(let type): result = type
        case .table(let columns):
            outputs = columns.map(\.type)
            result = columns.count == 1 ? columns[0].type : nil
        case .none: result = outputs.count == 1 ? outputs[0] : nil
        }
        let location = result?.location ?? create.name.location
        let returned = (result.map { [$0] } ?? []) + outputs
        if !inputs.contains(where: { pseudo($0) == "internal" }), let misuse = returned.first(where: { pseudo($0) == "internal" }) {
            error("unsafe use of pseudo-type \"internal\"", at: misuse.location)
            return true
        }
        switch create.language ?? "sql" {
        case "sql":
            if let result, let name = pseudo(result), name != "record", name != "void" {
                error("SQL functions cannot return type \(name)", at: location)
                return true
            }
            if let argument = inputs.first(where: { pseudo($0) != nil }), let name = pseudo(argument) {
                error("SQL functions cannot have arguments of type \(name)", at: argument.location)
                return true
            }
        case "plpgsql":
            if let result, let name = pseudo(result), !["record", "void", "trigger", "event_trigger"].contains(name) {
                error("PL/pgSQL functions cannot return type \(name)", at: location)
                return true
            }
            if let argument = (inputs + outputs).first(where: { pseudo($0).map { $0 != "record" } ?? false }), let name = pseudo(argument) {
                error("PL/pgSQL functions cannot accept type \(name)", at: argument.location)
                return true
            }
        default:
            break
        }
        return false
    }
}
