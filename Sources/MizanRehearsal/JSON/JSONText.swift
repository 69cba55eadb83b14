import MizanSim

/// Writes JSON by hand, members in the order given, so that the same run
/// gives the same bytes (no dictionary order, no locale).
public indirect enum JSONText: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSONText])
    case object([(String, JSONText)])

    /// Pretty-printed with two-space indents; arrays of scalars on one line.
    public func render(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .int(number): return String(number)
        case let .string(text): return Self.quoted(text)
        case let .array(items):
            guard !items.isEmpty else { return "[]" }
            if items.allSatisfy(\.isScalar) { return "[" + items.map { $0.render() }.joined(separator: ", ") + "]" }
            return "[\n" + items.map { pad + "  " + $0.render(indent: indent + 1) }.joined(separator: ",\n") + "\n" + pad + "]"
        case let .object(members):
            guard !members.isEmpty else { return "{}" }
            if members.allSatisfy({ $0.1.isScalar }), members.count <= 8 {
                return "{" + members.map { Self.quoted($0.0) + ": " + $0.1.render() }.joined(separator: ", ") + "}"
            }
            return "{\n" + members.map { pad + "  " + Self.quoted($0.0) + ": " + $0.1.render(indent: indent + 1) }
                .joined(separator: ",\n") + "\n" + pad + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .null, .bool, .int, .string: true
        case .array, .object: false
        }
    }

    public static func quoted(_ text: String) -> String {
        var out = ""
        TraceWriter.appendQuoted(text, to: &out)
        return out
    }
}
