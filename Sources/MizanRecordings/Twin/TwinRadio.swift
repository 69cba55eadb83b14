import MizanProtocol
import MizanSim
import MizanRadio

/// Everything the twin needs to simulate a recording: the signal model's
/// parameters, each till's offset, the phone's advertising and the receivers'
/// scanning. Fitted on training tracks (`TwinFit`) or read from a radio section.
public struct TwinRadio: Sendable {
    public var signal: SignalParameters
    /// Per till, dB (the offsets `mizan calibrate` fits).
    public var offsets: [TillID: Double]
    /// Per till, its own path-loss exponent (empty: the signal's for all).
    public var exponents: [TillID: Double] = [:]
    public var advertising: AdvertisingSchedule
    public var scanner: ScanProfile
    /// Other advertisers loading the channels (none in the Danis room: one beacon).
    public var bystanders: BystanderTraffic?
    public var collisions = CollisionModel()
    /// The recorded room's fixed shadowing where the training tracks passed
    /// (`RoomShadowingMap`; nil: none, only the random field), and the share
    /// of the random shadowing field's variance it replaces there.
    public var roomShadowing: RoomShadowingMap?
    public var roomShadowingShare: Double = 0
    /// The tills' loss toward steep angles (`ElevationLoss`; none unless fitted).
    public var elevationLoss = ElevationLoss.none
    /// The carried device's gain by direction (`DirectionGain`; none unless fitted).
    public var direction = DirectionGain.none
    /// What each (till, track) holds of its own in time (`TrackDrift`; none unless fitted).
    public var trackDrift = TrackDrift.none

    /// The Danis receivers as a scanner, fitted on all six tracks: listening
    /// all the time, changing channel every 95 ms, losing 13 % of what they hear
    /// (`docs/signal-model.md`; `TwinFit` fits its own on its training tracks).
    public static let danisReceiver = ScanProfile(name: "danis-receiver", window: 0.095, interval: 0.095, reportLoss: 0.13)

    /// A radio from a calibration (`mizan calibrate`'s output or a floor
    /// file's radio section): its reference RSSI, exponent and offsets; its
    /// residual sigma split between shadowing, link fading and the rest in the
    /// shares fitted on the Danis tracks (19 %, 29 %, 52 %; the rest is each
    /// channel's own fade at K 5.7 dB, then noise), the Danis beacon's
    /// advertising and the Danis receivers' scanning.
    public static func from(referenceRSSI: Double, pathLossExponent: Double, packetSigma: Double, offsets: [TillID: Double]) -> TwinRadio {
        var signal = SignalParameters()
        signal.referenceRSSI = referenceRSSI
        signal.pathLossExponent = pathLossExponent
        let variance = packetSigma * packetSigma
        signal.shadowingSigma = (0.19 * variance).squareRoot()
        signal.fadingKdB = RicianFade.kFactor(forSpread: (0.29 * variance).squareRoot())
        // The rest (52 %): each channel's own fade at the fitted K, then noise.
        let channelSpread = RicianFade.moments(kFactordB: signal.channelFadingKdB ?? 40).sd
        signal.packetNoise = Swift.max(0, 0.52 * variance - channelSpread * channelSpread).squareRoot()
        return TwinRadio(signal: signal, offsets: offsets, advertising: .danisBeacon, scanner: danisReceiver)
    }
}

extension TwinRadio {
    /// The Danis fit on all six tracks (`SignalParameters()` defaults, no till offsets).
    public static var danisDefault: TwinRadio {
        TwinRadio(signal: SignalParameters(), offsets: [:], advertising: .danisBeacon, scanner: danisReceiver)
    }
}
