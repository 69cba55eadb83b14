/// The phone's chain of machines, `Find -> Connect -> Review -> Payment`,
/// wired without state of its own (see `HostChain`).
public struct PhoneChain: MachineChain, Sendable {
    public struct State: Hashable, Sendable {
        public var find: Find.State
        public var connect: Connect.State
        public var review: Review.State
        public var payment: Payment.State

        public static let initial = State(find: Find.initialState, connect: .idle, review: .idle, payment: .idle)
    }

    /// What happens to a phone from outside: its payer, its radio, its clock,
    /// its crypto. An event one machine handles is that machine's own
    /// (`.find(.tapStart)`, `.connect(.connected)`, `.review(.payerConfirms)`);
    /// the chain's own events are those it routes by which machine runs, or
    /// to several. Radio events come as the radio reports them; the machines
    /// decide what they mean.
    public enum Event: Hashable, Sendable {
        case find(Find.Event)
        case connect(Connect.Event)
        case review(Review.Event)
        /// To the innermost running machine.
        case payerCancels
        /// To `Connect` while it runs, else `Find`.
        case deadlinePassed
        /// Bluetooth's state changed: to every machine. Going off while connecting or linked is first a lost link.
        case radioChanged(RadioAvailability)
        /// `Find` records it while it scans (`hear`).
        case advertisementSeen(RSSISample)
        /// The amount frame arrived and opened: to `Connect`; once reviewing, out of place.
        case amountReceived(AmountDetails)
        /// A later sealed frame from the till, opened and decoded.
        case received(SealedMessage)
        case frameRejected
        /// The link dropped.
        case disconnected
        /// The till removed its service.
        case serviceInvalidated
    }

    /// What the effect handler must do: the machines' own effects, less the
    /// hand-overs between them (`Find`'s `startConnect`, `Connect`'s
    /// `startReview` and `ended`, `Review`'s `startPayment` and `ended`), which
    /// the chain routes and which never come out. `Payment` has none of its own.
    public enum Command: Hashable, Sendable {
        case find(Find.Effect)
        case connect(Connect.Effect)
        case review(Review.Effect)
    }

    public let find: Find
    public let connect: Connect
    public let review: Review
    public let payment: Payment

    public init(find: Find.Config) {
        self.find = Find(config: find)
        connect = Connect()
        review = Review()
        payment = Payment()
    }

    /// Routes `event` to its machine (`MachineChain`).
    public func reduce(_ state: inout State, _ event: Event, into commands: inout [Command]) {
        // Which machine runs, asked only by the events routed on it (not per packet heard).
        var paying: Bool { state.payment != .idle }
        var reviewing: Bool { state.review != .idle }
        var connecting: Bool { state.connect != .idle }
        switch event {
        case let .find(event): toFind(event, &state, &commands)
        case let .connect(event): toConnect(event, &state, &commands)
        case let .review(event): toReview(event, &state, &commands)
        case let .advertisementSeen(sample): Self.hear(sample, &state)
        case .payerCancels:
            if paying { toPayment(.payerCancels, &state, &commands) }
            else if reviewing { toReview(.payerCancels, &state, &commands) }
            else if connecting { toConnect(.payerCancels, &state, &commands) }
            else { toFind(.payerCancels, &state, &commands) }
        case .deadlinePassed:
            if connecting { toConnect(.deadlinePassed, &state, &commands) } else { toFind(.deadlinePassed, &state, &commands) }
        case let .radioChanged(radio):
            // Bluetooth going off ends a link, or a connection being set up, as a lost link.
            if radio != .on, connecting {
                if paying { toPayment(.linkLost, &state, &commands) }
                else if reviewing { toReview(.linkLost, &state, &commands) }
                else { toConnect(.linkLost, &state, &commands) }
            }
            toFind(.radioChanged(radio), &state, &commands)
            toConnect(.radioChanged(radio), &state, &commands)
            toReview(.radioChanged(radio), &state, &commands)
            toPayment(.radioChanged(radio), &state, &commands)
        case let .amountReceived(details):
            // A second amount after the secure link is out of place.
            if reviewing { toReview(.frameRejected, &state, &commands) } else { toConnect(.amountReceived(details), &state, &commands) }
        case let .received(message):
            if paying { toPayment(.received(message), &state, &commands) }
            else if reviewing { toReview(.received(message), &state, &commands) }
            else { toConnect(.frameRejected, &state, &commands) }
        case .frameRejected:
            if paying { toPayment(.frameRejected, &state, &commands) }
            else if reviewing { toReview(.frameRejected, &state, &commands) }
            else { toConnect(.frameRejected, &state, &commands) }
        case .disconnected, .serviceInvalidated:
            // Review and Payment run only on a link Connect made: for them the link is lost.
            if paying { toPayment(.linkLost, &state, &commands) }
            else if reviewing { toReview(.linkLost, &state, &commands) }
            else { toConnect(.linkDropped, &state, &commands) }
        }
    }

    /// What `reduce` does with `.advertisementSeen(sample)`: `Find` records the
    /// packet while it scans (`Find.record`). It yields no command and never
    /// changes the screen (only `find` changes, and only within `.scanning`),
    /// so a driver may apply it in place of a whole `reduce` (one call per
    /// packet heard).
    public static func hear(_ sample: RSSISample, _ state: inout State) {
        Find.record(sample, &state.find)
    }

    // Each machine's effects: a hand-over goes to the next or previous machine, the rest out.

    private func toFind(_ event: Find.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in find.reduce(&state.find, event) {
            switch effect {
            case let .startConnect(till): toConnect(.start(till), &state, &commands)
            case .startScan, .stopScan, .startScanWindow, .cancelScanWindow, .startDeadline, .cancelDeadline, .finished:
                commands.append(.find(effect))
            }
        }
    }

    private func toConnect(_ event: Connect.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in connect.reduce(&state.connect, event) {
            switch effect {
            case let .startReview(details): toReview(.start(details), &state, &commands)
            case let .ended(ending): toFind(.transactionEnded(ending), &state, &commands)
            case .connect, .sendPhoneKey, .disconnect, .cancelDeadline: commands.append(.connect(effect))
            }
        }
    }

    private func toReview(_ event: Review.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in review.reduce(&state.review, event) {
            switch effect {
            case .startPayment: toPayment(.start, &state, &commands)
            case let .ended(ending): toConnect(.transactionEnded(ending), &state, &commands)
            case .send: commands.append(.review(effect))
            }
        }
    }

    private func toPayment(_ event: Payment.Event, _ state: inout State, _ commands: inout [Command]) {
        for effect in payment.reduce(&state.payment, event) {
            switch effect {
            case let .ended(ending): toReview(.transactionEnded(ending), &state, &commands)
            }
        }
    }

    /// The till the phone connects to or is linked with, from choosing it until
    /// the transaction ends: the transcript of its sealed frames names it.
    public static func till(_ state: State) -> TillID? {
        switch state.connect {
        case .idle: nil
        case let .connecting(till), let .sendingKey(till), let .awaitingAmount(till), let .handedOver(till): till
        }
    }

    /// What the phone shows: the innermost running machine's screen.
    public static func screen(_ state: State) -> PhoneScreen {
        Payment.screen(state.payment) ?? Review.screen(state.review) ?? Connect.screen(state.connect)
            ?? Find.screen(state.find) ?? .start
    }
}
