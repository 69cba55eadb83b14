/// The host's second machine: advertises the locked amount, takes the first
/// phone's key, secures the link and hands the amount to the radio, all before
/// the countdown runs out. It then hands over to `HostPayment`, waits, and is
/// told when the transaction ends. It also holds what the radio and the crypto
/// make it wait for: the session's outcome until the crypto's latency has
/// elapsed, and the sealed amount while the radio's notify queue is full.
public struct HostBroadcast: Sendable {
    public struct Config: Hashable, Sendable {
        public let tillID: TillID
        public let tillLabel: String
        /// The handshake deadline (docs/architecture.md §3): from the start of
        /// broadcasting until the amount is handed to the radio.
        public let countdown: Duration
        /// How long deriving the session keys takes on this till: the
        /// session's outcome is held this long before it counts. Zero: at once.
        public let cryptoLatency: Duration

        /// The label is checked here (`FrameError.badTillLabel`), once, so that
        /// every amount the till sends carries a valid one.
        public init(
            tillID: TillID, tillLabel: String, countdown: Duration = .seconds(60), cryptoLatency: Duration = .zero
        ) throws(FrameError) {
            try AmountDetails.validate(tillLabel: tillLabel)
            self.tillID = tillID
            self.tillLabel = tillLabel
            self.countdown = countdown
            self.cryptoLatency = cryptoLatency
        }
    }

    public struct Transaction: Hashable, Sendable {
        public let amount: Amount
        public let id: TransactionID
    }

    /// What the crypto made of a phone's key.
    public enum SessionOutcome: Hashable, Sendable, CaseIterable {
        case established
        case rejected
    }

    public enum State: Hashable, Sendable {
        case idle
        /// On air, countdown running, no phone's key yet.
        case advertising(Transaction)
        /// A phone's key arrived; deriving the session keys.
        case securing(Transaction, CentralID)
        /// The crypto has answered; its answer counts once the crypto's latency has elapsed.
        case holdingSession(Transaction, CentralID, SessionOutcome)
        /// The sealed amount is handed to the radio. `waiting` holds its frame
        /// while the radio's notify queue has no room for it.
        case sendingAmount(Transaction, CentralID, waiting: [UInt8]?)
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
        /// The crypto's latency has elapsed (its timer fired).
        case cryptoLatencyElapsed
        /// The radio took the sealed amount (it is on the air).
        case amountHandedToRadio
        /// The radio's notify queue had no room for this frame to this phone.
        case notifyQueueFull(CentralID, [UInt8])
        /// The radio's notify queue has room again.
        case readyToUpdate
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
        /// Hold the session's outcome for this long.
        case startCryptoTimer(Duration)
        case cancelCryptoTimer
        /// Seal the amount details and notify the phone with the amount frame.
        case sendAmount(CentralID, AmountDetails)
        /// Notify the phone again with the amount frame the radio had no room for.
        case resendAmount(CentralID, [UInt8])
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
            case .phoneKeyReceived, .sessionEstablished, .sessionRejected, .cryptoLatencyElapsed, .amountHandedToRadio,
                 .notifyQueueFull, .readyToUpdate, .countdownExpired, .operatorCancels, .linkLost, .radioChanged, .frameRejected,
                 .transactionEnded:
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
            case .start, .sessionEstablished, .sessionRejected, .cryptoLatencyElapsed, .amountHandedToRadio, .notifyQueueFull,
                 .readyToUpdate, .transactionEnded:
                return [] // ignored: stale or out of place
            }

        case let .securing(transaction, central), let .holdingSession(transaction, central, _),
             let .sendingAmount(transaction, central, _):
            switch (state, event) {
            case (.securing, .sessionEstablished):
                return answered(.established, transaction, central, &state)
            case (.securing, .sessionRejected):
                return answered(.rejected, transaction, central, &state)
            case let (.holdingSession(_, _, outcome), .cryptoLatencyElapsed):
                return settle(outcome, transaction, central, &state)
            case (.sendingAmount, .amountHandedToRadio):
                state = .handedOver(transaction, central)
                return [.cancelCountdown, .startPayment(central, transaction.id)]
            case let (.sendingAmount, .notifyQueueFull(recipient, frame)) where recipient == central:
                state = .sendingAmount(transaction, central, waiting: frame)
                return []
            case let (.sendingAmount(_, _, waiting?), .readyToUpdate):
                state = .sendingAmount(transaction, central, waiting: nil)
                return [.resendAmount(central, waiting)]
            case (_, .sessionEstablished), (_, .sessionRejected), (_, .cryptoLatencyElapsed), (_, .amountHandedToRadio),
                 (_, .notifyQueueFull), (_, .readyToUpdate):
                return [] // ignored: stale, or nothing is waiting for the radio
            case let (_, .phoneKeyReceived(other, _)):
                return other == central ? [] : [.refuse(other)]
            case (_, .countdownExpired):
                return end(.countdownExpired, &state, cancelCountdown: false)
            case (_, .operatorCancels):
                return end(.cancelledWhileBroadcasting, &state)
            case let (_, .linkLost(lost)):
                return lost == central ? end(.handshakeFailed, &state) : []
            case let (_, .frameRejected(sender)):
                return sender == central ? end(.secureLinkFailed, &state) : []
            case let (_, .radioChanged(radio)):
                return radioLost(radio, &state)
            case (_, .start), (_, .transactionEnded):
                return [] // ignored: out of place
            }

        case let .handedOver(_, central):
            switch event {
            case let .transactionEnded(ending):
                state = .idle
                return [.ended(ending)]
            case let .phoneKeyReceived(other, _):
                return other == central ? [] : [.refuse(other)]
            case .start, .sessionEstablished, .sessionRejected, .cryptoLatencyElapsed, .amountHandedToRadio, .notifyQueueFull,
                 .readyToUpdate, .countdownExpired, .operatorCancels, .linkLost, .radioChanged, .frameRejected:
                return [] // ignored: HostPayment runs the transaction now
            }
        }
    }

    /// The crypto answered: the answer counts now, or once its latency has elapsed.
    private func answered(_ outcome: SessionOutcome, _ transaction: Transaction, _ central: CentralID, _ state: inout State) -> [Effect] {
        guard config.cryptoLatency == .zero else {
            state = .holdingSession(transaction, central, outcome)
            return [.startCryptoTimer(config.cryptoLatency)]
        }
        return settle(outcome, transaction, central, &state)
    }

    private func settle(_ outcome: SessionOutcome, _ transaction: Transaction, _ central: CentralID, _ state: inout State) -> [Effect] {
        switch outcome {
        case .established:
            state = .sendingAmount(transaction, central, waiting: nil)
            return [.sendAmount(central, details(transaction))]
        case .rejected:
            return end(.secureLinkFailed, &state, cryptoTimerRunning: false)
        }
    }

    private func details(_ transaction: Transaction) -> AmountDetails {
        // The label was validated when the till was configured.
        AmountDetails(unchecked: transaction.amount, tillLabel: config.tillLabel, transactionID: transaction.id)
    }

    /// Ends the transaction. A session held for the crypto's latency no longer
    /// counts: its timer, unless it is the one that fired, must not fire into
    /// the next transaction.
    private func end(
        _ ending: HostEnding, _ state: inout State, stopAdvertising: Bool = false, cancelCountdown: Bool = true,
        cryptoTimerRunning: Bool? = nil
    ) -> [Effect] {
        let holding: Bool = if case .holdingSession = state { true } else { false }
        state = .idle
        var effects: [Effect] = []
        if stopAdvertising { effects.append(.stopAdvertising) }
        if cancelCountdown { effects.append(.cancelCountdown) }
        if cryptoTimerRunning ?? holding { effects.append(.cancelCryptoTimer) }
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
        case .securing, .holdingSession, .sendingAmount: .securingLink
        case .handedOver: nil
        }
    }
}
