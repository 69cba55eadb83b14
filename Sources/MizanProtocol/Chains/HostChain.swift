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
    /// its crypto. An event one machine handles is that machine's own
    /// (`.entry(.lock(amount))`, `.broadcast(.sessionEstablished)`,
    /// `.payment(.operatorPicks(outcome))`); the chain's own events are those
    /// it routes by which machine runs, or to several. Radio events come as
    /// the radio reports them; the machines decide what they mean.
    public enum Event: Hashable, Sendable {
        case entry(AmountEntry.Event)
        case broadcast(HostBroadcast.Event)
        case payment(HostPayment.Event)
        /// To `HostPayment` while it runs, else `HostBroadcast` (as are the events below but the radio's).
        case operatorCancels
        /// Bluetooth's state changed: to every machine. Going off with a phone served is first a lost link.
        case radioChanged(RadioAvailability)
        case phoneKeyReceived(CentralID, [UInt8])
        /// A sealed message from a phone: before `HostPayment` runs, out of place.
        case received(CentralID, SealedMessage)
        case frameRejected(CentralID)
        /// A phone unsubscribed or disconnected.
        case linkLost(CentralID)
        /// The radio's notify queue had no room for this frame to this phone.
        case notifyQueueFull(CentralID, [UInt8])
        /// The radio's notify queue has room again.
        case readyToUpdate
    }

    /// What the effect handler must do: the machines' own effects, less the
    /// hand-overs between them (`AmountEntry`'s `startBroadcast`,
    /// `HostBroadcast`'s `startPayment` and `ended`, `HostPayment`'s `ended`),
    /// which the chain routes and which never come out.
    public enum Command: Hashable, Sendable {
        case entry(AmountEntry.Effect)
        case broadcast(HostBroadcast.Effect)
        case payment(HostPayment.Effect)
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
        case let .entry(event): toEntry(event, &state, &commands)
        case let .broadcast(event): toBroadcast(event, &state, &commands)
        case let .payment(event): toPayment(event, &state, &commands)
        case .operatorCancels:
            if paying { toPayment(.operatorCancels, &state, &commands) } else { toBroadcast(.operatorCancels, &state, &commands) }
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
        case let .notifyQueueFull(central, frame):
            if paying { toPayment(.notifyQueueFull(central, frame), &state, &commands) }
            else { toBroadcast(.notifyQueueFull(central, frame), &state, &commands) }
        case .readyToUpdate:
            if paying { toPayment(.readyToUpdate, &state, &commands) } else { toBroadcast(.readyToUpdate, &state, &commands) }
        }
    }

    // Each machine's effects: a hand-over goes to the next or previous machine, the rest out.

    private func toEntry(_ event: AmountEntry.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in entry.reduce(&state.entry, event) {
            switch effect {
            case let .startBroadcast(amount, id): toBroadcast(.start(amount, id), &state, &commands)
            case .finished: commands.append(.entry(effect))
            }
        }
    }

    private func toBroadcast(_ event: HostBroadcast.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in broadcast.reduce(&state.broadcast, event) {
            switch effect {
            case let .startPayment(central, id): toPayment(.start(central, id), &state, &commands)
            case let .ended(ending): toEntry(.transactionEnded(ending), &state, &commands)
            case .startAdvertising, .stopAdvertising, .startCountdown, .cancelCountdown, .establishSession, .startCryptoTimer,
                 .cancelCryptoTimer, .sendAmount, .resendAmount, .refuse, .retireService:
                commands.append(.broadcast(effect))
            }
        }
    }

    private func toPayment(_ event: HostPayment.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in payment.reduce(&state.payment, event) {
            switch effect {
            case let .ended(ending): toBroadcast(.transactionEnded(ending), &state, &commands)
            case .send, .resend, .refuse, .retireService: commands.append(.payment(effect))
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
