/// A device's chain of machines (`HostChain`, `PhoneChain`): one pure
/// reducer from an outside event to the commands for the effect handler.
public protocol MachineChain {
    associatedtype State
    associatedtype Event
    associatedtype Command

    /// Reduces `event`, its commands appended to `commands` (a buffer the
    /// caller owns and reuses, so that an event allocates no array of its own).
    func reduce(_ state: inout State, _ event: Event, into commands: inout [Command])
}

extension MachineChain {
    /// `reduce(_:_:into:)` into a fresh array.
    public func reduce(_ state: inout State, _ event: Event) -> [Command] {
        var commands: [Command] = []
        reduce(&state, event, into: &commands)
        return commands
    }
}
