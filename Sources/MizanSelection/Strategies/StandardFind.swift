import MizanProtocol

extension Find.Config {
    /// The phone's default: the till with the highest mean RSSI over a 1 s
    /// window (`SelectionStrategy.default`), and the 10 s deadline.
    public static let standard = Find.Config(chooser: SelectionStrategy.default)
}
