/// A parsed JSON value. Objects keep their keys in file order, so nothing
/// downstream depends on a dictionary's order.
public indirect enum JSONValue: Hashable, Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(JSONNumber)
    case bool(Bool)
    case null

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(x), .array(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.bool(x), .bool(y)): x == y
        case (.null, .null): true
        case (.object, _), (.array, _), (.string, _), (.number, _), (.bool, _), (.null, _): false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .object(members): for member in members { hasher.combine(member.key); hasher.combine(member.value) }
        case let .array(items): hasher.combine(items)
        case let .string(text): hasher.combine(text)
        case let .number(value): hasher.combine(value)
        case let .bool(flag): hasher.combine(flag)
        case .null: hasher.combine(0)
        }
    }

    /// What kind of value this is, for error messages.
    public var kind: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }

    /// The value in brief, for the "got ..." of an error message: a number or
    /// a string as written, true or false, or the kind of anything bigger.
    public var brief: String {
        switch self {
        case let .number(number): number.brief
        case let .string(text): JSON.string(text).compact
        case let .bool(flag): flag ? "true" : "false"
        case .null, .array, .object: kind
        }
    }
}
