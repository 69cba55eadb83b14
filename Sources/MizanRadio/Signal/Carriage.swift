import MizanTime

/// Where a payer carries their phone, and what that does to its signal
/// against a phone in hand (`docs/radio.md`, "Direction"). The body's swing
/// by direction (`DirectionGain`) comes on top, drawn per person
/// (`BodyModel`).
public enum Carriage: String, CaseIterable, Hashable, Sendable {
    case hand, pocket, backpack

    /// dB toward its best direction, against a phone in hand: a front trouser
    /// pocket -7 (pc-ng rss_smartphone, the same two phones facing each other,
    /// 0.2-5 m: one pocket -5.6, both -8.9 each, -6.0 with the other phone in a
    /// backpack); a backpack 0, its loss being the body's, behind
    /// (`best`): there it reads -7.9 against hand (-6.2 beyond 1 m) where the
    /// body's mean swing of 9.8 dB gives -9.8.
    public var offset: Double {
        switch self {
        case .hand, .backpack: 0
        case .pocket: -7
        }
    }

    /// Its best direction from the way the carrier faces, radians: in front, or behind for a backpack.
    public var best: Double { self == .backpack ? .pi : 0 }
}

/// The payers' bodies: the carriages they use (shares of payers) and how
/// much a body's direction swings the signal, drawn per person:
/// N(`swingMean`, `swingSD`) dB, at least 0. The swing is from the MIT
/// Lincoln Laboratory Range_Angle sessions (`data/body/`): the logging
/// person turning in 45-degree steps, each session's cosine swing 9.8 dB on
/// average (median 9.3), 5.1 sd across sessions, alike for hand, front and
/// back pocket (ANOVA p 0.84).
public struct BodyModel: Hashable, Sendable {
    /// Shares of payers carrying their phone in hand, in a pocket, in a backpack (summing to 1).
    public var hand: Double
    public var pocket: Double
    public var backpack: Double
    public var swingMean: Double
    public var swingSD: Double

    public init(hand: Double = 1, pocket: Double = 0, backpack: Double = 0, swingMean: Double = 9.8, swingSD: Double = 5.1) {
        self.hand = hand
        self.pocket = pocket
        self.backpack = backpack
        self.swingMean = swingMean
        self.swingSD = swingSD
    }

    /// Phones in hand, every body's swing drawn from the Range_Angle sessions.
    public static let handHeld = BodyModel()

    /// One person's carriage and body: which carriage (by `unit`, uniform in
    /// [0, 1)) and the swing (by `generator`).
    public func draw(using generator: inout SeededGenerator) -> (carriage: Carriage, gain: DirectionGain) {
        let unit = generator.unitInterval()
        let carriage: Carriage = unit < hand ? .hand : unit < hand + pocket ? .pocket : .backpack
        let swing = swingSD > 0 ? Swift.max(0, generator.normal(mean: swingMean, sd: swingSD)) : Swift.max(0, swingMean)
        return (carriage, DirectionGain(swing: swing, best: carriage.best))
    }
}
