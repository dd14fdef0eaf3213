/// Schema files written for a migration tool hold the migration's rollback too: goose's
/// `-- +goose Down`, sql-migrate's `-- +migrate Down`, dbmate's `-- migrate:down` sections, what
/// follows tern's `---- create above / drop below ----`, and golang-migrate's whole `*.down.sql`
/// files. The tool runs only the up part when it migrates; so does the catalog (as sqlc does):
/// this blanks the down parts out, keeping every line break so diagnostics keep their lines.
enum MigrationScript {
    /// `file` without its down sections; `file` itself when it has none.
    static func withoutDownSections(_ file: SourceFile) -> SourceFile {
        if file.path.lowercased().hasSuffix(".down.sql") { return blanked(file, [0..<file.bytes.count]) }
        var ranges: [Range<Int>] = []
        var downStart: Int?
        var lineStart = 0
        while lineStart < file.bytes.count {
            var lineEnd = lineStart
            while lineEnd < file.bytes.count, file.bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if file.bytes[lineStart] == UInt8(ascii: "-") {
                switch marker(String(decoding: file.bytes[lineStart..<lineEnd], as: UTF8.self)) {
                case .down?: if downStart == nil { downStart = lineStart }
                case .up?:
                    if let start = downStart { ranges.append(start..<lineStart) }
                    downStart = nil
                case nil: break
                }
            }
            lineStart = lineEnd + 1
        }
        if let start = downStart { ranges.append(start..<file.bytes.count) }
        return ranges.isEmpty ? file : blanked(file, ranges)
    }

    private enum Marker { case up, down }

    /// The section a line starts, if it is a tool's marker (tern's has no up counterpart: all
    /// below it is the rollback).
    private static func marker(_ line: String) -> Marker? {
        var text = Substring(line)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        if text == "---- create above / drop below ----" { return .down }
        for prefix in ["-- +goose ", "-- +migrate "] where text.hasPrefix(prefix) {
            // `-- +goose Down`, `-- +migrate Up notransaction`
            switch text.dropFirst(prefix.count).split(separator: " ").first?.lowercased() {
            case "down": return .down
            case "up": return .up
            default: return nil
            }
        }
        // `-- migrate:up transaction:false`
        if text.hasPrefix("-- migrate:") {
            switch text.dropFirst("-- migrate:".count).split(separator: " ").first {
            case "down": return .down
            case "up": return .up
            default: return nil
            }
        }
        return nil
    }

    private static func blanked(_ file: SourceFile, _ ranges: [Range<Int>]) -> SourceFile {
        var bytes = file.bytes
        for range in ranges {
            for index in range where bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r") {
                bytes[index] = UInt8(ascii: " ")
            }
        }
        return SourceFile(path: file.path, text: String(decoding: bytes, as: UTF8.self), invalidUTF8: file.invalidUTF8)
    }
}
