/// The host's third machine: from the secure link to the result. The amount is
/// on the air and nothing times out: the payer decides, the operator picks the
/// outcome in their own time, and the till sends the result and retires its
/// service. It learns the phone is gone only when it unsubscribes.
public struct HostPayment: Sendable {
    public enum State: Hashable, Sendable {
        case idle
        /// Waiting for the payer's sealed decision.
        case awaitingDecision(CentralID, TransactionID)
        /// The payer confirmed: the operator picks the outcome.
        case pickOutcome(CentralID, TransactionID)
        /// The payer confirmed, then the link was lost: the operator still picks.
        case pickOutcomePayerGone(TransactionID)
        /// The sealed result is queued for the radio.
        case sendingResult(CentralID, TransactionID, Outcome)
    }

    public enum Event: Hashable, Sendable {
        case start(CentralID, TransactionID)
        /// A sealed frame from the phone, opened and decoded.
        case received(CentralID, SealedMessage)
        /// A frame from a phone that failed to decode or to open.
        case frameRejected(CentralID)
        case operatorPicks(Outcome)
        case operatorCancels
        /// The radio delivered the queued result.
        case resultDelivered
        case linkLost(CentralID)
        case phoneKeyReceived(CentralID)
        case radioChanged(RadioAvailability)
    }

    public enum Effect: Hashable, Sendable {
        /// Seal and notify this message to the phone.
        case send(CentralID, SealedMessage)
        case refuse(CentralID)
        /// Send what is queued, then remove the service.
        case retireService
        /// To `HostBroadcast`.
        case ended(HostEnding)
    }

    public init() {}

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch state {
        case .idle:
            switch event {
            case let .start(central, id):
                state = .awaitingDecision(central, id)
                return []
            case .received, .frameRejected, .operatorPicks, .operatorCancels, .resultDelivered, .linkLost,
                 .phoneKeyReceived, .radioChanged:
                return [] // ignored: no transaction
            }

        case let .awaitingDecision(central, id):
            switch event {
            case let .received(sender, message) where sender == central:
                switch message {
                case .decision(.confirm):
                    state = .pickOutcome(central, id)
                    return []
                case .decision(.decline):
                    return end(.payerDeclined, &state)
                case .amountDetails, .result, .end:
                    return end(.secureLinkFailed, &state) // a phone never sends these
                }
            case let .frameRejected(sender) where sender == central:
                return end(.secureLinkFailed, &state)
            case let .linkLost(lost) where lost == central:
                return end(.payerLeft, &state)
            case .operatorCancels:
                return cancel(central, &state)
            case let .phoneKeyReceived(other):
                return other == central ? [] : [.refuse(other)]
            case .received, .frameRejected, .linkLost:
                return [] // ignored: another phone
            case .start, .operatorPicks, .resultDelivered, .radioChanged:
                return [] // ignored: the payer has not decided; Bluetooth going off arrives as a lost link
            }

        case let .pickOutcome(central, id):
            switch event {
            case let .operatorPicks(outcome):
                state = .sendingResult(central, id, outcome)
                return [.send(central, .result(outcome))]
            case .operatorCancels:
                return cancel(central, &state)
            case let .linkLost(lost) where lost == central:
                state = .pickOutcomePayerGone(id)
                return []
            case let .received(sender, _) where sender == central:
                return end(.secureLinkFailed, &state) // nothing more is expected from the phone
            case let .frameRejected(sender) where sender == central:
                return end(.secureLinkFailed, &state)
            case let .phoneKeyReceived(other):
                return other == central ? [] : [.refuse(other)]
            case .received, .frameRejected, .linkLost:
                return [] // ignored: another phone
            case .start, .resultDelivered, .radioChanged:
                return [] // ignored
            }

        case .pickOutcomePayerGone:
            switch event {
            case let .operatorPicks(outcome):
                return end(outcome == .success ? .paidPayerNotTold : .failedPayerNotTold, &state)
            case let .phoneKeyReceived(other):
                return [.refuse(other)]
            case .operatorCancels:
                // The payer confirmed and left; cancelling is picking failure.
                return end(.failedPayerNotTold, &state)
            case .start, .received, .frameRejected, .resultDelivered, .linkLost, .radioChanged:
                return [] // ignored: the payer is gone; the operator still picks
            }

        case let .sendingResult(central, _, outcome):
            switch event {
            case .resultDelivered:
                return end(outcome == .success ? .paid : .failed, &state)
            case let .linkLost(lost) where lost == central:
                return end(outcome == .success ? .paidPayerNotTold : .failedPayerNotTold, &state)
            case let .phoneKeyReceived(other):
                return other == central ? [] : [.refuse(other)]
            case .start, .received, .frameRejected, .operatorPicks, .operatorCancels, .linkLost, .radioChanged:
                return [] // ignored: the outcome is picked
            }
        }
    }

    private func cancel(_ central: CentralID, _ state: inout State) -> [Effect] {
        state = .idle
        return [.send(central, .end(.cancelled)), .retireService, .ended(.cancelled)]
    }

    private func end(_ ending: HostEnding, _ state: inout State) -> [Effect] {
        state = .idle
        return [.retireService, .ended(ending)]
    }

    public static func screen(_ state: State) -> HostScreen? {
        switch state {
        case .idle: nil
        case .awaitingDecision: .waitingForPayer
        case .pickOutcome: .pickOutcome
        case .pickOutcomePayerGone: .pickOutcomePayerNotTold
        case .sendingResult: .sendingResult
        }
    }
}
