/// The log audit: every line every device wrote, checked against what no
/// device may log. A finding names the device, the line's number and what it
/// holds, never the line itself, so that a report never repeats a secret.
public enum LogAudit {
    public struct Line: Hashable, Sendable {
        /// "host (real)", "phone (scripted)".
        public let device: String
        public let text: String
    }

    public struct Finding: Hashable, Sendable, CustomStringConvertible {
        public let device: String
        /// 1-based, among that device's lines.
        public let line: Int
        public let what: String

        public var description: String { "\(device) log line \(line) holds \(what)" }
    }

    public static func check(_ lines: [Line], against forbidden: [Forbidden]) -> [Finding] {
        var findings: [Finding] = []
        var numbers: [String: Int] = [:]
        for line in lines {
            let number = (numbers[line.device] ?? 0) + 1
            numbers[line.device] = number
            let lowered = line.text.lowercased()
            let tokens = Self.tokens(lowered)
            for item in forbidden where item.patterns.contains(where: { matches($0, line.text, lowered, tokens) }) {
                findings.append(Finding(device: line.device, line: number, what: item.what))
            }
        }
        return findings
    }

    private static func matches(_ pattern: Forbidden.Pattern, _ text: String, _ lowered: String, _ tokens: [Substring]) -> Bool {
        switch pattern {
        case let .substring(needle, caseInsensitive):
            guard !needle.isEmpty else { return false }
            return caseInsensitive ? lowered.contains(needle.lowercased()) : text.contains(needle)
        case let .token(token):
            let wanted = token.lowercased()
            return tokens.contains { $0 == wanted || ($0.hasPrefix("0x") && $0.dropFirst(2) == wanted) }
        }
    }

    /// Runs of ASCII letters and digits.
    static func tokens(_ text: String) -> [Substring] {
        text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}
