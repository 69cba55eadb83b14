/// The host's first machine: the operator types and locks an amount; it hands
/// the amount to `HostBroadcast` and waits. Every host transaction ends here:
/// it is told the ending, reports it, and shows it until the operator starts
/// a new sale (or broadcasts the same amount again after a failed handshake).
public struct AmountEntry: Sendable {
    public struct Config: Hashable, Sendable {
        public let tillID: TillID
        public init(tillID: TillID) { self.tillID = tillID }
    }

    public enum State: Hashable, Sendable {
        case keypad(radio: RadioAvailability, sequence: UInt32)
        /// Handed over to `HostBroadcast`; waiting for the transaction to end.
        case inTransaction(Amount, radio: RadioAvailability, sequence: UInt32)
        /// Showing how the last transaction ended.
        case ended(HostEnding, Amount, radio: RadioAvailability, sequence: UInt32)
    }

    public enum Event: Hashable, Sendable {
        /// The operator locked an amount typed on the keypad.
        case lock(Amount)
        /// The operator asks to broadcast the same amount again (after a failed handshake).
        case broadcastAgain
        /// The operator dismisses the ending and returns to the keypad.
        case newSale
        case radioChanged(RadioAvailability)
        /// From `HostBroadcast`: the transaction ended.
        case transactionEnded(HostEnding)
    }

    public enum Effect: Hashable, Sendable {
        /// Start `HostBroadcast` with this amount under a new transaction id.
        case startBroadcast(Amount, TransactionID)
        /// Report the ending of a transaction (to metrics, traces and lanes).
        case finished(HostEnding, TransactionID?)
    }

    public let config: Config
    public init(config: Config) { self.config = config }

    public static let initialState = State.keypad(radio: .on, sequence: 0)

    /// Transaction ids are the till id in the high half and a per-till sequence
    /// in the low half, so they are unique on a floor and need no randomness.
    func transactionID(_ sequence: UInt32) -> TransactionID {
        TransactionID(UInt64(config.tillID.rawValue) << 32 | UInt64(sequence))
    }

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch (state, event) {
        case let (.keypad(radio, sequence), .lock(amount)),
             let (.ended(_, _, radio, sequence), .lock(amount)):
            return start(amount, radio: radio, sequence: sequence, &state)
        case let (.ended(.handshakeFailed, amount, radio, sequence), .broadcastAgain):
            return start(amount, radio: radio, sequence: sequence, &state)
        case (.ended, .broadcastAgain), (.keypad, .broadcastAgain), (.inTransaction, .broadcastAgain):
            return [] // ignored: only a failed handshake offers "broadcast again"
        case let (.ended(_, _, radio, sequence), .newSale):
            state = .keypad(radio: radio, sequence: sequence)
            return []
        case (.keypad, .newSale), (.inTransaction, .newSale):
            return [] // ignored: nothing to dismiss
        case (.inTransaction, .lock):
            return [] // ignored: the keypad is locked while a transaction runs
        case let (.keypad(_, sequence), .radioChanged(radio)):
            state = .keypad(radio: radio, sequence: sequence)
            return []
        case let (.inTransaction(amount, _, sequence), .radioChanged(radio)):
            state = .inTransaction(amount, radio: radio, sequence: sequence)
            return []
        case let (.ended(ending, amount, _, sequence), .radioChanged(radio)):
            state = .ended(ending, amount, radio: radio, sequence: sequence)
            return []
        case let (.inTransaction(amount, radio, sequence), .transactionEnded(ending)):
            state = .ended(ending, amount, radio: radio, sequence: sequence)
            return [.finished(ending, transactionID(sequence &- 1))]
        case (.keypad, .transactionEnded), (.ended, .transactionEnded):
            return [] // ignored: no transaction is running
        }
    }

    private func start(_ amount: Amount, radio: RadioAvailability, sequence: UInt32, _ state: inout State) -> [Effect] {
        switch radio {
        case .on:
            state = .inTransaction(amount, radio: radio, sequence: sequence &+ 1)
            return [.startBroadcast(amount, transactionID(sequence))]
        case .off:
            state = .ended(.bluetoothOff, amount, radio: radio, sequence: sequence)
            return [.finished(.bluetoothOff, nil)]
        case .notAllowed:
            state = .ended(.bluetoothNotAllowed, amount, radio: radio, sequence: sequence)
            return [.finished(.bluetoothNotAllowed, nil)]
        }
    }

    /// The screen, when no later machine of the chain is running.
    public static func screen(_ state: State) -> HostScreen {
        switch state {
        case let .keypad(radio, _):
            switch radio {
            case .on: .keypad
            case .off: .turnBluetoothOn
            case .notAllowed: .allowBluetooth
            }
        case .inTransaction: .broadcasting
        case let .ended(ending, _, _, _): ending.screen
        }
    }
}
