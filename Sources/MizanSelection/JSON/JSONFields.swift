import MizanSim

/// Reads the fields of one JSON object strictly: any field not `accepted` is
/// an error at once, and each read names what it expected. Errors name the file
/// and the field's path (`strategies[1].margin`).
public struct JSONFields {
    public let file: String
    public let path: String
    private let members: [(key: String, value: JSONValue)]
    private let accepted: [String]

    /// `accepted` lists every field the object may have, for the unknown-field message.
    public init(_ value: JSONValue, file: String, path: String, accepted: [String]) throws(InputError) {
        guard case let .object(members) = value else {
            throw InputError(path: file, "\(path.isEmpty ? "the file" : "'\(path)'") must be a JSON object, got \(value.kind)")
        }
        self.file = file
        self.path = path
        self.members = members
        self.accepted = accepted
        try finish()
    }

    public func name(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    public func error(_ key: String, expected: String, got value: JSONValue) -> InputError {
        InputError(path: file, "field '\(name(key))' expects \(expected), got \(Self.describe(value))")
    }

    /// The raw value, if present.
    public func value(_ key: String) -> JSONValue? {
        return members.first { $0.key == key }?.value
    }

    public func number(_ key: String, in range: ClosedRange<Double>, default fallback: Double? = nil) throws(InputError) -> Double {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw InputError(path: file, "missing field '\(name(key))' (\(Self.describe(range)))")
        }
        guard case let .number(number) = value, range.contains(number) else { throw error(key, expected: Self.describe(range), got: value) }
        return number
    }

    public func integer(_ key: String, in range: ClosedRange<Int>, default fallback: Int) throws(InputError) -> Int {
        guard let value = value(key) else { return fallback }
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard case let .number(number) = value, number.rounded() == number, Double(range.lowerBound) <= number, number <= Double(range.upperBound) else {
            throw error(key, expected: expected, got: value)
        }
        return Int(number)
    }

    /// A non-empty array of numbers in `range`; `null` entries allowed when `nullable`.
    public func numbers(_ key: String, in range: ClosedRange<Double>, nullable: Bool = false, default fallback: [Double?]? = nil) throws(InputError) -> [Double?] {
        let expected = "a non-empty array of numbers, each " + Self.describe(range) + (nullable ? " or null" : "")
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw InputError(path: file, "missing field '\(name(key))' (\(expected))")
        }
        guard case let .array(items) = value, !items.isEmpty else { throw error(key, expected: expected, got: value) }
        var out: [Double?] = []
        for (index, item) in items.enumerated() {
            switch item {
            case let .number(number) where range.contains(number): out.append(number)
            case .null where nullable: out.append(nil)
            case .null, .bool, .number, .string, .array, .object:
                throw error("\(key)[\(index)]", expected: Self.describe(range) + (nullable ? " or null" : ""), got: item)
            }
        }
        return out
    }

    public func string(_ key: String) throws(InputError) -> String? {
        guard let value = value(key) else { return nil }
        guard case let .string(text) = value else { throw error(key, expected: "a string", got: value) }
        return text
    }

    /// Fails on the first field that is not accepted (`init` already checks).
    public func finish() throws(InputError) {
        for member in members where !accepted.contains(member.key) {
            throw InputError(path: file, "unknown field '\(name(member.key))' (expected one of: \(accepted.joined(separator: ", ")))")
        }
    }

    static func describe(_ range: ClosedRange<Double>) -> String {
        "a number from \(Decimals.format(range.lowerBound, digits: 3)) to \(Decimals.format(range.upperBound, digits: 3))"
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case let .number(number): "\(Decimals.format(number, digits: 6))"
        case let .string(text): "\"\(text)\""
        case let .bool(flag): "\(flag)"
        case .null, .array, .object: value.kind
        }
    }
}
