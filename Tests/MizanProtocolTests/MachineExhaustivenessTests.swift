import MizanSelection
import Testing
@testable import MizanProtocol

/// Every (state, event) pair of every machine is fed to its reducer: nothing
/// traps, the reducer is a function (same input, same output), an ending sends
/// the machine back to its start, and a transition emits at most one ending.
@Suite struct MachineExhaustivenessTests {
    typealias F = Fixtures
    static let tx = HostBroadcast.Transaction(amount: F.amount, id: F.transaction)
    /// A sealed frame's bytes, as the radio hands back one it had no room for.
    static let frame: [UInt8] = [0x04, 0x01, 0x02, 0x03]
    let radios = RadioAvailability.allCases

    @Test func amountEntryHandlesEveryPair() {
        let machine = AmountEntry(config: .init(tillID: F.till))
        let states: [AmountEntry.State] = radios.flatMap { radio in
            [.keypad(radio: radio, sequence: 3), .inTransaction(F.amount, radio: radio, sequence: 3)]
                + HostEnding.allCases.map { .ended($0, F.amount, radio: radio, sequence: 3) }
        }
        let events: [AmountEntry.Event] = [.lock(F.amount), .broadcastAgain, .newSale]
            + radios.map { .radioChanged($0) } + HostEnding.allCases.map { .transactionEnded($0) }
        var pairs = 0
        Self.forEveryPair(machine.reduce, states, events) { state, event, after, effects in
            let endings = effects.filter { if case .finished = $0 { true } else { false } }
            #expect(endings.count <= 1)
            if !endings.isEmpty, case .inTransaction = after { Issue.record("ended but still in a transaction: \(state) \(event)") }
            pairs += 1
        }
        #expect(pairs == states.count * events.count && pairs > 100)
    }

    @Test(arguments: [Duration.zero, .milliseconds(40)])
    func hostBroadcastHandlesEveryPair(cryptoLatency: Duration) throws {
        let machine = HostBroadcast(config: try .init(tillID: F.till, tillLabel: F.label, cryptoLatency: cryptoLatency))
        let states: [HostBroadcast.State] = [.idle, .advertising(Self.tx), .securing(Self.tx, F.phone)]
            + HostBroadcast.SessionOutcome.allCases.map { .holdingSession(Self.tx, F.phone, $0) }
            + [.sendingAmount(Self.tx, F.phone, waiting: nil), .sendingAmount(Self.tx, F.phone, waiting: Self.frame),
               .handedOver(Self.tx, F.phone)]
        let events: [HostBroadcast.Event] = [
            .start(F.amount, F.transaction), .phoneKeyReceived(F.phone, F.phoneKey), .phoneKeyReceived(F.secondPhone, F.phoneKey),
            .sessionEstablished, .sessionRejected, .cryptoLatencyElapsed, .amountHandedToRadio,
            .notifyQueueFull(F.phone, Self.frame), .notifyQueueFull(F.secondPhone, Self.frame), .readyToUpdate,
            .countdownExpired, .operatorCancels,
            .linkLost(F.phone), .linkLost(F.secondPhone), .frameRejected(F.phone), .frameRejected(F.secondPhone),
        ] + radios.map { .radioChanged($0) } + HostEnding.allCases.map { .transactionEnded($0) }
        Self.forEveryPair(machine.reduce, states, events) { state, event, after, effects in
            let endings = effects.filter { if case .ended = $0 { true } else { false } }
            #expect(endings.count <= 1)
            if !endings.isEmpty { #expect(after == .idle, "\(state) \(event)") }
            // Advertising stops whenever the machine leaves `advertising`.
            if case .advertising = state, after != state { #expect(effects.contains(.stopAdvertising), "\(state) \(event)") }
            // A held session's timer never outlives it: it is cancelled whenever the machine ends while holding.
            if case .holdingSession = state, !endings.isEmpty, event != .cryptoLatencyElapsed {
                #expect(effects.contains(.cancelCryptoTimer), "\(state) \(event)")
            }
            // The crypto timer runs only on a slow till, and only for the crypto's answer.
            if effects.contains(where: { if case .startCryptoTimer = $0 { true } else { false } }) {
                #expect(cryptoLatency > .zero && state == .securing(Self.tx, F.phone), "\(state) \(event)")
            }
            // Only the amount the radio had no room for goes again, once, when there is room.
            if effects.contains(.resendAmount(F.phone, Self.frame)) {
                #expect(state == .sendingAmount(Self.tx, F.phone, waiting: Self.frame) && event == .readyToUpdate)
                #expect(after == .sendingAmount(Self.tx, F.phone, waiting: nil))
            }
            // Nothing from a second phone is ever waited for.
            if case .notifyQueueFull(F.secondPhone, _) = event { #expect(after == state && effects.isEmpty) }
        }
    }

    @Test func hostPaymentHandlesEveryPair() {
        let machine = HostPayment()
        let states: [HostPayment.State] = [.idle, .awaitingDecision(F.phone, F.transaction), .pickOutcome(F.phone, F.transaction),
                                           .pickOutcomePayerGone(F.transaction)]
            + Outcome.allCases.flatMap { [.sendingResult(F.phone, F.transaction, $0, waiting: nil),
                                          .sendingResult(F.phone, F.transaction, $0, waiting: Self.frame)] }
        let messages: [SealedMessage] = [.amountDetails(F.details), .end(.cancelled)] + Decision.allCases.map { .decision($0) }
            + Outcome.allCases.map { .result($0) }
        let events: [HostPayment.Event] = [.start(F.phone, F.transaction), .operatorCancels,
                                           .delivered(F.phone), .delivered(F.secondPhone), .readyToUpdate,
                                           .notifyQueueFull(F.phone, Self.frame), .notifyQueueFull(F.secondPhone, Self.frame),
                                           .linkLost(F.phone), .linkLost(F.secondPhone), .frameRejected(F.phone),
                                           .frameRejected(F.secondPhone), .phoneKeyReceived(F.phone), .phoneKeyReceived(F.secondPhone)]
            + messages.flatMap { [.received(F.phone, $0), .received(F.secondPhone, $0)] }
            + Outcome.allCases.map { .operatorPicks($0) } + radios.map { .radioChanged($0) }
        Self.forEveryPair(machine.reduce, states, events) { state, event, after, effects in
            let endings = effects.compactMap { if case let .ended(e) = $0 { e } else { nil } }
            let ending = endings.first
            #expect(endings.count <= 1)
            if let ending {
                #expect(after == .idle)
                #expect(effects.contains(.retireService), "the till retires its service at every ending")
                // Money moves only where the payer confirmed.
                if ending.charged {
                    switch state {
                    case .pickOutcome, .pickOutcomePayerGone, .sendingResult: break
                    case .idle, .awaitingDecision: Issue.record("charged without a confirm: \(state) \(event)")
                    }
                }
            }
            // Anything from a second phone is refused or ignored, never taken as the payer's.
            if case let .received(sender, _) = event, sender == F.secondPhone { #expect(effects.isEmpty && after == state) }
            // The result counts as delivered only once it is sent, and only to the payer's phone.
            if case .delivered = event, ending != nil {
                guard case .sendingResult = state, event == .delivered(F.phone) else {
                    Issue.record("delivered ended the transaction out of place: \(state) \(event)")
                    return
                }
            }
            // Only the frame the radio had no room for goes again, once, when there is room.
            if effects.contains(where: { if case .resend = $0 { true } else { false } }) {
                guard case let .sendingResult(central, id, outcome, waiting) = state, waiting == Self.frame, event == .readyToUpdate else {
                    Issue.record("resent out of place: \(state) \(event)")
                    return
                }
                #expect(effects == [.resend(central, Self.frame)] && after == .sendingResult(central, id, outcome, waiting: nil))
            }
        }
    }

    @Test func findHandlesEveryPair() {
        let machine = Find(config: .standard)
        let samples = [PhoneScript.sample]
        let states: [Find.State] = radios.flatMap { radio in
            [.idle(radio: radio), .scanning([], firstHeard: nil, radio: radio), .scanning(samples, firstHeard: .zero, radio: radio), .handedOver(F.till, radio: radio)]
                + PhoneEnding.allCases.map { .ended($0, radio: radio) }
        }
        let events: [Find.Event] = [.tapStart, .advertisementSeen(PhoneScript.sample),
                                    .advertisementSeen(RSSISample(till: F.till, rssi: RSSISample.notAvailable, at: .zero)),
                                    .scanWindowElapsed(now: .seconds(1)), .deadlinePassed, .payerCancels, .dismiss]
            + radios.map { .radioChanged($0) } + PhoneEnding.allCases.map { .transactionEnded($0) }
        Self.forEveryPair(machine.reduce, states, events) { state, event, after, effects in
            let endings = effects.filter { if case .finished = $0 { true } else { false } }
            #expect(endings.count <= 1)
            if !endings.isEmpty, case .ended = after {} else if !endings.isEmpty { Issue.record("finished but not showing the ending") }
        }
    }

    @Test func connectReviewAndPaymentHandleEveryPair() {
        let connect = Connect(), review = Review(), payment = Payment()
        let messages: [SealedMessage] = [.amountDetails(F.details), .end(.cancelled)] + Decision.allCases.map { .decision($0) }
            + Outcome.allCases.map { .result($0) }
        let connectStates: [Connect.State] = [.idle, .connecting(F.till), .sendingKey(F.till), .awaitingAmount(F.till), .handedOver(F.till)]
        let connectEvents: [Connect.Event] = [.start(F.till), .connected, .connectFailed, .writeAcknowledged, .amountReceived(F.details),
                                              .tillBusy, .frameRejected, .linkLost, .linkDropped, .deadlinePassed, .payerCancels]
            + radios.map { .radioChanged($0) } + PhoneEnding.allCases.map { .transactionEnded($0) }
        Self.forEveryPair(connect.reduce, connectStates, connectEvents) { state, event, after, effects in
            if effects.contains(where: { if case .ended = $0 { true } else { false } }) {
                #expect(after == .idle)
                #expect(effects.contains(.disconnect), "Connect tears down the link it set up")
            }
            // Before `connected` there is no link: a report that it dropped is a late one, ignored.
            if event == .linkDropped, state == .connecting(F.till) { #expect(after == state && effects.isEmpty) }
            // A dropped link is a lost link wherever there is one.
            if event == .linkDropped, state != .connecting(F.till) {
                let asLost = Self.apply(connect.reduce, state, Connect.Event.linkLost)
                #expect(asLost.0 == after && asLost.1 == effects, "\(state)")
            }
            // Only the key's acknowledgement moves Connect on.
            if event == .writeAcknowledged, after != state { #expect(state == .sendingKey(F.till) && after == .awaitingAmount(F.till)) }
        }
        let reviewStates: [Review.State] = [.idle, .reviewing(F.details), .handedOver]
        let reviewEvents: [Review.Event] = [.start(F.details), .payerConfirms, .payerDeclines, .payerCancels, .frameRejected, .linkLost]
            + messages.map { .received($0) } + radios.map { .radioChanged($0) } + PhoneEnding.allCases.map { .transactionEnded($0) }
        Self.forEveryPair(review.reduce, reviewStates, reviewEvents) { state, event, after, effects in
            // A confirm is only ever sent from `reviewing`, and only on the payer's word.
            if effects.contains(.send(.decision(.confirm))) { #expect(state == .reviewing(F.details) && event == .payerConfirms) }
        }
        let paymentEvents: [Payment.Event] = [.start, .frameRejected, .linkLost, .payerCancels]
            + messages.map { .received($0) } + radios.map { .radioChanged($0) }
        Self.forEveryPair(payment.reduce, [Payment.State.idle, .awaitingResult], paymentEvents) { state, event, after, effects in
            // Paid only on a sealed success.
            if effects.contains(.ended(.paid)) { #expect(event == .received(.result(.success))) }
        }
    }

    /// Feeds every (state, event) pair to `reduce`, checks it is a function
    /// (the same input gives the same output), and hands each outcome to `check`.
    static func forEveryPair<S: Equatable, E, X: Equatable>(
        _ reduce: (inout S, E) -> [X], _ states: [S], _ events: [E], _ check: (S, E, S, [X]) -> Void
    ) {
        for state in states {
            for event in events {
                let (after, effects) = apply(reduce, state, event)
                let again = apply(reduce, state, event)
                #expect(again.0 == after && again.1 == effects)
                check(state, event, after, effects)
            }
        }
    }

    static func apply<S, E, X>(_ reduce: (inout S, E) -> [X], _ state: S, _ event: E) -> (S, [X]) {
        var state = state
        let effects = reduce(&state, event)
        return (state, effects)
    }
}
