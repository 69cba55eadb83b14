import MizanSim
/// Writing JSON by hand, deterministically: keys in the order given.
public enum JSONText {
    /// A parsed value written back as compact text.
    public static func render(_ value: JSONValue) -> String {
        switch value {
        case let .object(members): line(members.map { ($0.key, render($0.value)) })
        case let .array(items): "[" + items.map(render).joined(separator: ",") + "]"
        case let .string(text): string(text)
        case let .number(number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case let .bool(flag): flag ? "true" : "false"
        case .null: "null"
        }
    }

    public static func string(_ text: String) -> String {
        var out = ""
        TraceWriter.appendQuoted(text, to: &out)
        return out
    }

    /// A number with at most `digits` decimals, or `null` when it is not finite.
    public static func number(_ value: Double, digits: Int = 4) -> String {
        guard value.isFinite else { return "null" }
        return Decimals.format(value, digits: digits)
    }

    /// `[1, 2]` from items already written as JSON.
    public static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    /// `{"a":1,"b":2}`, compact (a line of JSON Lines: the sweep's rows,
    /// transactions.jsonl), from members already written as JSON, in the order given.
    public static func line(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// `{"a": 1, "b": 2}` from members already written as JSON.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
