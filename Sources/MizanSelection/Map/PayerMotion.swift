import MizanProtocol
/// How far a payer may move while the phone listens: the motion model of the
/// position-based strategies. The phone's position is a random walk on the
/// map whose variance, per axis, grows by `speed² / 2` m² per second: over
/// one second the phone spreads as far as a payer walking at `speed` in a
/// random direction would (`speed · t / √2` per axis). `speed` 0 is a payer
/// standing still: every sample of the window weighs the same position (the
/// map's own, static, posterior).
///
/// Source of the walking speeds tried (docs/selection-strategies.md):
/// comfortable walking speed of adults, 1.27 to 1.46 m/s (Bohannon 1997,
/// "Comfortable and maximum walking speed of adults aged 20-79 years", Age
/// and Ageing 26:15-19); 1.3 m/s is taken as a payer walking, half of it as
/// one strolling along the tills.
public struct PayerMotion: Hashable, Sendable {
    /// Metres per second; 0 is standing still.
    public let speed: Double

    public init(speed: Double) {
        self.speed = speed > 0 && speed.isFinite ? speed : 0
    }

    public static let standing = PayerMotion(speed: 0)
    /// Comfortable walking speed, m/s (Bohannon 1997: 1.27-1.46 m/s for adults).
    public static let walkingSpeed = 1.3

    /// The filter's time step: the samples of each `binLength` weigh one
    /// position; between steps the position diffuses. The advertising interval
    /// of the simulated tills (RadioParameters, 100 ms), so a step holds about
    /// one packet per till.
    public static let binLength = Duration.milliseconds(100)

    /// Per-axis variance added over `seconds`, m².
    func variance(over seconds: Double) -> Double { speed * speed / 2 * seconds }
}
