@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

// Compact S-expression renderings of AST nodes, so tests can pin tree shapes in one line.

extension TypeName {
    var dump: String {
        var text = (schema.map { "\($0)." } ?? "") + name
        if !modifiers.isEmpty { text += "(" + modifiers.map(String.init).joined(separator: ",") + ")" }
        text += String(repeating: "[]", count: arrayDimensions)
        return text
    }
}

extension QualifiedName {
    var dump: String { parts.map { $0.quoted ? "\"\($0.name)\"" : $0.name }.joined(separator: ".") }
}

extension ParameterReference {
    var dump: String {
        switch self {
        case .positional(let n): return "$\(n)"
        case .named(let name): return "@\(name)"
        case .nullableNamed(let name): return "narg(\(name))"
        }
    }
}

extension OrderItem {
    var dump: String {
        var text = expression.dump
        if descending { text += " desc" }
        if let nullsFirst { text += nullsFirst ? " nulls first" : " nulls last" }
        return text
    }
}

extension FunctionCall {
    var dump: String {
        var inner: [String] = []
        if isStar { inner.append("*") }
        inner.append(contentsOf: arguments.map(\.dump))
        var text = name.dump + "(" + (isDistinct ? "distinct " : "") + inner.joined(separator: ", ")
        if !orderBy.isEmpty { text += " order by " + orderBy.map(\.dump).joined(separator: ", ") }
        text += ")"
        if !withinGroup.isEmpty { text += " within group(" + withinGroup.map(\.dump).joined(separator: ", ") + ")" }
        if let filter { text += " filter(" + filter.dump + ")" }
        if let over {
            var parts: [String] = []
            if let name = over.name { parts.append(name.name) }
            if !over.partitionBy.isEmpty { parts.append("partition " + over.partitionBy.map(\.dump).joined(separator: ", ")) }
            if !over.orderBy.isEmpty { parts.append("order " + over.orderBy.map(\.dump).joined(separator: ", ")) }
            text += " over(" + parts.joined(separator: "; ") + ")"
        }
        return text
    }
}

extension Expression {
    var dump: String { kind.dump }
}

extension ExpressionKind {
    var dump: String {
        switch self {
        case .literal(let value):
            switch value {
            case .integer(let s), .numeric(let s): return s
            case .string(let s): return "'\(s)'"
            case .bitString(let s): return "bits'\(s)'"
            case .boolean(let b): return b ? "true" : "false"
            case .null: return "null"
            }
        case .typedLiteral(let type, let value, _): return "\(type.dump)'\(value)'"
        case .column(let name): return name.dump
        case .qualifiedStar(let name): return name.dump + ".*"
        case .parameter(let node): return node.reference.dump
        case .unary(let op, let e): return "(\(op) \(e.dump))"
        case .binary(let op, let l, let r): return "(\(op) \(l.dump) \(r.dump))"
        case .like(let e, let pattern, let escape, let ci, let similar, let negated):
            let op = (negated ? "not " : "") + (similar ? "similar" : ci ? "ilike" : "like")
            return "(\(op) \(e.dump) \(pattern.dump)" + (escape.map { " escape \($0.dump)" } ?? "") + ")"
        case .isNull(let e, let negated): return "(\(negated ? "isnotnull" : "isnull") \(e.dump))"
        case .isTruth(let e, let value, let negated):
            return "(is\(negated ? "not" : "") \(value.map { $0 ? "true" : "false" } ?? "unknown") \(e.dump))"
        case .isDistinctFrom(let l, let r, let negated): return "(\(negated ? "isnotdistinct" : "isdistinct") \(l.dump) \(r.dump))"
        case .isDocument(let e, let negated): return "(\(negated ? "isnotdocument" : "isdocument") \(e.dump))"
        case .between(let e, let low, let high, let negated): return "(\(negated ? "notbetween" : "between") \(e.dump) \(low.dump) \(high.dump))"
        case .inList(let e, let list, let negated): return "(\(negated ? "notin" : "in") \(e.dump) [\(list.map(\.dump).joined(separator: ", "))])"
        case .inSubquery(let e, _, let negated): return "(\(negated ? "notin" : "in") \(e.dump) subquery)"
        case .quantified(let op, let l, let q, let r): return "(\(op) \(l.dump) \(q.rawValue)(\(r.dump)))"
        case .quantifiedSubquery(let op, let l, let q, _): return "(\(op) \(l.dump) \(q.rawValue)(subquery))"
        case .cast(let e, let type): return "(cast \(e.dump) \(type.dump))"
        case .function(let call): return call.dump
        case .caseWhen(let operand, let branches, let elseResult):
            var text = "(case"
            if let operand { text += " \(operand.dump)" }
            for branch in branches { text += " (when \(branch.condition.dump) \(branch.result.dump))" }
            if let elseResult { text += " (else \(elseResult.dump))" }
            return text + ")"
        case .arrayLiteral(let items): return "[" + items.map(\.dump).joined(separator: ", ") + "]"
        case .arraySubquery: return "array(subquery)"
        case .arraySubscript(let e, let lower, let upper, let isSlice):
            return "(subscript \(e.dump) \(lower?.dump ?? "_")" + (isSlice ? ":\(upper?.dump ?? "_")" : "") + ")"
        case .fieldSelection(let e, let field): return "(field \(e.dump) \(field.name))"
        case .fieldStar(let e): return "(fieldstar \(e.dump))"
        case .scalarSubquery: return "(subquery)"
        case .exists: return "(exists subquery)"
        case .row(let items): return "(row " + items.map(\.dump).joined(separator: " ") + ")"
        case .valueFunction(let f): return f.rawValue
        case .atTimeZone(let e, let zone): return "(attimezone \(e.dump) \(zone.dump))"
        case .collate(let e, let name): return "(collate \(e.dump) \(name.dump))"
        case .defaultValue: return "default"
        case .parenthesized(let e): return "{\(e.dump)}"
        }
    }
}
