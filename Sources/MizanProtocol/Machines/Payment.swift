/// The phone's last machine: the payer confirmed; wait for the sealed result.
/// Nothing times out. If the link is lost, or the result cannot be opened, the
/// phone cannot know the outcome and says so.
public struct Payment: Sendable {
    public enum State: Hashable, Sendable {
        case idle
        case awaitingResult
    }

    public enum Event: Hashable, Sendable {
        case start
        case received(SealedMessage)
        case frameRejected
        case linkLost
        case payerCancels
        case radioChanged(RadioAvailability)
    }

    public enum Effect: Hashable, Sendable {
        /// To `Review`.
        case ended(PhoneEnding)
    }

    public init() {}

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch state {
        case .idle:
            switch event {
            case .start:
                state = .awaitingResult
                return []
            case .received, .frameRejected, .linkLost, .payerCancels, .radioChanged:
                return [] // ignored: no payment running
            }

        case .awaitingResult:
            switch event {
            case .received(.result(.success)):
                state = .idle
                return [.ended(.paid)]
            case .received(.result(.failure)):
                state = .idle
                return [.ended(.failed)]
            case .received(.end(.cancelled)):
                state = .idle
                return [.ended(.tillCancelled)]
            case .received(.amountDetails), .received(.decision), .frameRejected, .linkLost:
                // The payer confirmed; whatever happened at the till, this phone cannot know it.
                state = .idle
                return [.ended(.resultUnknown)]
            case .start, .payerCancels, .radioChanged:
                return [] // ignored: after confirming, the payer waits for the till
            }
        }
    }

    public static func screen(_ state: State) -> PhoneScreen? {
        switch state {
        case .idle: nil
        case .awaitingResult: .waitingForResult
        }
    }
}
