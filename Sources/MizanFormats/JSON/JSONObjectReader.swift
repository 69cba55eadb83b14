import MizanSim
/// Reads one JSON object strictly, field by field: each getter names the field
/// and what it expects, `finish()` refuses any field no getter asked for, and
/// every error is a `JSONFileError` naming the file and the field's path
/// (`faults[2].kind`, `peer.steps[0].do`).
///
/// A plain getter (`number`, `string`, `choice`, ...) requires the field; its
/// `optional...` twin returns nil when the field is absent, so a default is
/// `try reader.optionalNumber("minutes", in: 0...60) ?? 10`. `null` counts as
/// absent. `required(_:_:_:)` demands an optional value with your own words
/// for what was expected.
public final class JSONObjectReader {
    public let file: String
    /// This object's path in the file; empty for the top level.
    public let path: String
    private let members: [(key: String, value: JSONValue)]
    private var asked: [String] = []

    public init(_ value: JSONValue, file: String, path: String = "") throws(JSONFileError) {
        self.file = file
        self.path = path
        guard case let .object(members) = value else {
            throw JSONFileError(file: file, field: path, problem: "expected an object, got \(value.kind)")
        }
        self.members = members
    }

    /// Parses JSON text, naming the file in the error.
    public static func parse(_ text: String, file: String) throws(JSONFileError) -> JSONValue {
        do throws(JSONParser.Failure) { return try JSONParser.parse(text) } catch {
            throw JSONFileError(file: file, field: "", problem: "not valid JSON: \(error)")
        }
    }

    /// Reads and parses the JSON file at `path`.
    public static func load(path: String) throws(JSONFileError) -> JSONValue {
        let text: String
        do throws(InputError) { text = try TextFile.read(path) } catch {
            throw JSONFileError(file: path, field: "", problem: "cannot be read: \(error.reason)")
        }
        return try parse(text, file: path)
    }

    public func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    public func error(_ key: String, _ problem: String) -> JSONFileError {
        JSONFileError(file: file, field: fieldPath(key), problem: problem)
    }

    /// Whether the field is present and not null.
    public func has(_ key: String) -> Bool { value(key) != nil }

    /// `has`, without counting the field among those this object reads (a field refused
    /// for a reason of its own, not listed as expected when another is unknown).
    public func holds(_ key: String) -> Bool {
        members.contains { $0.key == key && $0.value != .null }
    }

    /// The field's raw value, or nil when it is absent or null.
    public func value(_ key: String) -> JSONValue? {
        if !asked.contains(key) { asked.append(key) }
        guard let value = members.first(where: { $0.key == key })?.value, value != .null else { return nil }
        return value
    }

    /// `value`, or an error saying the field is missing and what was expected.
    public func required<T>(_ value: T?, _ key: String, _ expected: String) throws(JSONFileError) -> T {
        guard let value else {
            // A field of a name close to it, not one this object reads: a misspelling, named.
            let near = members.first { !asked.contains($0.key) && $0.key != key && Self.isNear($0.key, key) }
            throw error(key, "missing; expected \(expected)" + (near.map { " (is \(JSON.string($0.key).compact) a misspelling of it?)" } ?? ""))
        }
        return value
    }

    /// Whether two field names are close enough to be one misspelt: the same but for case, or
    /// both of 5 letters or more and one letter apart (inserted, left out or changed), or both
    /// of 9 or more and two apart. Short names are many and alike (`x`, `y`; `at`, `do`; `base`,
    /// `name`), and a field the reader reads later may be near another: never a guess there.
    static func isNear(_ a: String, _ b: String) -> Bool {
        let x = Array(a.lowercased().unicodeScalars), y = Array(b.lowercased().unicodeScalars)
        if x == y { return true }
        let shorter = Swift.min(x.count, y.count)
        let allowed = shorter >= 9 ? 2 : shorter >= 5 ? 1 : 0
        guard allowed > 0, abs(x.count - y.count) <= allowed, x.count <= 64, y.count <= 64 else { return false }
        // Edit distance, row by row: previous[j] is the distance from x's first i - 1 to y's first j.
        var previous = Array(0...y.count)
        for (i, letter) in x.enumerated() {
            var current = [i + 1]
            for j in y.indices {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (letter == y[j] ? 0 : 1)))
            }
            previous = current
        }
        return previous[y.count] <= allowed
    }

    // MARK: numbers

    public func number(_ key: String, in range: ClosedRange<Double>) throws(JSONFileError) -> Double {
        try required(optionalNumber(key, in: range), key, Self.describe(range))
    }

    public func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws(JSONFileError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case let .number(number) = value, range.contains(number.value) else {
            throw error(key, "expected \(Self.describe(range)), got \(value.brief)")
        }
        return number.value
    }

    public func integer<T: FixedWidthInteger>(_ key: String, in range: ClosedRange<T>) throws(JSONFileError) -> T {
        try required(optionalInteger(key, in: range), key, Self.describe(range))
    }

    public func optionalInteger<T: FixedWidthInteger>(_ key: String, in range: ClosedRange<T>) throws(JSONFileError) -> T? {
        guard let value = value(key) else { return nil }
        guard case let .number(number) = value, let whole = number.exactly(T.self), range.contains(whole) else {
            throw error(key, "expected \(Self.describe(range)), got \(value.brief)")
        }
        return whole
    }

    /// Refuses seeds `first` to `first + count - 1` (`first` read from field
    /// `key`) when they would pass 2^64 - 1, the largest seed: a range that
    /// wrapped would run seed 0 again.
    public func seedRange(_ key: String, first: UInt64, count: Int) throws(JSONFileError) {
        guard count >= 1, UInt64.max - first >= UInt64(count - 1) else {
            throw error(key, "\(count) seeds from \(first) pass 18446744073709551615 (2^64 - 1), the largest seed; start at most at \(UInt64.max - UInt64(Swift.max(count, 1) - 1))")
        }
    }

    /// Seconds of virtual time, within `range`.
    public func seconds(_ key: String, in range: ClosedRange<Double>) throws(JSONFileError) -> Duration {
        try required(optionalSeconds(key, in: range), key, Self.describe(range) + " (seconds)")
    }

    public func optionalSeconds(_ key: String, in range: ClosedRange<Double>) throws(JSONFileError) -> Duration? {
        try optionalNumber(key, in: range).map { .nanoseconds(Int64(($0 * 1e9).rounded())) }
    }

    /// `[low, high]` with low <= high, both within `bounds`.
    public func optionalRange(_ key: String, in bounds: ClosedRange<Double>) throws(JSONFileError) -> ClosedRange<Double>? {
        guard let value = value(key) else { return nil }
        let expected = "[low, high] with low <= high, both from \(Self.show(bounds.lowerBound)) to \(Self.show(bounds.upperBound))"
        guard case let .array(items) = value, items.count == 2, case let .number(lowNumber) = items[0], case let .number(highNumber) = items[1],
              case let (low, high) = (lowNumber.value, highNumber.value), low <= high, bounds.contains(low), bounds.contains(high) else {
            throw error(key, "expected \(expected), got \(Self.brief(value))")
        }
        return low...high
    }

    /// A non-empty array of numbers within `range`; `null` entries allowed when `nullable`.
    public func numbers(_ key: String, in range: ClosedRange<Double>, nullable: Bool = false) throws(JSONFileError) -> [Double?] {
        try required(optionalNumbers(key, in: range, nullable: nullable), key, Self.describeNumbers(range, nullable: nullable))
    }

    public func optionalNumbers(_ key: String, in range: ClosedRange<Double>, nullable: Bool = false) throws(JSONFileError) -> [Double?]? {
        guard let value = value(key) else { return nil }
        guard case let .array(items) = value, !items.isEmpty else {
            throw error(key, "expected \(Self.describeNumbers(range, nullable: nullable)), got \(Self.brief(value))")
        }
        var numbers: [Double?] = []
        for (index, item) in items.enumerated() {
            switch item {
            case let .number(number) where range.contains(number.value): numbers.append(number.value)
            case .null where nullable: numbers.append(nil)
            case .null, .bool, .number, .string, .array, .object:
                throw error("\(key)[\(index)]", "expected \(Self.describe(range))\(nullable ? " or null" : ""), got \(item.brief)")
            }
        }
        return numbers
    }

    // MARK: true or false, strings, choices

    public func bool(_ key: String) throws(JSONFileError) -> Bool {
        try required(optionalBool(key), key, "true or false")
    }

    public func optionalBool(_ key: String) throws(JSONFileError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case let .bool(flag) = value else { throw error(key, "expected true or false, got \(value.brief)") }
        return flag
    }

    public func string(_ key: String) throws(JSONFileError) -> String {
        try required(optionalString(key), key, "a string")
    }

    public func optionalString(_ key: String) throws(JSONFileError) -> String? {
        guard let value = value(key) else { return nil }
        guard case let .string(text) = value else { throw error(key, "expected a string, got \(value.brief)") }
        return text
    }

    /// One of the named options.
    public func choice<T>(_ key: String, _ options: [(name: String, value: T)]) throws(JSONFileError) -> T {
        try required(optionalChoice(key, options), key, Self.describe(options))
    }

    public func optionalChoice<T>(_ key: String, _ options: [(name: String, value: T)]) throws(JSONFileError) -> T? {
        guard let value = value(key) else { return nil }
        guard case let .string(text) = value, let option = options.first(where: { $0.name == text }) else {
            throw error(key, "expected \(Self.describe(options)), got \(value.brief)")
        }
        return option.value
    }

    // MARK: objects and arrays

    public func object(_ key: String) throws(JSONFileError) -> JSONObjectReader {
        try required(optionalObject(key), key, "an object")
    }

    public func optionalObject(_ key: String) throws(JSONFileError) -> JSONObjectReader? {
        guard let value = value(key) else { return nil }
        return try JSONObjectReader(value, file: file, path: fieldPath(key))
    }

    /// The array's items as objects, each with its own path (`steps[3]`).
    public func objects(_ key: String) throws(JSONFileError) -> [JSONObjectReader] {
        try required(optionalObjects(key), key, "an array of objects")
    }

    public func optionalObjects(_ key: String) throws(JSONFileError) -> [JSONObjectReader]? {
        guard let items = try optionalArray(key, of: "objects") else { return nil }
        var objects: [JSONObjectReader] = []
        for (index, item) in items.enumerated() {
            objects.append(try JSONObjectReader(item, file: file, path: "\(fieldPath(key))[\(index)]"))
        }
        return objects
    }

    /// The array's raw items; `of` says what they should be, for the error message.
    public func optionalArray(_ key: String, of kind: String = "values") throws(JSONFileError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case let .array(items) = value else { throw error(key, "expected an array of \(kind), got \(value.brief)") }
        return items
    }

    /// Refuses any field no getter asked for, naming the ones that were.
    public func finish() throws(JSONFileError) {
        for member in members where !asked.contains(member.key) {
            let expected = asked.isEmpty ? "no fields here" : "one of " + asked.map { JSON.string($0).compact }.joined(separator: ", ")
            throw error(member.key, "unknown field; expected \(expected)")
        }
    }

    // MARK: what was expected

    private static func show(_ number: Double) -> String { Figures.text(number, digits: 6) }

    private static func describe(_ range: ClosedRange<Double>) -> String {
        "a number from \(show(range.lowerBound)) to \(show(range.upperBound))"
    }

    private static func describe<T: FixedWidthInteger>(_ range: ClosedRange<T>) -> String {
        "a whole number from \(range.lowerBound) to \(range.upperBound)"
    }

    private static func describeNumbers(_ range: ClosedRange<Double>, nullable: Bool) -> String {
        "a non-empty array of numbers, each from \(show(range.lowerBound)) to \(show(range.upperBound))\(nullable ? " or null" : "")"
    }

    private static func describe<T>(_ options: [(name: String, value: T)]) -> String {
        "one of " + options.map { JSON.string($0.name).compact }.joined(separator: ", ")
    }

    /// Short arrays written out (`[4, 1]`), anything else in brief.
    private static func brief(_ value: JSONValue) -> String {
        guard case let .array(items) = value, items.count <= 4 else { return value.brief }
        return "[" + items.map(\.brief).joined(separator: ", ") + "]"
    }
}
