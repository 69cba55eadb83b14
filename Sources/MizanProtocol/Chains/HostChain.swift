/// The host's chain of machines, `AmountEntry -> HostBroadcast -> HostPayment`,
/// wired without state of its own: the chain's state is just the three
/// machines' states. An outside event goes to the machine that handles it (the
/// innermost running one where several could); a hand-over or an ending
/// becomes an event of the next or previous machine; everything else comes out
/// as a command for the effect handler, in order.
public struct HostChain: MachineChain, Sendable {
    public struct State: Hashable, Sendable {
        public var entry: AmountEntry.State
        public var broadcast: HostBroadcast.State
        public var payment: HostPayment.State

        public static let initial = State(entry: AmountEntry.initialState, broadcast: .idle, payment: .idle)
    }

    /// What happens to a till from outside: its operator, its radio, its clock,
    /// its crypto. Radio events come as the radio reports them; the machines
    /// decide what they mean.
    public enum Event: Hashable, Sendable {
        case operatorLocks(Amount)
        case operatorBroadcastsAgain
        case operatorStartsNewSale
        case operatorCancels
        case operatorPicks(Outcome)
        /// Bluetooth's state changed. Going off with a phone served is first a lost link.
        case radioChanged(RadioAvailability)
        case phoneKeyReceived(CentralID, [UInt8])
        case received(CentralID, SealedMessage)
        case frameRejected(CentralID)
        /// A phone unsubscribed or disconnected.
        case linkLost(CentralID)
        case sessionEstablished
        case sessionRejected
        /// The crypto timer fired.
        case cryptoLatencyElapsed
        /// The radio took the sealed amount frame.
        case amountHandedToRadio
        /// The radio's notify queue had no room for this frame to this phone.
        case notifyQueueFull(CentralID, [UInt8])
        /// The radio's notify queue has room again.
        case readyToUpdate
        /// A queued notification reached this phone's link layer.
        case delivered(CentralID)
        case countdownExpired
    }

    /// What the effect handler must do.
    public enum Command: Hashable, Sendable {
        case startAdvertising(Advertisement)
        case stopAdvertising
        case startCountdown(Duration)
        case cancelCountdown
        case startCryptoTimer(Duration)
        case cancelCryptoTimer
        case establishSession(CentralID, phoneKey: [UInt8], TransactionID)
        case sendAmount(CentralID, AmountDetails)
        /// Notify again the amount frame the radio had no room for.
        case resendAmount(CentralID, [UInt8])
        case send(CentralID, SealedMessage)
        /// Notify again a sealed frame the radio had no room for.
        case resend(CentralID, [UInt8])
        case refuse(CentralID)
        case retireService
        case finished(HostEnding, TransactionID?)
    }

    public let entry: AmountEntry
    public let broadcast: HostBroadcast
    public let payment: HostPayment

    public init(
        tillID: TillID, tillLabel: String, countdown: Duration = .seconds(60), cryptoLatency: Duration = .zero
    ) throws(FrameError) {
        entry = AmountEntry(config: .init(tillID: tillID))
        broadcast = HostBroadcast(
            config: try .init(tillID: tillID, tillLabel: tillLabel, countdown: countdown, cryptoLatency: cryptoLatency)
        )
        payment = HostPayment()
    }

    /// Routes `event` to its machine (`MachineChain`).
    public func reduce(_ state: inout State, _ event: Event, into commands: inout [Command]) {
        let paying = state.payment != .idle
        switch event {
        case let .operatorLocks(amount): toEntry(.lock(amount), &state, &commands)
        case .operatorBroadcastsAgain: toEntry(.broadcastAgain, &state, &commands)
        case .operatorStartsNewSale: toEntry(.newSale, &state, &commands)
        case .operatorCancels:
            if paying { toPayment(.operatorCancels, &state, &commands) } else { toBroadcast(.operatorCancels, &state, &commands) }
        case let .operatorPicks(outcome): toPayment(.operatorPicks(outcome), &state, &commands)
        case let .radioChanged(radio):
            // Bluetooth going off ends the served phone's link: the till hears it as a lost link first.
            if radio != .on, let central = Self.served(state) {
                if paying { toPayment(.linkLost(central), &state, &commands) } else { toBroadcast(.linkLost(central), &state, &commands) }
            }
            toEntry(.radioChanged(radio), &state, &commands)
            toBroadcast(.radioChanged(radio), &state, &commands)
            toPayment(.radioChanged(radio), &state, &commands)
        case let .phoneKeyReceived(central, key):
            if paying { toPayment(.phoneKeyReceived(central), &state, &commands) } else { toBroadcast(.phoneKeyReceived(central, key), &state, &commands) }
        case let .received(central, message):
            // Before HostPayment runs, no sealed message from a phone is expected.
            if paying { toPayment(.received(central, message), &state, &commands) } else { toBroadcast(.frameRejected(central), &state, &commands) }
        case let .frameRejected(central):
            if paying { toPayment(.frameRejected(central), &state, &commands) } else { toBroadcast(.frameRejected(central), &state, &commands) }
        case let .linkLost(central):
            if paying { toPayment(.linkLost(central), &state, &commands) } else { toBroadcast(.linkLost(central), &state, &commands) }
        case .sessionEstablished: toBroadcast(.sessionEstablished, &state, &commands)
        case .sessionRejected: toBroadcast(.sessionRejected, &state, &commands)
        case .cryptoLatencyElapsed: toBroadcast(.cryptoLatencyElapsed, &state, &commands)
        case .amountHandedToRadio: toBroadcast(.amountHandedToRadio, &state, &commands)
        case let .notifyQueueFull(central, frame):
            if paying { toPayment(.notifyQueueFull(central, frame), &state, &commands) }
            else { toBroadcast(.notifyQueueFull(central, frame), &state, &commands) }
        case .readyToUpdate:
            if paying { toPayment(.readyToUpdate, &state, &commands) } else { toBroadcast(.readyToUpdate, &state, &commands) }
        case let .delivered(central): toPayment(.delivered(central), &state, &commands)
        case .countdownExpired: toBroadcast(.countdownExpired, &state, &commands)
        }
    }

    private func toEntry(_ event: AmountEntry.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in entry.reduce(&state.entry, event) {
            switch effect {
            case let .startBroadcast(amount, id): toBroadcast(.start(amount, id), &state, &commands)
            case let .finished(ending, id): commands.append(.finished(ending, id))
            }
        }
    }

    private func toBroadcast(_ event: HostBroadcast.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in broadcast.reduce(&state.broadcast, event) {
            switch effect {
            case let .startAdvertising(advertisement): commands.append(.startAdvertising(advertisement))
            case .stopAdvertising: commands.append(.stopAdvertising)
            case let .startCountdown(duration): commands.append(.startCountdown(duration))
            case .cancelCountdown: commands.append(.cancelCountdown)
            case let .startCryptoTimer(duration): commands.append(.startCryptoTimer(duration))
            case .cancelCryptoTimer: commands.append(.cancelCryptoTimer)
            case let .establishSession(central, key, id): commands.append(.establishSession(central, phoneKey: key, id))
            case let .sendAmount(central, details): commands.append(.sendAmount(central, details))
            case let .resendAmount(central, frame): commands.append(.resendAmount(central, frame))
            case let .refuse(central): commands.append(.refuse(central))
            case .retireService: commands.append(.retireService)
            case let .startPayment(central, id): toPayment(.start(central, id), &state, &commands)
            case let .ended(ending): toEntry(.transactionEnded(ending), &state, &commands)
            }
        }
    }

    private func toPayment(_ event: HostPayment.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in payment.reduce(&state.payment, event) {
            switch effect {
            case let .send(central, message): commands.append(.send(central, message))
            case let .resend(central, frame): commands.append(.resend(central, frame))
            case let .refuse(central): commands.append(.refuse(central))
            case .retireService: commands.append(.retireService)
            case let .ended(ending): toBroadcast(.transactionEnded(ending), &state, &commands)
            }
        }
    }

    /// The phone whose key the till took for the running transaction, from then
    /// until the transaction ends: the only phone whose sealed frames it opens.
    public static func served(_ state: State) -> CentralID? {
        switch state.broadcast {
        case .idle, .advertising: nil
        case let .securing(_, central), let .holdingSession(_, central, _), let .sendingAmount(_, central, _),
             let .handedOver(_, central): central
        }
    }

    /// What the till shows: the innermost running machine's screen.
    public static func screen(_ state: State) -> HostScreen {
        HostPayment.screen(state.payment) ?? HostBroadcast.screen(state.broadcast) ?? AmountEntry.screen(state.entry)
    }
}
