/// How the phone picks a till from what its scan heard (`Find` asks at the end
/// of each scan window): a selection strategy, kept outside the protocol's
/// reducers (the strategies are in MizanSelection).
public protocol TillChooser: Sendable {
    /// How long the phone listens before it first asks, and between asks.
    var scanWindow: Duration { get }
    /// The till to connect to, from `samples` heard up to `now`, or nil to
    /// listen one more window; `since` is when this scan first heard a packet.
    func choose(from samples: [RSSISample], now: Duration, since: Duration?) -> TillID?
}
