import MizanProtocol

/// How a scripted peer spoils a sealed frame on purpose (ending 17).
public enum Tamper: String, CaseIterable, Hashable, Sendable {
    /// Flip a bit of the tag: the frame fails to open.
    case flip
    /// Mark the sealed field for the other direction: the receiver refuses it.
    case wrongDirection = "wrong direction"
    /// Send the previous sealed field again: its counter was already used.
    case replay
    /// Cut the sealed field short: the frame fails to decode.
    case truncate
}

/// A frame a scripted peer sends.
public enum PeerFrame: Hashable, Sendable {
    case phoneKey
    case amount
    case decision(Decision)
    case result(Outcome)
    case end
    case busy

    var isSealed: Bool {
        switch self {
        case .amount, .decision, .result, .end: true
        case .phoneKey, .busy: false
        }
    }
}

/// What a scripted peer waits for.
public enum PeerExpectation: Hashable, Sendable {
    /// The next frame from the real side is of this type (and, for sealed
    /// ones, it opens), holding what `check` says where given.
    case frame(FrameType, check: ContentCheck?)
    /// A phone subscribed (the scripted till's view).
    case subscribed
    /// Every write so far was acknowledged (the scripted phone's view).
    case acknowledged
    /// The link is gone: unsubscribed, service retired, dropped or Bluetooth off.
    case linkLost
}

/// What an expected decision or result must hold.
public enum ContentCheck: Hashable, Sendable {
    case decision(Decision)
    case outcome(Outcome)
}

/// One step of a scripted peer, run in order; each starts when the previous one is done.
public enum PeerStep: Hashable, Sendable {
    /// Till: advertise the till id (the service goes up).
    case advertise
    case stopAdvertising
    /// Till: send what is queued, then remove the service.
    case retireService
    /// Phone: scan until the till is heard, connect and subscribe.
    case connect
    /// Phone: unsubscribe and disconnect (the payer leaves).
    case unsubscribe
    case send(PeerFrame, tamper: Tamper?)
    /// Waits for something; with `within`, the lane fails if it has not happened by then.
    case expect(PeerExpectation, within: Duration?)
    case wait(Duration)
    /// The link is lost at once, for both sides; frames in flight are lost.
    case dropLink
    /// The peer's own Bluetooth changes.
    case bluetooth(RadioAvailability)
}
