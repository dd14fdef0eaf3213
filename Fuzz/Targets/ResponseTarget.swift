// libFuzzer target `response`: the runtime's response parsing on arbitrary bytes: single results
// (`Statement.decodeResponse` for rows of every supported type, `:one`, `:exec`, `:execrows`),
// batch bodies (`BatchDecoder`, as `NeonClient.batch` uses it) and error bodies. Built by
// Scripts/fuzz.sh together with Sources/NeonSQL into one module; the list of decodings it runs and
// their row types are in Fuzz/Shared/ (shared with the response mutation tests).
// Every input must end in a value or a thrown `NeonError`: any other error type, a trap, an ASan
// report or a stack overflow is a finding.

import Foundation

/// Runs `work`; any error other than `NeonError` is a finding.
func expectTypedError<T>(_ what: String, _ work: () throws -> T) {
    do {
        _ = try work()
    } catch is NeonError {
    } catch {
        fatalError("\(what) threw an untyped error: \(type(of: error)): \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = data.map { Data(bytes: $0, count: size) } ?? Data()
    for decoding in ResponseDecodings.all {
        expectTypedError(decoding.name) { try decoding.run(body) }
    }
    return 0
}
