import MizanTime
/// The per-packet signal model's parameters, each with its source. The
/// defaults are the fit on all six Danis tracks (`docs/signal-model.md`);
/// `mizan twin` fits its own on the tracks it trains on (leave one track out).
public struct SignalParameters: Hashable, Sendable {
    /// Mean RSSI at 1 m, dBm. Danis fit -59.8 (`mizan calibrate`, six tracks);
    /// about -59 for iBeacon "measured power" (Radius Networks, Blue Charm).
    public var referenceRSSI: Double = -59.8
    /// Path-loss exponent. Danis fit 1.64; about 2.1 indoors (Strzoda,
    /// Grochla, Polys, MSWiM 2022).
    public var pathLossExponent: Double = 1.64
    /// Spatially correlated shadowing, sd dB and correlation length m. Danis
    /// fit: 19 % of the residual variance (2.3 dB), 1.7 m.
    public var shadowingSigma: Double = 2.3
    public var shadowingLength: Double = 1.7
    /// Rician fading per link, shared by the three channels, K dB, held while
    /// the phone stands and drawn afresh every `fadingLength` m it walks
    /// (Danis fit about 29 % of the variance, K 7 dB, 0.17 m; the reports
    /// there do not name the channel). K about 7 dB on-body walking (EURASIP JWCN 2014).
    public var fadingKdB: Double = 7
    public var fadingLength: Double = 0.17
    /// Fading of each channel on its own (channels 37, 38, 39 fade
    /// independently: Faragher and Harle 2015), Rician K dB, nil for none; it
    /// changes from packet to packet as the channel does. On the Danis tracks
    /// it is what makes the residuals skewed (skewness -0.60: deep fades, a
    /// light upper tail): K fitted to that skew, 5.3-6.1 dB over the six
    /// leave-one-out fits (5.7 kept).
    public var channelFadingKdB: Double? = 5.7
    /// Per-packet noise, sd dB: what is left after the channel fade (Danis
    /// fits 1.3-1.9 dB; the per-packet part in all, channel fade and noise,
    /// is about half the variance, 3.8 dB, within the reading-to-reading
    /// scatter standing still of 3.7-5.9 dB, MIT LL and Strzoda 2022).
    public var packetNoise: Double = 1.6
    /// Below this a packet is not heard, dBm. Phones about -95 (common BLE data
    /// sheets); the Danis receivers reported down to -102.
    public var sensitivity: Double = -102

    public init() {}

    /// The signal model's parameters (`RadioParameters`, advertising on the
    /// signal model) for these: no drawn till offsets (the twin gives its tills'
    /// offsets), everything else from here.
    public var radio: RadioParameters {
        var radio = RadioParameters()
        radio.advertising = .signal
        radio.referenceRSSI = referenceRSSI
        radio.pathLossExponent = pathLossExponent
        radio.tillOffsetSigma = 0
        radio.shadowingSigma = shadowingSigma
        radio.shadowingLength = shadowingLength
        radio.fadingKdB = fadingKdB
        radio.fadingLength = fadingLength
        radio.channelFadingKdB = channelFadingKdB
        radio.packetNoise = packetNoise
        radio.sensitivity = sensitivity
        return radio
    }
}
