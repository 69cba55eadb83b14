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

    /// In JSON: a quoted string, an integer, a figure to six decimals, or null.
    public var json: String {
        switch self {
        case let .text(text): JSONText.string(text)
        case let .count(count): String(count)
        case let .seed(seed): String(seed)
        case let .figure(value?) where value.isFinite: String((value * 1_000_000).rounded() / 1_000_000)
        case .figure: "null"
        }
    }

    /// In a CSV cell: as in JSON, text quoted with its quotes doubled.
    public var csv: String {
        guard case .text = self else { return json }
        return "\"" + json.dropFirst().dropLast().replacingQuotes() + "\""
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
