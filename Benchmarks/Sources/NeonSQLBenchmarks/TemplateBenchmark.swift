// The cost of a `-- @optional`/`-- @sort` query's SQL per call against a static query's: building
// the Statement (SQL + bindings) the way generated code does, both in one run, alternately.
import Foundation
import NeonSQL

/// SearchDuas as the generator emits it with two optional filters and a sort (SQLTemplate).
private let searchTemplate = SQLTemplate([
    .text("SELECT d.id, d.title_en, d.xp_value, c.slug AS category_slug\nFROM duas d\nLEFT JOIN categories c ON c.id = d.category_id\n"),
    .clause(SQLTemplate.Clause(prefix: [.text("WHERE ")], items: [
        SQLTemplate.Item(switches: [], separator: [], body: [.text("d.title_en ILIKE '%' || "), .parameter(1), .text(" || '%'")]),
        SQLTemplate.Item(switches: [0], separator: [.text("\n  AND ")], body: [.text("c.slug = "), .parameter(2)]),
        SQLTemplate.Item(switches: [1], separator: [.text("\n  AND ")], body: [.text("d.xp_value >= "), .parameter(3)]),
    ], whenEmpty: [])),
    .text("\nORDER BY "),
    .choice(0, [[.text("d.id")], [.text("xp_value DESC")], [.text("d.title_en, d.id")]]),
    .text(", d.id"),
], switchCount: 2)

private func templated(_ template: SQLTemplate, text: String, slug: String?, minimum: Int?, order: Int) -> Statement<[FetchDuasRow]> {
    let variant = template.variant([slug != nil, minimum != nil], choices: [order])
    var bindings = Bindings(capacity: variant.parameters.count)
    for parameter in variant.parameters {
        switch parameter {
        case 1: bindings.append(text, as: .text)
        case 2: bindings.append(slug, as: .text)
        case 3: bindings.append(minimum, as: .int4)
        default: break
        }
    }
    return .many(name: "SearchDuas", sql: variant.sql, bindings: bindings, readOnly: true)
}

/// The same query written without optional parts: what generated code builds for a static query.
private func staticStatement(text: String, slug: String, minimum: Int) -> Statement<[FetchDuasRow]> {
    var bindings = Bindings(capacity: 3)
    bindings.append(text, as: .text)
    bindings.append(slug, as: .text)
    bindings.append(minimum, as: .int4)
    return .many(name: "SearchDuas", sql: """
        SELECT d.id, d.title_en, d.xp_value, c.slug AS category_slug
        FROM duas d
        LEFT JOIN categories c ON c.id = d.category_id
        WHERE d.title_en ILIKE '%' || $1 || '%'
          AND c.slug = $2
          AND d.xp_value >= $3
        ORDER BY xp_value DESC, d.id
        """, bindings: bindings, readOnly: true)
}

/// Prints both measurements and returns static / template (median) for the cached and cold cases.
func runTemplate(iterations: Int) throws -> (cached: Double, cold: Double) {
    // Both build a statement with the same bindings; the template's SQL differs only in spacing.
    let check = templated(searchTemplate, text: "a", slug: "s", minimum: 1, order: 1)
    guard check.bindings.count == 3, check.sql.contains("AND d.xp_value >= $3"), check.sql.hasSuffix("ORDER BY xp_value DESC, d.id") else {
        print("template assembled unexpected SQL: \(check.sql)")
        exit(1)
    }
    let calls = 1_000
    let (baseline, cached) = measurePair(iterations: iterations, {
        var total = 0
        for index in 0..<calls { total &+= staticStatement(text: "a", slug: "s", minimum: index).sql.utf8.count }
        return total
    }, {
        var total = 0
        for index in 0..<calls {
            total &+= templated(searchTemplate, text: "a", slug: index % 2 == 0 ? "s" : nil, minimum: index, order: index % 3).sql.utf8.count
        }
        return total
    })
    // Cold: a new template per call, so every call assembles its variant (the first call of each variant in an app).
    let (baselineAgain, cold) = measurePair(iterations: iterations, {
        var total = 0
        for index in 0..<calls { total &+= staticStatement(text: "a", slug: "s", minimum: index).sql.utf8.count }
        return total
    }, {
        var total = 0
        for index in 0..<calls {
            let fresh = SQLTemplate(searchTemplate.parts, switchCount: 2)
            total &+= templated(fresh, text: "a", slug: "s", minimum: index, order: 1).sql.utf8.count
        }
        return total
    })
    func line(_ name: String, _ m: Measurement) {
        print(String(format: "  %-44@ %8.3f us per call median (%8.3f best)  %6d mallocs per 1,000 calls",
                     name as NSString, m.median * 1e6 / Double(calls), m.seconds * 1e6 / Double(calls), m.mallocs))
    }
    print("\(calls) statements per iteration, \(iterations) iterations")
    line("static query (SQL literal + bindings)", baseline)
    line("template, variant cached (steady state)", cached)
    line("static query (again, paired with cold)", baselineAgain)
    line("template, every call assembled (cold)", cold)
    return (baseline.median / cached.median, baselineAgain.median / cold.median)
}
