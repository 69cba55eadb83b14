/// The phone's second machine: connects to the chosen till, subscribes to
/// "To client", writes a fresh public key and opens the sealed amount: then
/// the link is secure, the 10 s deadline stops, and it hands over to `Review`.
/// It set up the link, so it also tears it down when the transaction ends.
/// From `connected` until it tears the link down, a link is up: before that, a
/// report that the link went is a late one from an earlier link.
public struct Connect: Sendable {
    public enum State: Hashable, Sendable {
        case idle
        /// Connecting and subscribing to "To client".
        case connecting(TillID)
        /// Linked; writing the phone's key to "To host".
        case sendingKey(TillID)
        /// The till has the key (the write was acknowledged): waiting for the amount.
        case awaitingAmount(TillID)
        /// `Review` and then `Payment` run; waiting for the transaction to end.
        case handedOver(TillID)
    }

    public enum Event: Hashable, Sendable {
        case start(TillID)
        /// Connected and subscribed.
        case connected
        case connectFailed
        /// The till acknowledged a write: while sending the key, the key's.
        case writeAcknowledged
        /// The amount frame arrived and opened: the link is secure.
        case amountReceived(AmountDetails)
        /// The till answered that it is serving another phone.
        case tillBusy
        /// A frame that failed to decode or open, or a message out of place.
        case frameRejected
        /// The link, or the attempt to make one, is lost (Bluetooth went off).
        case linkLost
        /// The radio reports the link gone: a drop, or the till removed its service.
        case linkDropped
        case deadlinePassed
        case payerCancels
        case radioChanged(RadioAvailability)
        /// From `Review` (and through it, `Payment`).
        case transactionEnded(PhoneEnding)
    }

    public enum Effect: Hashable, Sendable {
        case connect(TillID)
        /// Make a fresh key pair and write its public key to "To host".
        case sendPhoneKey
        /// Unsubscribe and disconnect (after pending writes).
        case disconnect
        case cancelDeadline
        case startReview(AmountDetails)
        /// To `Find`.
        case ended(PhoneEnding)
    }

    public init() {}

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch state {
        case .idle:
            switch event {
            case let .start(till):
                state = .connecting(till)
                return [.connect(till)]
            case .connected, .connectFailed, .writeAcknowledged, .amountReceived, .tillBusy, .frameRejected, .linkLost,
                 .linkDropped, .deadlinePassed, .payerCancels, .radioChanged, .transactionEnded:
                return [] // ignored: not connecting
            }

        case let .connecting(till), let .sendingKey(till), let .awaitingAmount(till):
            switch (state, event) {
            case (.connecting, .connected):
                state = .sendingKey(till)
                return [.sendPhoneKey]
            case (.sendingKey, .writeAcknowledged):
                state = .awaitingAmount(till)
                return []
            case let (.awaitingAmount, .amountReceived(details)):
                state = .handedOver(till)
                return [.cancelDeadline, .startReview(details)]
            case (.connecting, .linkDropped):
                return [] // ignored: no link yet; a late report from an earlier link
            case (.awaitingAmount, .linkLost), (.awaitingAmount, .linkDropped), (.awaitingAmount, .connectFailed):
                // The till acknowledged the key, so it knew this phone.
                return end(.handshakeFailed, &state)
            case (_, .linkLost), (_, .linkDropped), (_, .connectFailed):
                // No acknowledged key: the till may never have known this phone.
                return end(.couldntConnect, &state)
            case (_, .deadlinePassed):
                return end(.couldntConnect, &state, deadlinePassed: true)
            case (_, .payerCancels):
                return end(.cancelled, &state)
            case (_, .tillBusy):
                return end(.tillBusy, &state)
            case (_, .frameRejected):
                return end(.secureLinkFailed, &state)
            case (_, .start), (_, .connected), (_, .writeAcknowledged), (_, .amountReceived), (_, .radioChanged), (_, .transactionEnded):
                return [] // ignored: out of place for this step; Bluetooth going off arrives as a lost link
            }

        case .handedOver:
            switch event {
            case let .transactionEnded(ending):
                state = .idle
                return [.disconnect, .ended(ending)]
            case .start, .connected, .connectFailed, .writeAcknowledged, .amountReceived, .tillBusy, .frameRejected,
                 .linkLost, .linkDropped, .deadlinePassed, .payerCancels, .radioChanged:
                return [] // ignored: Review or Payment runs the transaction now
            }
        }
    }

    private func end(_ ending: PhoneEnding, _ state: inout State, deadlinePassed: Bool = false) -> [Effect] {
        state = .idle
        return deadlinePassed ? [.disconnect, .ended(ending)] : [.cancelDeadline, .disconnect, .ended(ending)]
    }

    public static func screen(_ state: State) -> PhoneScreen? {
        switch state {
        case .idle, .handedOver: nil
        case .connecting, .sendingKey, .awaitingAmount: .connecting
        }
    }
}
