/// What a broadcasting till puts on the air: its till id under the Mizan
/// service. The service id is implied; decoding checks it (`wrongService`).
public struct Advertisement: Hashable, Sendable {
    public let tillID: TillID

    public init(tillID: TillID) {
        self.tillID = tillID
    }
}
