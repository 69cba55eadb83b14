/// A JSON value to write (`JSONWriter` writes it). Objects keep their members
/// in the order given, and every number says how it is written, so the same
/// value always gives the same bytes: no dictionary order, no locale.
/// (`JSONValue` is what the parser reads.)
public enum JSON: Sendable {
    case object([(key: String, value: JSON)])
    case array([JSON])
    case string(String)
    case int(Int)
    /// A seed: the whole range of `UInt64`.
    case unsigned(UInt64)
    /// The shortest text that reads back as the same `Double` (`0.25`, `1.0`, `1e-07`); `null` when not finite.
    case number(Double)
    /// Rounded to `digits` decimals, trailing zeros dropped, with no exponent
    /// notation below 9·10^15 / 10^`digits` (`Decimals`); `null` when not finite (`Figures`'s rule).
    case fixed(Double, digits: Int)
    /// Exactly `units` × 10^-`places` (0 to 18 places), every place written: seconds to the microsecond as `12.000100`.
    case decimal(Int64, places: Int)
    case bool(Bool)
    case null
    /// Text already written as JSON by this writer and read back whole (a
    /// line of `transactions.jsonl`, `summary.json` embedded in a page).
    case written(String)
}

extension JSON {
    /// A value the parser read, written back: a whole number exactly (as its
    /// digits denote it), and a number whose text is not whole but whose
    /// `Double` is (`1e-400`, 0) and below 10^15, as that integer.
    public init(_ parsed: JSONValue) {
        switch parsed {
        case let .object(members): self = .object(members.map { ($0.key, JSON($0.value)) })
        case let .array(items): self = .array(items.map(JSON.init))
        case let .string(text): self = .string(text)
        case let .number(number):
            if let magnitude = number.wholeMagnitude {
                self = number.isNegative && magnitude != 0 ? .written("-" + String(magnitude)) : .unsigned(magnitude)
            } else {
                let value = number.value
                self = value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .number(value)
            }
        case let .bool(flag): self = .bool(flag)
        case .null: self = .null
        }
    }

    /// A figure to `digits` decimals, `null` when there is none or it is not finite.
    public static func figure(_ value: Double?, digits: Int = 4) -> JSON {
        value.map { .fixed($0, digits: digits) } ?? .null
    }

    /// Compact text: `{"a":1,"b":[2,3]}`.
    public var compact: String { JSONWriter.compact.text(self) }

    /// Text with a space after each comma and colon: `{"a": 1, "b": [2, 3]}`.
    public var spaced: String { JSONWriter.spaced.text(self) }
}
