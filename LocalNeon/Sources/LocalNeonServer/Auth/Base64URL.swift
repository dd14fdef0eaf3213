import Foundation

/// Base64url without padding (RFC 7515 §2), decoded strictly as Neon's proxy does
/// (`BASE64_URL_SAFE_NO_PAD`): padding, `+`, `/` and other characters are refused.
enum Base64URL {
    /// The decoded bytes, `nil` when `text` is not unpadded base64url.
    static func decode<Text: StringProtocol>(_ text: Text) -> [UInt8]? {
        var standard = ""
        standard.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                standard.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "-"):
                standard.append("+")
            case UInt8(ascii: "_"):
                standard.append("/")
            default:
                return nil
            }
        }
        switch standard.utf8.count % 4 {
        case 1: return nil
        case 2: standard += "=="
        case 3: standard += "="
        default: break
        }
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }
}
