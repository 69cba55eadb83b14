/// Reads one JSON object field by field, knowing its path for error messages,
/// and refuses any field it was not asked for: an unknown field is an error,
/// never ignored.
struct JSONObjectReader {
    let file: String
    let path: String
    private let members: [(key: String, value: JSONValue)]
    private var read: [String] = []

    init(file: String, path: String, _ value: JSONValue) throws(FloorFileError) {
        self.file = file
        self.path = path
        guard case let .object(members) = value else {
            throw FloorFileError(file: file, field: path, problem: "expected an object, got \(value.kind)")
        }
        self.members = members
    }

    func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String, _ problem: String) -> FloorFileError {
        FloorFileError(file: file, field: fieldPath(key), problem: problem)
    }

    mutating func value(_ key: String) -> JSONValue? {
        read.append(key)
        return members.first { $0.key == key }?.value
    }

    mutating func number(_ key: String, in range: ClosedRange<Double>) throws(FloorFileError) -> Double? {
        guard let value = value(key), value != .null else { return nil }
        guard case let .number(number) = value else { throw error(key, "expected a number, got \(value.kind)") }
        guard range.contains(number) else { throw error(key, "expected a number from \(range.lowerBound) to \(range.upperBound), got \(number)") }
        return number
    }

    mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(FloorFileError) -> Int? {
        guard let number = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard number == number.rounded() else { throw error(key, "expected a whole number, got \(number)") }
        return Int(number)
    }

    mutating func bool(_ key: String) throws(FloorFileError) -> Bool? {
        guard let value = value(key), value != .null else { return nil }
        guard case let .bool(flag) = value else { throw error(key, "expected true or false, got \(value.kind)") }
        return flag
    }

    mutating func string(_ key: String) throws(FloorFileError) -> String? {
        guard let value = value(key), value != .null else { return nil }
        guard case let .string(text) = value else { throw error(key, "expected a string, got \(value.kind)") }
        return text
    }

    /// One of `choices`, by name.
    mutating func choice<T>(_ key: String, _ choices: [(String, T)]) throws(FloorFileError) -> T? {
        guard let text = try string(key) else { return nil }
        guard let match = choices.first(where: { $0.0 == text }) else {
            throw error(key, "expected one of \(choices.map { "\"\($0.0)\"" }.joined(separator: ", ")), got \"\(text)\"")
        }
        return match.1
    }

    /// `[low, high]` with low <= high, both in `bounds`.
    mutating func range(_ key: String, in bounds: ClosedRange<Double>) throws(FloorFileError) -> ClosedRange<Double>? {
        guard let value = value(key), value != .null else { return nil }
        guard case let .array(items) = value, items.count == 2, case let .number(low) = items[0], case let .number(high) = items[1] else {
            throw error(key, "expected [low, high], two numbers, got \(value.kind)")
        }
        guard low <= high, bounds.contains(low), bounds.contains(high) else {
            throw error(key, "expected [low, high] with low <= high, both from \(bounds.lowerBound) to \(bounds.upperBound)")
        }
        return low...high
    }

    mutating func object(_ key: String) throws(FloorFileError) -> JSONObjectReader? {
        guard let value = value(key), value != .null else { return nil }
        return try JSONObjectReader(file: file, path: fieldPath(key), value)
    }

    mutating func array(_ key: String) throws(FloorFileError) -> [JSONValue]? {
        guard let value = value(key), value != .null else { return nil }
        guard case let .array(items) = value else { throw error(key, "expected an array, got \(value.kind)") }
        return items
    }

    func required<T>(_ value: T?, _ key: String, _ expected: String) throws(FloorFileError) -> T {
        guard let value else { throw error(key, "missing: expected \(expected)") }
        return value
    }

    /// Fails on the first field that was never asked for.
    func finish() throws(FloorFileError) {
        for member in members where !read.contains(member.key) {
            throw FloorFileError(file: file, field: fieldPath(member.key), problem: "unknown field")
        }
    }
}
