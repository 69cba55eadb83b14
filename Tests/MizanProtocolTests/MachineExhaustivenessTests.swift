import Testing
@testable import MizanProtocol

/// Every (state, event) pair of every machine is fed to its reducer: nothing
/// traps, the reducer is a function (same input, same output), an ending sends
/// the machine back to its start, and a transition emits at most one ending.
@Suite struct MachineExhaustivenessTests {
    typealias F = Fixtures
    static let tx = HostBroadcast.Transaction(amount: F.amount, id: F.transaction)
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

    @Test func hostBroadcastHandlesEveryPair() throws {
        let machine = HostBroadcast(config: try .init(tillID: F.till, tillLabel: F.label))
        let states: [HostBroadcast.State] = [
            .idle, .advertising(Self.tx), .securing(Self.tx, F.phone), .sendingAmount(Self.tx, F.phone), .handedOver(Self.tx, F.phone),
        ]
        let events: [HostBroadcast.Event] = [
            .start(F.amount, F.transaction), .phoneKeyReceived(F.phone, F.phoneKey), .phoneKeyReceived(F.secondPhone, F.phoneKey),
            .sessionEstablished, .sessionRejected, .amountHandedToRadio, .countdownExpired, .operatorCancels,
            .linkLost(F.phone), .linkLost(F.secondPhone), .frameRejected(F.phone), .frameRejected(F.secondPhone),
        ] + radios.map { .radioChanged($0) } + HostEnding.allCases.map { .transactionEnded($0) }
        Self.forEveryPair(machine.reduce, states, events) { state, event, after, effects in
            let endings = effects.filter { if case .ended = $0 { true } else { false } }
            #expect(endings.count <= 1)
            if !endings.isEmpty { #expect(after == .idle, "\(state) \(event)") }
            // Advertising stops whenever the machine leaves `advertising`.
            if case .advertising = state, after != state { #expect(effects.contains(.stopAdvertising), "\(state) \(event)") }
        }
    }

    @Test func hostPaymentHandlesEveryPair() {
        let machine = HostPayment()
        let states: [HostPayment.State] = [.idle, .awaitingDecision(F.phone, F.transaction), .pickOutcome(F.phone, F.transaction),
                                           .pickOutcomePayerGone(F.transaction)]
            + Outcome.allCases.map { .sendingResult(F.phone, F.transaction, $0) }
        let messages: [SealedMessage] = [.amountDetails(F.details), .end(.cancelled)] + Decision.allCases.map { .decision($0) }
            + Outcome.allCases.map { .result($0) }
        let events: [HostPayment.Event] = [.start(F.phone, F.transaction), .operatorCancels, .resultDelivered,
                                           .linkLost(F.phone), .linkLost(F.secondPhone), .frameRejected(F.phone),
                                           .frameRejected(F.secondPhone), .phoneKeyReceived(F.phone), .phoneKeyReceived(F.secondPhone)]
            + messages.flatMap { [.received(F.phone, $0), .received(F.secondPhone, $0)] }
            + Outcome.allCases.map { .operatorPicks($0) } + radios.map { .radioChanged($0) }
        Self.forEveryPair(machine.reduce, states, events) { state, event, after, effects in
            let endings = effects.compactMap { if case let .ended(e) = $0 { e } else { nil } }
            #expect(endings.count <= 1)
            if let ending = endings.first {
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
        }
    }

    @Test func findHandlesEveryPair() {
        let machine = Find()
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
        let connectEvents: [Connect.Event] = [.start(F.till), .connected, .connectFailed, .keyWritten, .amountReceived(F.details),
                                              .tillBusy, .frameRejected, .linkLost, .deadlinePassed, .payerCancels]
            + radios.map { .radioChanged($0) } + PhoneEnding.allCases.map { .transactionEnded($0) }
        Self.forEveryPair(connect.reduce, connectStates, connectEvents) { state, event, after, effects in
            if effects.contains(where: { if case .ended = $0 { true } else { false } }) {
                #expect(after == .idle)
                #expect(effects.contains(.disconnect), "Connect tears down the link it set up")
            }
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
