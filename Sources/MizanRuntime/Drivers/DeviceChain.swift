import MizanProtocol

/// What the driver core needs of a device's chain of machines: a pure reducer
/// and the screen each state shows.
protocol DeviceChain {
    associatedtype State
    associatedtype Event
    associatedtype Command
    associatedtype Screen: Equatable, RawRepresentable<String>

    static var initialState: State { get }
    func reduce(_ state: inout State, _ event: Event, into commands: inout [Command])
    static func screen(_ state: State) -> Screen
}

extension HostChain: DeviceChain {
    static var initialState: State { .initial }
}

extension PhoneChain: DeviceChain {
    static var initialState: State { .initial }
}
