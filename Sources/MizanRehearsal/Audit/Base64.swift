/// Base64 (RFC 4648) encoding, for the audit's patterns and the transcript.
enum Base64 {
    static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    static let urlSafe = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    static func encode(_ bytes: [UInt8], alphabet: [Character] = standard) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<Swift.min(index + 3, bytes.count)])
            let value = (UInt32(chunk[0]) << 16) | (UInt32(chunk.count > 1 ? chunk[1] : 0) << 8) | UInt32(chunk.count > 2 ? chunk[2] : 0)
            for position in 0..<4 {
                if position <= chunk.count {
                    text.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 0x3F)])
                } else {
                    text.append("=")
                }
            }
            index += 3
        }
        return text
    }
}
