/// Lines of a text file, as every reader of line-based files splits them:
/// on the Unicode scalar "\n", with a "\r" before it dropped. (Swift's
/// `Character` takes "\r\n" as one character, so splitting a `String` on
/// `Character("\n")` keeps a CRLF file as a single line.)
public enum TextLines {
    /// Every line with its number from 1; an empty last line (after a final newline) is kept, as an empty line.
    public static func split(_ text: String) -> [(number: Int, text: Substring)] {
        var lines: [(number: Int, text: Substring)] = []
        var start = text.unicodeScalars.startIndex
        var number = 1
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index] == "\n" {
                lines.append((number, line(text, from: start, to: index)))
                number += 1
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        lines.append((number, line(text, from: start, to: scalars.endIndex)))
        return lines
    }

    private static func line(_ text: String, from start: String.Index, to end: String.Index) -> Substring {
        let scalars = text.unicodeScalars
        var end = end
        if end > start, scalars[scalars.index(before: end)] == "\r" { end = scalars.index(before: end) }
        return Substring(scalars[start..<end])
    }

    /// At most `limit` characters of `text` for an error message, with "..." and the full length when cut;
    /// a control character is written as its escape (`\u{1B}`), so input never drives the terminal.
    public static func excerpt(_ text: some StringProtocol, limit: Int = 60) -> String {
        let scalars = text.unicodeScalars
        let shown = escapingControls(String(String.UnicodeScalarView(scalars.prefix(limit))))
        return scalars.count > limit ? shown + "... (\(scalars.count) characters)" : shown
    }

    /// `text` with each control character but those in `kept` written as its escape (`\u{1B}`).
    public static func escapingControls(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !kept.contains($0) }) else { return text }
        return text.unicodeScalars.map { isControl($0) && !kept.contains($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
    }

    /// A control character (Unicode's general category Cc: C0, DEL and C1), by its value: Unicode's
    /// stability policy fixes Cc as U+0000-U+001F and U+007F-U+009F.
    @inlinable
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
