extension Bindings {
    /// Bindings of `parameters`, `$1` first: each a value and the type it is bound as, as
    /// ``append(_:as:)`` would add them one by one. Generated statement factories build their
    /// bindings with this one call (`Bindings((id, .int4), (name, .text))`): a call per
    /// parameter was more machine code per query (BENCHMARKS.md "First build of a large target's
    /// generated code").
    public init<each Value: PostgresTextEncodable>(_ parameters: repeat (each Value, PostgresType)) {
        var count = 0
        for _ in repeat each parameters { count += 1 }
        self.init(capacity: count)
        for (value, type) in repeat each parameters { append(value, as: type) }
    }
}
