import MizanSim

/// Reads one JSON object strictly: each getter names the field it reads and
/// what it expects, and `finish()` refuses any field that no getter asked for.
/// Every error is a `LaneFileError` naming the file and the field's path.
final class JSONObject {
    let file: String
    let path: String
    private let members: [(key: String, value: JSONValue)]
    private var known: [String] = []

    init(_ value: JSONValue, file: String, path: String) throws(LaneFileError) {
        self.file = file
        self.path = path
        guard case let .object(members) = value else {
            throw LaneFileError(file: file, field: path, message: "expected an object, got \(value.kind)")
        }
        self.members = members
    }

    func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String, _ message: String) -> LaneFileError {
        LaneFileError(file: file, field: fieldPath(key), message: message)
    }

    func has(_ key: String) -> Bool {
        if !known.contains(key) { known.append(key) }
        return members.contains { $0.key == key && $0.value != .null }
    }

    /// The field's value, or nil when it is absent or null.
    func optional(_ key: String) -> JSONValue? {
        if !known.contains(key) { known.append(key) }
        guard let value = members.first(where: { $0.key == key })?.value, value != .null else { return nil }
        return value
    }

    func required(_ key: String, _ expected: String) throws(LaneFileError) -> JSONValue {
        guard let value = optional(key) else { throw error(key, "missing; expected \(expected)") }
        return value
    }

    func string(_ key: String) throws(LaneFileError) -> String {
        try asString(try required(key, "a string"), key)
    }

    func optionalString(_ key: String) throws(LaneFileError) -> String? {
        guard let value = optional(key) else { return nil }
        return try asString(value, key)
    }

    private func asString(_ value: JSONValue, _ key: String) throws(LaneFileError) -> String {
        guard case let .string(text) = value else { throw error(key, "expected a string, got \(value.kind)") }
        return text
    }

    func bool(_ key: String) throws(LaneFileError) -> Bool {
        let value = try required(key, "true or false")
        guard case let .bool(flag) = value else { throw error(key, "expected true or false, got \(value.kind)") }
        return flag
    }

    /// Seconds of virtual time, within `range`.
    func seconds(_ key: String, in range: ClosedRange<Double>) throws(LaneFileError) -> Duration {
        .nanoseconds(Int64((try number(key, in: range) * 1e9).rounded()))
    }

    func optionalSeconds(_ key: String, in range: ClosedRange<Double>) throws(LaneFileError) -> Duration? {
        has(key) ? try seconds(key, in: range) : nil
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(LaneFileError) -> Double {
        let expected = "a number from \(range.lowerBound) to \(range.upperBound)"
        let value = try required(key, expected)
        guard case let .number(number) = value else { throw error(key, "expected \(expected), got \(value.kind)") }
        guard range.contains(number) else { throw error(key, "expected \(expected), got \(number)") }
        return number
    }

    func integer<T: FixedWidthInteger>(_ key: String, in range: ClosedRange<T>) throws(LaneFileError) -> T {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        let value = try required(key, expected)
        guard case let .number(number) = value, number.rounded() == number, number.magnitude < 0x1p63,
              let whole = T(exactly: Int64(number)), range.contains(whole) else {
            throw error(key, "expected \(expected), got \(Self.show(value))")
        }
        return whole
    }

    func optionalInteger<T: FixedWidthInteger>(_ key: String, in range: ClosedRange<T>) throws(LaneFileError) -> T? {
        has(key) ? try integer(key, in: range) : nil
    }

    /// One of the named options.
    func choice<T>(_ key: String, _ options: [(name: String, value: T)]) throws(LaneFileError) -> T {
        let expected = "one of " + options.map { "\"\($0.name)\"" }.joined(separator: ", ")
        let text = try asChoice(try required(key, expected), key, expected)
        guard let option = options.first(where: { $0.name == text }) else { throw error(key, "expected \(expected), got \"\(text)\"") }
        return option.value
    }

    func optionalChoice<T>(_ key: String, _ options: [(name: String, value: T)]) throws(LaneFileError) -> T? {
        has(key) ? try choice(key, options) : nil
    }

    private func asChoice(_ value: JSONValue, _ key: String, _ expected: String) throws(LaneFileError) -> String {
        guard case let .string(text) = value else { throw error(key, "expected \(expected), got \(value.kind)") }
        return text
    }

    func object(_ key: String) throws(LaneFileError) -> JSONObject {
        try JSONObject(try required(key, "an object"), file: file, path: fieldPath(key))
    }

    func optionalObject(_ key: String) throws(LaneFileError) -> JSONObject? {
        guard let value = optional(key) else { return nil }
        return try JSONObject(value, file: file, path: fieldPath(key))
    }

    /// The array's items as objects, each with its own path (`steps[3]`).
    func objects(_ key: String) throws(LaneFileError) -> [JSONObject] {
        let value = try required(key, "an array of objects")
        guard case let .array(items) = value else { throw error(key, "expected an array of objects, got \(value.kind)") }
        var objects: [JSONObject] = []
        for (index, item) in items.enumerated() {
            objects.append(try JSONObject(item, file: file, path: "\(fieldPath(key))[\(index)]"))
        }
        return objects
    }

    /// Refuses any field no getter asked for.
    func finish() throws(LaneFileError) {
        for member in members where !known.contains(member.key) {
            let expected = known.isEmpty ? "no fields here" : "one of " + known.map { "\"\($0)\"" }.joined(separator: ", ")
            throw error(member.key, "unknown field; expected \(expected)")
        }
    }

    private static func show(_ value: JSONValue) -> String {
        if case let .number(number) = value { return String(number) }
        return value.kind
    }
}
