/// The host's second machine: advertises the locked amount, takes the first
/// phone's key, secures the link and hands the amount to the radio, all before
/// the countdown runs out. It then hands over to `HostPayment`, waits, and is
/// told when the transaction ends.
public struct HostBroadcast: Sendable {
    public struct Config: Hashable, Sendable {
        public let tillID: TillID
        public let tillLabel: String
        /// The handshake deadline (docs/architecture.md §3): from the start of
        /// broadcasting until the amount is handed to the radio.
        public let countdown: Duration

        /// The label is checked here (`FrameError.badTillLabel`), once, so that
        /// every amount the till sends carries a valid one.
        public init(tillID: TillID, tillLabel: String, countdown: Duration = .seconds(60)) throws(FrameError) {
            try AmountDetails.validate(tillLabel: tillLabel)
            self.tillID = tillID
            self.tillLabel = tillLabel
            self.countdown = countdown
        }
    }

    public struct Transaction: Hashable, Sendable {
        public let amount: Amount
        public let id: TransactionID
    }

    public enum State: Hashable, Sendable {
        case idle
        /// On air, countdown running, no phone's key yet.
        case advertising(Transaction)
        /// A phone's key arrived; deriving the session keys.
        case securing(Transaction, CentralID)
        /// The sealed amount is queued for the radio.
        case sendingAmount(Transaction, CentralID)
        /// `HostPayment` runs; waiting for the transaction to end.
        case handedOver(Transaction, CentralID)
    }

    public enum Event: Hashable, Sendable {
        case start(Amount, TransactionID)
        /// A phone wrote its public key to "To host".
        case phoneKeyReceived(CentralID, [UInt8])
        /// The crypto dependency derived the session keys for the phone's key.
        case sessionEstablished
        /// The crypto dependency refused the phone's key.
        case sessionRejected
        /// The radio took the sealed amount (it is on the air).
        case amountHandedToRadio
        case countdownExpired
        case operatorCancels
        /// A phone unsubscribed or disconnected (a lost link, whatever the cause).
        case linkLost(CentralID)
        case radioChanged(RadioAvailability)
        /// A frame from a phone that failed to decode.
        case frameRejected(CentralID)
        /// From `HostPayment`.
        case transactionEnded(HostEnding)
    }

    public enum Effect: Hashable, Sendable {
        case startAdvertising(Advertisement)
        case stopAdvertising
        case startCountdown(Duration)
        case cancelCountdown
        /// Derive session keys with this phone's key under this transaction's transcript.
        case establishSession(CentralID, phoneKey: [UInt8], TransactionID)
        /// Seal the amount details and notify the phone with the amount frame.
        case sendAmount(CentralID, AmountDetails)
        /// Tell a phone that this till is serving another one.
        case refuse(CentralID)
        /// Send what is queued, then remove the service.
        case retireService
        case startPayment(CentralID, TransactionID)
        /// To `AmountEntry`.
        case ended(HostEnding)
    }

    public let config: Config
    public init(config: Config) { self.config = config }

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch state {
        case .idle:
            switch event {
            case let .start(amount, id):
                state = .advertising(Transaction(amount: amount, id: id))
                return [.startAdvertising(Advertisement(tillID: config.tillID)), .startCountdown(config.countdown)]
            case .phoneKeyReceived, .sessionEstablished, .sessionRejected, .amountHandedToRadio, .countdownExpired,
                 .operatorCancels, .linkLost, .radioChanged, .frameRejected, .transactionEnded:
                return [] // ignored: not broadcasting
            }

        case let .advertising(transaction):
            switch event {
            case let .phoneKeyReceived(central, key):
                state = .securing(transaction, central)
                return [.stopAdvertising, .establishSession(central, phoneKey: key, transaction.id)]
            case .countdownExpired:
                return end(.countdownExpired, &state, stopAdvertising: true, cancelCountdown: false)
            case .operatorCancels:
                return end(.cancelledWhileBroadcasting, &state, stopAdvertising: true)
            case let .radioChanged(radio):
                return radioLost(radio, &state, stopAdvertising: true)
            case .linkLost, .frameRejected:
                return [] // ignored: a phone without a key is unknown to the till (ending 12)
            case .start, .sessionEstablished, .sessionRejected, .amountHandedToRadio, .transactionEnded:
                return [] // ignored: stale or out of place
            }

        case let .securing(transaction, central), let .sendingAmount(transaction, central):
            let sending: Bool = if case .sendingAmount = state { true } else { false }
            switch event {
            case .sessionEstablished where !sending:
                state = .sendingAmount(transaction, central)
                return [.sendAmount(central, details(transaction))]
            case .sessionRejected where !sending:
                return end(.secureLinkFailed, &state)
            case .amountHandedToRadio where sending:
                state = .handedOver(transaction, central)
                return [.cancelCountdown, .startPayment(central, transaction.id)]
            case .sessionEstablished, .sessionRejected, .amountHandedToRadio:
                return [] // ignored: stale
            case let .phoneKeyReceived(other, _):
                return other == central ? [] : [.refuse(other)]
            case .countdownExpired:
                return end(.countdownExpired, &state, cancelCountdown: false)
            case .operatorCancels:
                return end(.cancelledWhileBroadcasting, &state)
            case let .linkLost(lost):
                return lost == central ? end(.handshakeFailed, &state) : []
            case let .frameRejected(sender):
                return sender == central ? end(.secureLinkFailed, &state) : []
            case let .radioChanged(radio):
                return radioLost(radio, &state)
            case .start, .transactionEnded:
                return [] // ignored: out of place
            }

        case let .handedOver(_, central):
            switch event {
            case let .transactionEnded(ending):
                state = .idle
                return [.ended(ending)]
            case let .phoneKeyReceived(other, _):
                return other == central ? [] : [.refuse(other)]
            case .start, .sessionEstablished, .sessionRejected, .amountHandedToRadio, .countdownExpired,
                 .operatorCancels, .linkLost, .radioChanged, .frameRejected:
                return [] // ignored: HostPayment runs the transaction now
            }
        }
    }

    private func details(_ transaction: Transaction) -> AmountDetails {
        // The label was validated when the till was configured.
        AmountDetails(unchecked: transaction.amount, tillLabel: config.tillLabel, transactionID: transaction.id)
    }

    private func end(
        _ ending: HostEnding, _ state: inout State, stopAdvertising: Bool = false, cancelCountdown: Bool = true
    ) -> [Effect] {
        state = .idle
        var effects: [Effect] = []
        if stopAdvertising { effects.append(.stopAdvertising) }
        if cancelCountdown { effects.append(.cancelCountdown) }
        effects.append(.retireService)
        effects.append(.ended(ending))
        return effects
    }

    private func radioLost(_ radio: RadioAvailability, _ state: inout State, stopAdvertising: Bool = false) -> [Effect] {
        switch radio {
        case .on: []
        case .off: end(.bluetoothOff, &state, stopAdvertising: stopAdvertising)
        case .notAllowed: end(.bluetoothNotAllowed, &state, stopAdvertising: stopAdvertising)
        }
    }

    public static func screen(_ state: State) -> HostScreen? {
        switch state {
        case .idle: nil
        case .advertising: .broadcasting
        case .securing, .sendingAmount: .securingLink
        case .handedOver: nil
        }
    }
}
