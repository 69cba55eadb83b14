import MizanProtocol

/// What the driver core needs of a device's chain of machines: its pure
/// reducer (`MachineChain`), its first state and the screen each state shows.
protocol DeviceChain: MachineChain {
    associatedtype Screen: Equatable, RawRepresentable<String>

    static var initialState: State { get }
    static func screen(_ state: State) -> Screen
}

extension HostChain: DeviceChain {
    static var initialState: State { .initial }
}

extension PhoneChain: DeviceChain {
    static var initialState: State { .initial }
}
