/// The host's third machine: from the secure link to the result. The amount is
/// on the air and nothing times out: the payer decides, the operator picks the
/// outcome in their own time, and the till sends the result and retires its
/// service. It learns the phone is gone only when it unsubscribes, and that
/// the result arrived when the radio reports it delivered to that phone.
public struct HostPayment: Sendable {
    public enum State: Hashable, Sendable {
        case idle
        /// Waiting for the payer's sealed decision.
        case awaitingDecision(CentralID, TransactionID)
        /// The payer confirmed: the operator picks the outcome.
        case pickOutcome(CentralID, TransactionID)
        /// The payer confirmed, then the link was lost: the operator still picks.
        case pickOutcomePayerGone(TransactionID)
        /// The sealed result is handed to the radio. `waiting` holds its frame
        /// while the radio's notify queue has no room for it.
        case sendingResult(CentralID, TransactionID, Outcome, waiting: [UInt8]?)
    }

    public enum Event: Hashable, Sendable {
        case start(CentralID, TransactionID)
        /// A sealed frame from the phone, opened and decoded.
        case received(CentralID, SealedMessage)
        /// A frame from a phone that failed to decode or to open.
        case frameRejected(CentralID)
        case operatorPicks(Outcome)
        case operatorCancels
        /// The radio delivered a queued notification to this phone.
        case delivered(CentralID)
        /// The radio's notify queue had no room for this frame to this phone.
        case notifyQueueFull(CentralID, [UInt8])
        /// The radio's notify queue has room again.
        case readyToUpdate
        case linkLost(CentralID)
        case phoneKeyReceived(CentralID)
        case radioChanged(RadioAvailability)
    }

    public enum Effect: Hashable, Sendable {
        /// Seal and notify this message to the phone.
        case send(CentralID, SealedMessage)
        /// Notify the phone again with the frame the radio had no room for.
        case resend(CentralID, [UInt8])
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
            case .received, .frameRejected, .operatorPicks, .operatorCancels, .delivered, .notifyQueueFull, .readyToUpdate,
                 .linkLost, .phoneKeyReceived, .radioChanged:
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
            case .start, .operatorPicks, .delivered, .notifyQueueFull, .readyToUpdate, .radioChanged:
                return [] // ignored: the payer has not decided, no result is sent; Bluetooth going off arrives as a lost link
            }

        case let .pickOutcome(central, id):
            switch event {
            case let .operatorPicks(outcome):
                state = .sendingResult(central, id, outcome, waiting: nil)
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
            case .start, .delivered, .notifyQueueFull, .readyToUpdate, .radioChanged:
                return [] // ignored: no result is sent yet
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
            case .start, .received, .frameRejected, .delivered, .notifyQueueFull, .readyToUpdate, .linkLost, .radioChanged:
                return [] // ignored: the payer is gone; the operator still picks
            }

        case let .sendingResult(central, id, outcome, waiting):
            switch event {
            case let .delivered(recipient) where recipient == central:
                return end(outcome == .success ? .paid : .failed, &state)
            case let .notifyQueueFull(recipient, frame) where recipient == central:
                state = .sendingResult(central, id, outcome, waiting: frame)
                return []
            case .readyToUpdate:
                guard let waiting else { return [] } // ignored: nothing is waiting for the radio
                state = .sendingResult(central, id, outcome, waiting: nil)
                return [.resend(central, waiting)]
            case let .linkLost(lost) where lost == central:
                return end(outcome == .success ? .paidPayerNotTold : .failedPayerNotTold, &state)
            case let .phoneKeyReceived(other):
                return other == central ? [] : [.refuse(other)]
            case .delivered, .notifyQueueFull, .linkLost:
                return [] // ignored: another phone
            case .start, .received, .frameRejected, .operatorPicks, .operatorCancels, .radioChanged:
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
