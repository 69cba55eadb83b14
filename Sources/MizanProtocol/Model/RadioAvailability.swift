/// Whether a device's Bluetooth can be used: Core Bluetooth's power and
/// authorization states, folded to what a screen needs to say.
public enum RadioAvailability: Hashable, Sendable, CaseIterable {
    case on
    case off
    case notAllowed
}
