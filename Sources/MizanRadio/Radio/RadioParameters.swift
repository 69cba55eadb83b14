import MizanGeometry
import MizanTime
/// The simulated medium's parameters, each default with its source
/// (`docs/radio.md`, `docs/signal-model.md`). A floor file's radio section loads into this.
///
/// Two advertising models (`advertising`): `.signal`, the default, puts the
/// signal model (`SignalModel`, `Sources/MizanRadio/Signal`) on the floor (advertising events
/// of three packets, phones scanning one channel at a time, per-till offsets,
/// correlated shadowing, held fading, collisions per receiver, bystanders),
/// with the defaults fitted on the Danis tracks; `.simple` is the first
/// definition of W2/W3 (every phone hears every packet of every till on all
/// three channels at once, each with its own N(0, `packetSigma`)), kept so
/// that figures compare (`mizan-bench --radio simple`). `packetSigma`,
/// `ricianKdB`, `linkShadowingSigma` and `collisions` are the simple model's.
///
/// The link timings here (`connectLatency`, `connectionInterval`,
/// `supervisionTimeout`) are the *simple* link layer's fixed values, the first
/// definition of W1-W3 (`docs/workloads.md`), kept so that figures compare.
/// The faithful link layer does not read them: it draws each link's interval,
/// set-up and response times from the phone and till profiles (`PhoneProfile`,
/// `TillProfile`, `docs/link-layer.md`). `serviceRetirementLatency` (one
/// connection event at W1's 15 ms) is still a constant on both layers.
public struct RadioParameters: Hashable, Sendable {
    /// The signal model's fit on the six Danis tracks, where its defaults come from.
    static let danisFit = SignalParameters()

    /// Which advertising model the floor runs (see above). The signal model
    /// by default; the ideal radio (W1) and `firstDefinition` use the simple one.
    public var advertising: AdvertisingModel = .signal
    /// Mean RSSI at 1 m, dBm. -59.8: `mizan calibrate`'s pooled fit on the six
    /// Danis tracks (`docs/signal-model.md`); about -59 dBm at 0 dBm transmit
    /// power is the iBeacon "measured power" (Radius Networks, Blue Charm),
    /// which the first definition (W2) used.
    public var referenceRSSI: Double = danisFit.referenceRSSI
    /// Log-distance path-loss exponent. 1.64: the same pooled Danis fit (one
    /// exponent for all receivers; they fit 1.1 to 2.4 one by one). Strzoda,
    /// Grochla, Polys (MSWiM 2022) imply about 2.1 indoors; W2's first definition uses 2.2.
    public var pathLossExponent: Double = danisFit.pathLossExponent
    /// Beyond this breakpoint the loss steepens (`FarField`, both advertising
    /// models); nil for one slope at every distance. 30 m and 3.5: the IEEE
    /// 802.11n channel models' large space (model F; Erceg et al., "TGn
    /// channel models", IEEE 802.11-03/940r4, 2004), beyond the recorded
    /// rooms the near slope was fitted in (docs/radio.md). The first
    /// definition (W2, W3) has none.
    public var farField: FarField? = .largeSpace
    /// Simple model: per-packet log-normal spread, dB (N(0, sigma) added to every packet; W2
    /// uses 6). Reading-to-reading scatter standing still is 3.7-5.9 dB (MIT LL;
    /// Strzoda 2022); the Danis tracks fit 6.5 (all residual variance, fixed parts included).
    public var packetSigma: Double = 6
    /// Simple model: per-link log-normal shadowing, dB, drawn once per (phone, till) pair
    /// and kept: walls and shelves that do not move. 0 in W2.
    public var linkShadowingSigma: Double = 0
    /// Simple model: Rician K factor of small-scale fading per packet and channel, dB; `nil`
    /// for none. About 7 dB at 2.4 GHz on-body, walking (EURASIP JWCN 2014).
    public var ricianKdB: Double? = nil

    // The signal model (`docs/signal-model.md`; defaults: the split of the
    // Danis residuals, `SignalParameters`, read from there so that the fit is
    // written in one place).
    /// sd of each till's own offset, drawn once per till, dB: the Danis
    /// receivers' fitted offsets spread 3.1 dB (`TillOffsets.danisSpread`).
    /// A floor file that gives `tillOffsets` (measured) draws none.
    public var tillOffsetSigma: Double = TillOffsets.danisSpread
    /// Spatially correlated shadowing per till over the floor, sd dB and
    /// correlation length m: 2.3 dB, 1.7 m (Danis residuals between tracks at
    /// the same spot; `SharedSpectrumShadowing`).
    public var shadowingSigma: Double = danisFit.shadowingSigma
    public var shadowingLength: Double = danisFit.shadowingLength
    /// Fading per link, Rician K dB, held while the phone stands and drawn
    /// afresh each `fadingLength` it walks: K 7 dB, 0.17 m (Danis residuals
    /// within a track; K about 7 dB on-body walking, EURASIP JWCN 2014).
    public var fadingKdB: Double = danisFit.fadingKdB
    public var fadingLength: Double = danisFit.fadingLength
    /// Each advertising channel's own fade, Rician K dB (channels fade
    /// independently: Faragher and Harle 2015; K 5.7 dB fitted to the skew of
    /// the Danis residuals); `nil` for none. Held like the link fade. Data
    /// channels of a connection hop, so a connection packet draws it afresh.
    public var channelFadingKdB: Double? = danisFit.channelFadingKdB
    /// Per-packet noise, sd dB: 1.6 (what is left of the Danis residuals;
    /// fits 1.3-1.9).
    public var packetNoise: Double = danisFit.packetNoise
    /// Time between an advertising event's packets on 37, 38 and 39: 3.0 ms
    /// (median of 170 pairs of reports of one event on the Danis tracks).
    public var packetSpacing: Duration = .milliseconds(3)
    /// A packet overlapping another on its channel at a phone survives only
    /// if it leads by this much, dB: 13 (Microchip BLE RF characteristics:
    /// 13-14 dB co-channel C/I).
    public var captureThreshold: Double = 13
    /// Bystanders (phones and wearables of people who are not paying):
    /// advertising events per second heard at each phone, each three packets,
    /// arriving N(`bystanderRSSI`, `bystanderSpread`) dBm. 0 by default: no
    /// source gives a shop's rate; Strzoda 2022's 13-40 % loss was measured
    /// with other devices transmitting every 4-8 ms (125-250 a second).
    public var bystanderEventsPerSecond: Double = 0
    public var bystanderRSSI: Double = -75
    public var bystanderSpread: Double = 6
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
    /// Simple model: two packets on the same channel within `packetAirtime` of each other collide
    /// and neither is heard, at every phone. (The signal model always has
    /// collisions, per phone, with capture.)
    public var collisions: Bool = false
    /// Air time of one advertising packet: 376 us, a full 47-byte legacy
    /// advertising PDU at 1 Mb/s (Core Spec Vol 6 Part B 2.1).
    public var packetAirtime: Duration = .microseconds(376)
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

    /// The first definition of W2/W3's radio (docs/workloads.md): the simple
    /// advertising model, RSSI = -59 - 22 log10(d) + N(0, 6) dBm per packet,
    /// heard at -95 dBm or more, no fading, no shadowing, no collisions.
    public static var firstDefinition: RadioParameters {
        var parameters = RadioParameters()
        parameters.advertising = .simple
        parameters.referenceRSSI = -59
        parameters.pathLossExponent = 2.2
        parameters.packetSigma = 6
        parameters.ricianKdB = nil
        parameters.linkShadowingSigma = 0
        parameters.sensitivity = -95
        parameters.collisions = false
        parameters.farField = nil
        return parameters
    }

    /// The parameters the per-packet draws of a connection's packets use
    /// (`SignalModel.Fresh.packetRSSI`): on the simple model these; on the signal
    /// model its per-packet noise and, since a connection hops over the data
    /// channels, a fresh channel fade per packet.
    public var linkPackets: RadioParameters {
        guard advertising == .signal else { return self }
        var parameters = self
        parameters.packetSigma = packetNoise
        parameters.ricianKdB = channelFadingKdB
        parameters.linkShadowingSigma = 0
        return parameters
    }

    /// docs/workloads.md W1: an ideal radio: no loss, no fading, no collisions.
    public static var ideal: RadioParameters {
        var parameters = RadioParameters.firstDefinition
        parameters.packetSigma = 0
        parameters.ricianKdB = nil
        parameters.collisions = false
        parameters.perMidpoint = -.infinity // no packet is ever lost
        parameters.sensitivity = -.infinity
        return parameters
    }
}

/// How advertising packets reach scanning phones (`RadioParameters.advertising`).
public enum AdvertisingModel: String, Hashable, Sendable, CaseIterable {
    /// The first definition: every scanning phone hears every packet of every
    /// till on every channel at the event's instant, each with its own
    /// N(0, `packetSigma`) (and Rician fading if set).
    case simple
    /// The signal model (`docs/signal-model.md`).
    case signal
}
