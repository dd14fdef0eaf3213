/// `-- @cache max-age 10m` under a query's annotation: the query's results may be cached and stay
/// fresh that long (units `s`, `m`, `h`, `d`). Only read-only statements can be cached: on a write
/// the analyzer reports it at this line.
struct CacheDirective: Sendable, Hashable {
    /// The freshness, in seconds.
    let maxAgeSeconds: Int
    let location: SourceLocation
}

enum CacheDirectiveParser {
    private static let units: [Character: Int] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
    /// The longest freshness accepted: a year (a mistyped unit beyond that is more likely than intent).
    private static let maximumSeconds = 366 * 86_400

    /// Reads `@cache max-age <n><unit>`; nil after reporting what is wrong.
    static func parse(_ text: Substring, _ comment: Comment, _ source: SourceFile,
                      _ diagnostics: inout DiagnosticCollector) -> CacheDirective? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        let usage = "cache directive must read '-- @cache max-age <number><unit>' with unit s, m, h or d (e.g. '-- @cache max-age 10m')"
        guard words.count == 3, words[1] == "max-age", let unitCharacter = words[2].last,
              let unit = units[unitCharacter], let amount = Int(words[2].dropLast()), amount > 0 else {
            diagnostics.error(usage, in: source, at: comment.location)
            return nil
        }
        let (seconds, overflow) = amount.multipliedReportingOverflow(by: unit)
        guard !overflow, seconds <= maximumSeconds else {
            diagnostics.error("'-- @cache max-age' is at most 366d", in: source, at: comment.location)
            return nil
        }
        return CacheDirective(maxAgeSeconds: seconds, location: comment.location)
    }
}
