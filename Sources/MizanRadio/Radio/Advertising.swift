import MizanTime

/// How tills' advertising reaches the phones that scan, and what a phone
/// hears from a till: the first radio's (`SimpleAdvertising`,
/// `"advertising": "simple"`) or the signal model's (`SignalAdvertising`, the
/// default), chosen once per medium. Each holds its own state; the medium
/// keeps the devices, the listeners, the clock and the observers, and passes
/// itself in where a part needs them.
protocol Advertising: AnyObject {
    /// The room the phones hear the tills in, on the signal model (the floor's calibration walk
    /// hears the same); nil on the first radio.
    var room: SignalModel? { get }
    /// The number of the last advertising event the first radio sent (a capture's connection
    /// request names it); 0 on the signal model, whose events are numbered per till.
    var lastEvent: Int { get }

    /// A till joins the medium (its index the next).
    func addTill(_ till: TillEndpoint)
    /// A phone has left for good: whatever is kept per link with it goes.
    func forget(phone: PhoneEndpoint)
    /// A till starts advertising (before its first event is scheduled), and stops.
    func startAdvertising(_ till: TillEndpoint)
    func stopAdvertising(_ till: TillEndpoint)
    /// A till's next event is scheduled to begin at `start` (seconds since the run began).
    func scheduled(_ till: TillEndpoint, at start: Double)
    /// One advertising event of `till`, carrying `payload`.
    func advertise(_ till: TillEndpoint, payload: [UInt8], in medium: RadioMedium)
    /// A phone starts scanning (its `scanning` set), joining the listeners; and stops.
    func startScan(_ phone: PhoneEndpoint, in medium: RadioMedium)
    func stopScan(_ phone: PhoneEndpoint, in medium: RadioMedium)
    /// What adds to the path loss between the phone and the till (offsets,
    /// body, shadowing, held fades), so that `fresh.meanRSSI(distance:) +
    /// fixedOffset` is the link's mean RSSI now.
    func fixedOffset(_ phone: PhoneEndpoint, _ till: TillEndpoint, in medium: RadioMedium) -> Double
}
