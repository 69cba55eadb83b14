/// Names one timer of a `VirtualClock`, to cancel it. An identifier stays
/// unique for the life of its clock: once the timer fires or is cancelled, the
/// identifier matches nothing.
public struct TimerID: Hashable, Sendable, CustomStringConvertible {
    /// Where the timer lives in its queue's slot table.
    let slot: Int
    /// The timer's insertion sequence number (unique per queue, never 0).
    let sequence: UInt64

    public var description: String { "timer #\(sequence)" }
}
