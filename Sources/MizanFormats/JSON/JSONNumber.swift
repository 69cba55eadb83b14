/// A JSON number as the parser read it: its value as a `Double`, and, when
/// its text denotes a whole number (`42`, `5.0`, `1e3`) whose magnitude is
/// below 2^64, that whole number exactly, worked out from the digits. A `Double` holds
/// whole numbers exactly only up to 2^53; a seed runs to 2^64 - 1, so a
/// reader of a whole number takes it from the text (`exactly(_:)`), never
/// through the `Double`.
public struct JSONNumber: Hashable, Sendable {
    /// The nearest `Double` to what the text wrote.
    public let value: Double
    /// The whole number's magnitude, exactly; nil when the text denotes a
    /// fraction, or the magnitude is 2^64 or more.
    public let wholeMagnitude: UInt64?
    /// Whether the text starts with a minus sign.
    public let isNegative: Bool

    public init(_ value: Double) {
        self.value = value
        self.wholeMagnitude = value.rounded() == value && value.magnitude < 0x1p64 ? UInt64(value.magnitude) : nil
        self.isNegative = value.sign == .minus
    }

    init(value: Double, wholeMagnitude: UInt64?, isNegative: Bool) {
        self.value = value
        self.wholeMagnitude = wholeMagnitude
        self.isNegative = isNegative
    }

    /// The whole number this is, exactly, when `T` holds it, from the text's
    /// digits; nil for a fraction or a value out of `T`'s range.
    public func exactly<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard let magnitude = wholeMagnitude else { return nil }
        if !isNegative || magnitude == 0 { return T(exactly: magnitude) }
        // -magnitude = -(magnitude - 1) - 1, which cannot overflow on the way.
        guard T.isSigned, let below = T(exactly: magnitude - 1) else { return nil }
        return 0 - below - 1
    }

    /// Two numbers are one when their values are, and their whole numbers
    /// too where both texts gave one: `-0` is `0`, `-1e-400` (the value -0,
    /// no whole number) is `0`, and 9007199254740993 is not 9007199254740992,
    /// though their `Double`s are.
    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        a.value == b.value && (a.wholeMagnitude == nil || b.wholeMagnitude == nil || a.wholeMagnitude == b.wholeMagnitude)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// The number as its text wrote it, for messages: a whole number exactly, anything else by its value.
    public var brief: String {
        if let magnitude = wholeMagnitude { return (isNegative && magnitude != 0 ? "-" : "") + String(magnitude) }
        // Six decimals, unless they would name another number (5e-324 is not 0, next to a bound of 0).
        let text = Figures.text(value, digits: 6)
        return Double(text) == value ? text : "\(value)"
    }
}

extension JSONNumber {
    /// A whole number, exactly (as the parser reads one).
    public init(_ whole: Int) {
        self.init(value: Double(whole), wholeMagnitude: UInt64(whole.magnitude), isNegative: whole < 0)
    }
}
