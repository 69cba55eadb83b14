/// The simulated medium's parameters, each default with its source
/// (`docs/radio.md`). A floor file's radio section loads into this.
///
/// The link timings here (`connectLatency`, `connectionInterval`,
/// `supervisionTimeout`) are the *simple* link layer's fixed values, the first
/// definition of W1-W3 (`docs/workloads.md`), kept so that figures compare.
/// The faithful link layer does not read them: it draws each link's interval,
/// set-up and response times from the phone and till profiles (`PhoneProfile`,
/// `TillProfile`, `docs/link-layer.md`). `serviceRetirementLatency` (one
/// connection event at W1's 15 ms) is still a constant on both layers.
public struct RadioParameters: Hashable, Sendable {
    /// Mean RSSI at 1 m, dBm. About -59 dBm at 0 dBm transmit power: the iBeacon
    /// "measured power" (Radius Networks and Blue Charm calibration notes); the
    /// Danis tracks fit -58.9 (Pi receivers) and -58.7 (USB dongles).
    public var referenceRSSI: Double = -59
    /// Log-distance path-loss exponent. Strzoda, Grochla, Polys (MSWiM 2022)
    /// imply about 2.1 indoors; the Danis Pi receivers fit 2.17; W2 uses 2.2.
    public var pathLossExponent: Double = 2.2
    /// Per-packet log-normal spread, dB (N(0, sigma) added to every packet; W2
    /// uses 6). Reading-to-reading scatter standing still is 3.7-5.9 dB (MIT LL;
    /// Strzoda 2022); the Danis tracks fit 6.5.
    public var packetSigma: Double = 6
    /// Per-link log-normal shadowing, dB, drawn once per (phone, till) pair
    /// and kept: walls and shelves that do not move. 0 in W2.
    public var linkShadowingSigma: Double = 0
    /// Rician K factor of small-scale fading per packet and channel, dB; `nil`
    /// for none. About 7 dB at 2.4 GHz on-body, walking (EURASIP JWCN 2014).
    public var ricianKdB: Double? = nil
    /// Receiver sensitivity, dBm: a packet below it is not heard. About -95 dBm
    /// for a phone on the 1M PHY (common BLE data sheets).
    public var sensitivity: Double = -95
    /// Antenna heights, m (W2: tills at 1.0 m, phones at 1.2 m).
    public var tillHeight: Double = 1.0
    public var phoneHeight: Double = 1.2
    /// advInterval; each event adds advDelay U(0, advDelayMax) (Core Spec Vol 6
    /// Part B 4.4.2.2: interval a multiple of 0.625 ms, delay pseudo-random 0-10 ms).
    public var advertisingInterval: Duration = .milliseconds(100)
    public var advertisingDelayMax: Duration = .milliseconds(10)
    /// Advertising channels 37, 38 and 39 fade independently (Faragher and Harle 2015).
    public var advertisingChannels: Int = 3
    /// Two packets on the same channel within `packetAirtime` of each other collide
    /// and neither is heard.
    public var collisions: Bool = false
    /// Air time of one advertising packet (about 0.4 ms for a 47-byte PDU at 1M PHY).
    public var packetAirtime: Duration = .microseconds(400)
    /// Connection set-up latency (W1: 30 ms).
    public var connectLatency: Duration = .milliseconds(30)
    /// Connection event interval: each attempt to carry a write or a
    /// notification takes one (W1: 15 ms per write or notify).
    public var connectionInterval: Duration = .milliseconds(15)
    /// Link lost when nothing gets through for this long. Spec 100 ms to 32 s;
    /// Apple accessories 2 s to 6 s (Core Spec Vol 6 Part B 4.5.2; Apple
    /// Accessory Design Guidelines).
    public var supervisionTimeout: Duration = .seconds(4)
    /// Packet error rate on a link as RSSI falls: a logistic curve that is 50 %
    /// at `perMidpoint` dBm and rises by e per `perSlope` dB below it. With
    /// the defaults, 0.1 % at -80 dBm, 4 % at -88, 96 % at -95.
    public var perMidpoint: Double = -91
    public var perSlope: Double = 1.5
    /// How many notifications a till's radio holds before `notify` returns false.
    public var notifyQueueCapacity: Int = 4
    /// How long after a till retires its service the phone sees it go (W1: 15 ms).
    public var serviceRetirementLatency: Duration = .milliseconds(15)
    /// How long a till takes to derive session keys and seal the amount: 1 ms,
    /// an assumption of the order of the two X25519 operations and a seal on
    /// an iPad (W0 measures about 0.15 ms for a whole transaction's crypto
    /// here); it exists so that a link can drop between the phone's key and
    /// the amount (ending 7).
    public var hostCryptoLatency: Duration = .milliseconds(1)

    public init() {}

    /// docs/workloads.md W1: an ideal radio: no loss, no fading, no collisions.
    public static var ideal: RadioParameters {
        var parameters = RadioParameters()
        parameters.packetSigma = 0
        parameters.ricianKdB = nil
        parameters.collisions = false
        parameters.perMidpoint = -.infinity // no packet is ever lost
        parameters.sensitivity = -.infinity
        return parameters
    }
}
