import MizanTime
/// Which link layer a run's medium uses.
public enum LinkLayer: Hashable, Sendable {
    /// The first radio (WORKLOADS.md before 2026-11-30): a connection made a
    /// fixed `connectLatency` after the request to any till that serves, one
    /// connection interval per frame, no set-up exchanges. W1 runs on it.
    case simple
    /// The link layer as BLE does it: a connection answers an advertising
    /// packet the phone has just heard, GATT set-up before the first write,
    /// connection events with per-packet loss, per-platform parameters.
    case faithful(LinkProfiles)

    /// The platforms of its phones, by name (`PhoneProfile.name`); the simple link layer's phones
    /// have none, and are counted as `unnamed`.
    public func platformNames(unnamed: String) -> [String] {
        switch self {
        case .simple: [unnamed]
        case let .faithful(profiles): profiles.phones.map(\.profile.name)
        }
    }

    /// The name a floor file and the summary use.
    public var name: String {
        switch self {
        case .simple: "simple"
        case .faithful: "faithful"
        }
    }
}

/// The phone platforms on a floor and the till's platform.
public struct LinkProfiles: Hashable, Sendable {
    /// Each phone platform and its share of the payers (shares sum to 1).
    public var phones: [PlatformShare]
    public var till: TillProfile

    public init(phones: [PlatformShare], till: TillProfile) {
        self.phones = phones
        self.till = till
    }

    /// The default floor's mix: 55 % iOS, 45 % Android, iPad tills. The share
    /// is an assumption for a European shop floor (StatCounter's mobile OS
    /// share for Europe puts iOS between about 35 % and 60 % by country); a
    /// floor file sets its own.
    public static let standard = LinkProfiles(
        phones: [PlatformShare(profile: .ios, share: 0.55), PlatformShare(profile: .android, share: 0.45)],
        till: .ipad
    )

    /// The profile for a draw in [0, 1): the platforms in order, each taking its share.
    package func phoneProfile(draw: Double) -> PhoneProfile {
        var cumulative = 0.0
        for entry in phones {
            cumulative += entry.share
            if draw < cumulative { return entry.profile }
        }
        return phones[phones.count - 1].profile
    }
}

public struct PlatformShare: Hashable, Sendable {
    public var profile: PhoneProfile
    public var share: Double

    public init(profile: PhoneProfile, share: Double) {
        self.profile = profile
        self.share = share
    }
}
