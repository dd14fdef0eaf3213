import Foundation

/// Decodes a batch body statement by statement.
struct BatchDecoder {
    let body: Data
    let count: Int
    private var offset = 0
    private var index = 0
    /// Results skipped so far (the client's own statements, such as an idempotency key's insert):
    /// the statement indices in errors count the caller's statements only.
    private var skipped = 0

    init(body: Data, count: Int) {
        self.body = body
        self.count = count
    }

    /// Positions after `{"results":[`, validating the envelope. Other keys are allowed before `results`.
    mutating func open() throws {
        offset = try withReader { reader in
            reader.skipWhitespace()
            try reader.expect(UInt8(ascii: "{"))
            var scratch: [UInt8] = []
            while true {
                reader.skipWhitespace()
                if reader.peek() == UInt8(ascii: "}") {
                    throw NeonError.malformedResponse("the batch response has no \"results\" array")
                }
                let key = try reader.readKey(&scratch)
                if key.is("results") {
                    reader.skipWhitespace()
                    try reader.expect(UInt8(ascii: "["))
                    return reader.index
                }
                try reader.skipValue()
                reader.skipWhitespace()
                if reader.peek() == UInt8(ascii: ",") { reader.index += 1 }
            }
        }
    }

    /// Skips the next result (a statement the client added to the request), checking it is a value.
    mutating func skipResult() throws {
        try readNextResult { reader, _ in try reader.skipValue() }
        skipped += 1
    }

    /// Moves past the separator before result `index` (checking there is one) and reads it with `read`.
    private mutating func readNextResult(_ read: (inout JSONReader, Int) throws -> Void) throws {
        let position = index
        guard position < count else { throw NeonError.malformedResponse("internal: too many batch results requested") }
        let count = self.count
        offset = try withReader { reader in
            reader.skipWhitespace()
            if position > 0 {
                try reader.expect(UInt8(ascii: ","))
            } else if reader.peek() == UInt8(ascii: "]") {
                throw NeonError.malformedResponse("the batch response has 0 results for \(count) statements")
            }
            try read(&reader, position)
            return reader.index
        }
        index += 1
    }

    /// Decodes the next result with `statement`.
    mutating func next<R>(_ statement: Statement<R>) throws -> R {
        let reportedIndex = index - skipped
        var value: R? = nil
        try readNextResult { reader, _ in
            do {
                value = try statement.decode(batchResult: &reader, index: reportedIndex)
            } catch NeonError.decoding(var failure) {
                failure.statementIndex = reportedIndex
                throw NeonError.decoding(failure)
            }
        }
        guard let value else { throw NeonError.malformedResponse("internal: batch result missing") }
        return value
    }

    /// Decodes the next result, one of the client's own statements (not counted in the indices
    /// errors report).
    mutating func nextOwn<R>(_ statement: Statement<R>) throws -> R {
        let value = try next(statement)
        skipped += 1
        return value
    }

    /// Decodes the next result, the caller's lone statement sent in a batch with the client's
    /// own statements: a decoding error names no statement index, as for a statement sent alone.
    mutating func nextAsSingleStatement<R>(_ statement: Statement<R>) throws -> R {
        do {
            return try next(statement)
        } catch NeonError.decoding(var failure) {
            failure.statementIndex = nil
            throw NeonError.decoding(failure)
        }
    }

    /// ``nextAsSingleStatement(_:)``, also returning the result's JSON as a body of its own (what
    /// the cache stores: a single-statement response body).
    mutating func nextAsSingleStatementWithBody<R>(_ statement: Statement<R>) throws -> (R, Data) {
        let raw = try nextRawResult()
        do {
            return (try statement.decodeResponse(raw), raw)
        } catch NeonError.decoding(var failure) {
            failure.statementIndex = nil
            throw NeonError.decoding(failure)
        }
    }

    /// The next result's JSON as a body of its own (a single-statement response body), undecoded:
    /// what the outbox keeps of a replayed statement's result.
    mutating func nextRawResult() throws -> Data {
        var start = 0
        var end = 0
        try readNextResult { reader, _ in
            reader.skipWhitespace()
            start = reader.index
            try reader.skipValue()
            end = reader.index
        }
        return Data(body[body.startIndex + start ..< body.startIndex + end])
    }

    /// Decodes the next result and adds its rows (if it reports any) to `rows`.
    mutating func next<R>(_ statement: Statement<R>, rows: inout Int?) throws -> R {
        let value = try next(statement)
        if let counted = statement.rowCount(value) { rows = (rows ?? 0).addingSaturating(counted) }
        return value
    }

    /// Checks the end of the results array and the envelope.
    mutating func close() throws {
        let count = self.count
        _ = try withReader { reader in
            reader.skipWhitespace()
            if reader.peek() == UInt8(ascii: ",") {
                throw NeonError.malformedResponse("the batch response has more results than the \(count) statements sent")
            }
            try reader.expect(UInt8(ascii: "]"))
            var scratch: [UInt8] = []
            while true {
                reader.skipWhitespace()
                if reader.peek() == UInt8(ascii: "}") {
                    reader.index += 1
                    return reader.index
                }
                try reader.expect(UInt8(ascii: ","))
                _ = try reader.readKey(&scratch)
                try reader.skipValue()
            }
        }
    }

    private func withReader(_ work: (inout JSONReader) throws -> Int) throws -> Int {
        do {
            return try body.withUnsafeBytes { raw in
                var reader = JSONReader(raw, index: offset)
                let end = try work(&reader)
                return end
            }
        } catch let error as JSONReader.SyntaxError {
            throw NeonError.malformedResponse(error.message)
        }
    }
}
