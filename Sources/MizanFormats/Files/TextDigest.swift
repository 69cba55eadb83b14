/// A digest of text that tells two texts apart: FNV-1a, 64 bits, as 16 hex
/// digits. It is no defence against a forger.
public enum TextDigest {
    public static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
