/// What a summary figure holds (`SummaryFile`): how a reader of a line it did
/// not write checks each figure (`SweepMerge`).
public enum SummaryKind: Sendable {
    /// Text: a floor's name, the link layer.
    case text
    /// A seed, a whole number over `UInt64`'s whole range.
    case seed
    /// A count: a whole number from 0.
    case count
    /// A time or duration in seconds from 0 to `maximumSeconds`, or null where nothing was measured.
    case seconds
    /// A share of attempts, from 0 to 1, or null.
    case rate

    /// What a value of this kind is, for a refusal.
    public var expected: String {
        switch self {
        case .text: "text"
        case .seed: "a whole number from 0 to 18446744073709551615"
        case .count: "a count (a whole number from 0)"
        case .seconds: "a number of seconds from 0 to 1000000000, or null"
        case .rate: "a number from 0 to 1, or null"
        }
    }

    /// The most seconds a figure may hold: past any run's length (a floor runs at most a million
    /// virtual minutes, 6 x 10^7 s), and far enough from `Double`'s largest that a sweep's sums
    /// and squares of them over its seeds stay finite.
    public static let maximumSeconds = 1e9

    /// Whether `value` is one of this kind, as JSON gives it.
    public func admits(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.text, .string): true
        case let (.seed, .number(number)): number.exactly(UInt64.self) != nil
        case let (.count, .number(number)): number.exactly(Int.self).map { $0 >= 0 } ?? false
        case (.seconds, .null), (.rate, .null): true
        case let (.seconds, .number(number)): number.value >= 0 && number.value <= Self.maximumSeconds
        case let (.rate, .number(number)): number.value >= 0 && number.value <= 1
        case (.text, _), (.seed, _), (.count, _), (.seconds, _), (.rate, _): false
        }
    }
}
