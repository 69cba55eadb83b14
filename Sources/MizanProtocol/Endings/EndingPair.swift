/// One transaction's endings on both sides. `nil` on a side means that side
/// never knew of the transaction (a phone that never reached the till, or a
/// till that no phone reached).
public struct EndingPair: Hashable, Sendable {
    public let host: HostEnding?
    public let phone: PhoneEnding?

    public init(host: HostEnding?, phone: PhoneEnding?) {
        self.host = host
        self.phone = phone
    }

    /// Money moved: the host's ending says the operator picked success.
    public var charged: Bool { host?.charged ?? false }
}
