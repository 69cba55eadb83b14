/// One value of a run's summary (`SummaryFile`, a sweep's line), typed: the
/// table reads its number without parsing text, and each format writes it
/// by one rule.
public enum SummaryCell: Sendable, Equatable {
    /// Text (a floor's name, the link layer).
    case text(String)
    /// A count.
    case count(Int)
    /// A seed (the whole range of `UInt64`).
    case seed(UInt64)
    /// A measured figure, none when nothing was measured.
    case figure(Double?)

    /// In JSON: a string, an integer, a figure rounded to six decimals, or null.
    public var json: JSON {
        switch self {
        case let .text(text): .string(text)
        case let .count(count): .int(count)
        case let .seed(seed): .unsigned(seed)
        case let .figure(value?): .number((value * 1_000_000).rounded() / 1_000_000)
        case .figure: .null
        }
    }

    /// In a CSV cell: text quoted with its quotes doubled (no JSON escapes), and a
    /// figure that was not measured an empty cell (`Figures`'s rule).
    public var csv: String {
        switch self {
        case let .text(text): "\"" + text.replacingQuotes() + "\""
        case let .figure(value?) where value.isFinite: json.compact
        case .figure: ""
        case .count, .seed: json.compact
        }
    }

    /// The number it holds, if it is one.
    public var number: Double? {
        switch self {
        case .text: nil
        case let .count(count): Double(count)
        case let .seed(seed): Double(seed)
        case let .figure(value): value
        }
    }
}
