/// The phone's third machine: the link is secure and the payer reads the
/// amount in their own time, then confirms, declines or cancels. A confirm is
/// never refused for being slow. On confirm it hands over to `Payment`.
public struct Review: Sendable {
    public enum State: Hashable, Sendable {
        case idle
        case reviewing(AmountDetails)
        /// `Payment` runs; waiting for the transaction to end.
        case handedOver
    }

    public enum Event: Hashable, Sendable {
        case start(AmountDetails)
        case payerConfirms
        case payerDeclines
        /// The payer backs out before deciding: the phone unsubscribes.
        case payerCancels
        /// A sealed frame from the till, opened and decoded.
        case received(SealedMessage)
        case frameRejected
        case linkLost
        case radioChanged(RadioAvailability)
        /// From `Payment`.
        case transactionEnded(PhoneEnding)
    }

    public enum Effect: Hashable, Sendable {
        /// Seal and write this message to "To host".
        case send(SealedMessage)
        case startPayment
        /// To `Connect`.
        case ended(PhoneEnding)
    }

    public init() {}

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch state {
        case .idle:
            switch event {
            case let .start(details):
                state = .reviewing(details)
                return []
            case .payerConfirms, .payerDeclines, .payerCancels, .received, .frameRejected, .linkLost, .radioChanged,
                 .transactionEnded:
                return [] // ignored: nothing to review
            }

        case .reviewing:
            switch event {
            case .payerConfirms:
                state = .handedOver
                return [.send(.decision(.confirm)), .startPayment]
            case .payerDeclines:
                state = .idle
                return [.send(.decision(.decline)), .ended(.youDeclined)]
            case .payerCancels:
                state = .idle
                return [.ended(.cancelled)]
            case .received(.end(.cancelled)):
                state = .idle
                return [.ended(.tillCancelled)]
            case .received(.amountDetails), .received(.decision), .received(.result), .frameRejected:
                state = .idle
                return [.ended(.secureLinkFailed)]
            case .linkLost:
                state = .idle
                return [.ended(.connectionLost)]
            case .start, .radioChanged, .transactionEnded:
                return [] // ignored: out of place; Bluetooth going off arrives as a lost link
            }

        case .handedOver:
            switch event {
            case let .transactionEnded(ending):
                state = .idle
                return [.ended(ending)]
            case .start, .payerConfirms, .payerDeclines, .payerCancels, .received, .frameRejected, .linkLost,
                 .radioChanged:
                return [] // ignored: Payment runs the transaction now
            }
        }
    }

    public static func screen(_ state: State) -> PhoneScreen? {
        switch state {
        case .idle, .handedOver: nil
        case .reviewing: .reviewAmount
        }
    }
}
