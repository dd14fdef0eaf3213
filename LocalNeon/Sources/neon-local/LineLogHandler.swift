import Foundation
import Logging
import NIOConcurrencyHelpers

/// Writes one line per message to standard output: `<time> <level> <label>: <metadata> [<source>] <message>`.
///
/// Unlike swift-log's `StreamLogHandler`, which formats all metadata again whenever a key is set,
/// this handler formats only when it writes a message: neon-local sets metadata (the request id)
/// for every request, and almost never logs.
struct LineLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    private let label: String

    private static let output = NIOLockedValueBox(())

    init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() {
            merged.merge(provided) { _, new in new }
        }
        if let extra = event.metadata {
            merged.merge(extra) { _, new in new }
        }
        var line = Date().formatted(.iso8601) + " \(event.level) \(label):"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        line += " [\(event.source)] \(event.message)\n"
        let bytes = Data(line.utf8)
        Self.output.withLockedValue { _ in
            FileHandle.standardOutput.write(bytes)
        }
    }
}
