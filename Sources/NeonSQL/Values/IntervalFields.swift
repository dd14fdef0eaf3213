/// The three fields of an interval as its text is read, component by component: every sum and
/// product checked, so that no input traps (PostgreSQL answers "interval out of range" where these
/// overflow, and no value it prints does).
struct IntervalFields {
    private var months: Int64 = 0
    private var days: Int64 = 0
    private var micros: Int64 = 0
    /// Whether every component counts negated: a text ending in `ago`, read negated from its
    /// first component on, so that the smallest interval PostgreSQL prints in that style
    /// (`@ 2562047788 hours 54.775808 secs ago`, whose components add up to one more than
    /// Int64.max) is read without overflow.
    private let negatesComponents: Bool

    /// Fields of zero; `negatesComponents` for a text whose last word is `ago`.
    init(negatesComponents: Bool = false) {
        self.negatesComponents = negatesComponents
    }

    /// Adds `value * unit` months (subtracts when `negative`); false on overflow.
    mutating func addMonths(_ value: Int64, times unit: Int64, negative: Bool) -> Bool {
        add(value, times: unit, plus: 0, negative: negative, to: &months)
    }

    /// Adds `value * unit` days (subtracts when `negative`); false on overflow.
    mutating func addDays(_ value: Int64, times unit: Int64, negative: Bool) -> Bool {
        add(value, times: unit, plus: 0, negative: negative, to: &days)
    }

    /// Adds `value * unit + extra` microseconds (subtracts both when `negative`); false on overflow.
    mutating func addMicros(_ value: Int64, times unit: Int64, plus extra: Int64, negative: Bool) -> Bool {
        add(value, times: unit, plus: extra, negative: negative, to: &micros)
    }

    /// The interval, nil when the months or days do not fit PostgreSQL's 32-bit fields.
    var interval: PostgresInterval? {
        guard let months = Int32(exactly: months), let days = Int32(exactly: days) else { return nil }
        return PostgresInterval(months: months, days: days, microseconds: micros)
    }

    private func add(_ value: Int64, times unit: Int64, plus extra: Int64, negative: Bool, to field: inout Int64) -> Bool {
        let (product, productOverflow) = value.multipliedReportingOverflow(by: unit)
        let subtracts = negative != negatesComponents
        guard !productOverflow, let withProduct = Self.step(field, product, subtracts),
            let withExtra = Self.step(withProduct, extra, subtracts)
        else { return false }
        field = withExtra
        return true
    }

    /// `field - term` or `field + term`; nil on overflow.
    private static func step(_ field: Int64, _ term: Int64, _ subtracts: Bool) -> Int64? {
        let (result, overflow) = subtracts ? field.subtractingReportingOverflow(term) : field.addingReportingOverflow(term)
        return overflow ? nil : result
    }

    /// An Int64 that saturates at its bounds instead of trapping (the component initializers of
    /// ``PostgresInterval`` and ``PostgresTime``).
    struct Saturating {
        private(set) var value: Int64

        init(_ value: Int64) { self.value = value }

        mutating func multiply(by factor: Int64) {
            let (product, overflow) = value.multipliedReportingOverflow(by: factor)
            value = overflow ? ((value < 0) != (factor < 0) ? .min : .max) : product
        }

        mutating func add(_ other: Int64) {
            value = value.addingSaturating(other)
        }
    }
}
