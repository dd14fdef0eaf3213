extension FixedWidthInteger {
    /// `self + other`, or the type's bound on overflow: for totals of counts a response reports
    /// (row counts), which must not trap whatever the server sends.
    func addingSaturating(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other < 0 ? .min : .max
    }
}
