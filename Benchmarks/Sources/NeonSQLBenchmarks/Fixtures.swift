import Foundation
import NeonSQL

/// 12 columns of mixed types, like the RIZQ duas query (`duas` joined with activity data).
let columnNames = [
    "id", "category_id", "title_en", "arabic_text", "transliteration", "repetitions",
    "xp_value", "is_premium", "rating", "created_at", "user_id", "duas_completed",
]
let columnOIDs = [23, 23, 25, 25, 25, 23, 23, 16, 701, 1184, 2950, 1007]

struct Cell {
    var rawText: String?     // Neon-Raw-Text-Output: true
    var typedJSON: String    // default (typed JSON) mode, as Neon renders it
}

/// The timestamps' formatter (UTC), made once per body: making one per row was three quarters of
/// the instructions of a 10,000-row `--callgrind` run.
func makeTimestampFormatter() -> ISO8601DateFormatter {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    return formatter
}

/// Deterministic row content.
func makeRow(_ index: Int, formatter: ISO8601DateFormatter) -> [Cell] {
    let id = index + 1
    let category: Int? = index % 7 == 0 ? nil : index % 13 + 1
    let title = "Dua for morning remembrance #\(id) \"with quotes\""
    let arabic = "بِسْمِ اللَّهِ الَّذِي لَا يَضُرُّ مَعَ اسْمِهِ شَيْءٌ \(id)"
    let transliteration: String? = index % 5 == 0 ? nil : "Bismillahi alladhi la yadurru ma'a ismihi shay'un \(id)"
    let repetitions = index % 10 + 1
    let xp = (index * 37) % 500
    let premium = index % 3 == 0
    let rating = Double(index % 1000) / 7.0
    let seconds = 1_700_000_000 + index * 61
    let micros = (index * 7919) % 1_000_000
    let date = Date(timeIntervalSince1970: Double(seconds))
    let iso = formatter.string(from: date)  // 2023-11-14T22:13:20Z
    let pgTimestamp = iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "") + String(format: ".%06d+00", micros)
    let uuid = String(format: "%08x-%04x-4%03x-8%03x-%012x", index * 2_654_435_761 % 0xFFFF_FFFF, index % 0xFFFF, index % 0xFFF, (index * 3) % 0xFFF, index * 97)
    let completed = (0..<(index % 6)).map { String($0 * 3 + index % 11) }
    let ratingText = rating.description
    return [
        Cell(rawText: String(id), typedJSON: String(id)),
        Cell(rawText: category.map(String.init), typedJSON: category.map(String.init) ?? "null"),
        Cell(rawText: title, typedJSON: quote(title)),
        Cell(rawText: arabic, typedJSON: quote(arabic)),
        Cell(rawText: transliteration, typedJSON: transliteration.map(quote) ?? "null"),
        Cell(rawText: String(repetitions), typedJSON: String(repetitions)),
        Cell(rawText: String(xp), typedJSON: String(xp)),
        Cell(rawText: premium ? "t" : "f", typedJSON: premium ? "true" : "false"),
        Cell(rawText: ratingText, typedJSON: ratingText),
        Cell(rawText: pgTimestamp, typedJSON: quote(pgTimestamp)),
        Cell(rawText: uuid, typedJSON: quote(uuid)),
        Cell(rawText: "{" + completed.joined(separator: ",") + "}", typedJSON: "[" + completed.joined(separator: ",") + "]"),
    ]
}

func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func fieldsJSON() -> String {
    zip(columnNames, columnOIDs).map { name, oid in
        "{\"name\":\"\(name)\",\"dataTypeID\":\(oid),\"tableID\":16390,\"columnID\":1,\"dataTypeSize\":-1,\"dataTypeModifier\":-1,\"format\":\"text\"}"
    }.joined(separator: ",")
}

/// What Neon returns with `Neon-Raw-Text-Output: true` + `Neon-Array-Mode: true` (what NeonSQL asks for).
func rawArrayBody(rows: Int) -> Data {
    let formatter = makeTimestampFormatter()
    var out = "{\"fields\":[\(fieldsJSON())],\"rows\":["
    for index in 0..<rows {
        if index > 0 { out += "," }
        out += "[" + makeRow(index, formatter: formatter).map { $0.rawText.map(quote) ?? "null" }.joined(separator: ",") + "]"
    }
    out += "],\"command\":\"SELECT\",\"rowCount\":\(rows),\"rowAsArray\":true}"
    return Data(out.utf8)
}

/// What Neon returns by default (typed JSON, object rows): what the seeds' app decodes.
func objectBody(rows: Int) -> Data {
    let formatter = makeTimestampFormatter()
    var out = "{\"fields\":[\(fieldsJSON())],\"rows\":["
    for index in 0..<rows {
        if index > 0 { out += "," }
        out += "{" + zip(columnNames, makeRow(index, formatter: formatter)).map { "\"\($0)\":\($1.typedJSON)" }.joined(separator: ",") + "}"
    }
    out += "],\"command\":\"SELECT\",\"rowCount\":\(rows),\"rowAsArray\":false}"
    return Data(out.utf8)
}

// MARK: - Baseline: the seeds' way (object-mode JSON -> JSONDecoder -> Codable DTO, snake_case CodingKeys)

struct NeonQueryResponse<T: Decodable>: Decodable {
    let rows: [T]
}

struct DuaDTO: Decodable {
    let id: Int
    let categoryId: Int?
    let titleEn: String
    let arabicText: String
    let transliteration: String?
    let repetitions: Int
    let xpValue: Int
    let isPremium: Bool
    let rating: Double
    let createdAt: String
    let userId: String
    let duasCompleted: [Int]

    enum CodingKeys: String, CodingKey {
        case id
        case categoryId = "category_id"
        case titleEn = "title_en"
        case arabicText = "arabic_text"
        case transliteration
        case repetitions
        case xpValue = "xp_value"
        case isPremium = "is_premium"
        case rating
        case createdAt = "created_at"
        case userId = "user_id"
        case duasCompleted = "duas_completed"
    }
}

// MARK: - Ours: a row in exactly the generated shape

public struct FetchDuasRow: Sendable, Hashable {
    public var id: Int
    public var categoryId: Int?
    public var titleEn: String
    public var arabicText: String
    public var transliteration: String?
    public var repetitions: Int
    public var xpValue: Int
    public var isPremium: Bool
    public var rating: Double
    public var createdAt: Date
    public var userId: UUID
    public var duasCompleted: [Int]
}

extension FetchDuasRow: DecodableRow {
    public static let columns: [ResultColumn] = [
        ResultColumn("id", .int4),
        ResultColumn("category_id", .int4),
        ResultColumn("title_en", .text),
        ResultColumn("arabic_text", .text),
        ResultColumn("transliteration", .text),
        ResultColumn("repetitions", .int4),
        ResultColumn("xp_value", .int4),
        ResultColumn("is_premium", .bool),
        ResultColumn("rating", .float8),
        ResultColumn("created_at", .timestamptz),
        ResultColumn("user_id", .uuid),
        ResultColumn("duas_completed", .array(.int4)),
    ]

    public init(from row: inout RowDecoder) throws {
        self.init(
            id: try row.decode(Int.self),
            categoryId: try row.decode(Int?.self),
            titleEn: try row.decode(String.self),
            arabicText: try row.decode(String.self),
            transliteration: try row.decode(String?.self),
            repetitions: try row.decode(Int.self),
            xpValue: try row.decode(Int.self),
            isPremium: try row.decode(Bool.self),
            rating: try row.decode(Double.self),
            createdAt: try row.decode(Date.self),
            userId: try row.decode(UUID.self),
            duasCompleted: try row.decode([Int].self))
    }
}

/// The statement the benchmark decodes, as a generated `Statements` enum would declare it.
enum Statements {
    static func fetchDuas() -> Statement<[FetchDuasRow]> {
        .many(name: "FetchDuas", sql: "SELECT ... FROM duas", bindings: Bindings(), readOnly: true)
    }
}
