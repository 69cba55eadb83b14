import MizanRadio
import MizanGeometry
import MizanProtocol
import MizanSim
import MizanFormats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fits a `TwinRadio` to training tracks (a trace in format v1 whose phones
/// are the tracks), so that a held-out track can be simulated without its own
/// data (leave one track out). What it fits, and how (`docs/signal-model.md`):
///
/// - `mizan calibrate`'s model: reference RSSI, exponent, per-till offsets,
///   residual sigma; each till's own line, its exponent drawn toward the
///   shared one as far as the rows leave it in doubt (`ExponentShrinkage`).
/// - Advertising (`air`), each receiver on its own: its rows within 10 ms of
///   each other are one event's; the gaps between its events are whole
///   numbers of periods, the period the median of those near the shortest;
///   advInterval is the period less half the 10 ms advDelay; the spacing
///   between channels is the median gap between two reports of one event at
///   one till; the events the phone sent are its span over the period.
/// - Scanning: with continuous scanning that changes channel every `I`, an
///   event straddles a change with probability `2s/I` and then one time in
///   three the till reports two of its packets, one time in three none; each
///   heard packet is then lost with probability `q`. The share of (event, till)
///   pairs with two reports (`b (1-q)^2`) and with none
///   (`b + (1-2b) q + b q^2`, `b = 2s/3I`) give `I` and `q`.
/// - Direction: the residuals against the cosine and sine of the angle between
///   where the carrier faced (the trace's heading, or the way they walked)
///   and the bearing to the till, by least squares, give the carried
///   device's gain by direction (`DirectionGain`); the tills' offsets move to
///   its zero and the residuals lose what it explains.
/// - What each (till, track) holds of its own (`drift`, `TrackDrift`): pairs
///   of one till's rows of one track 0.1-1.2, 2.4-4.8 and 19.2-30 s apart,
///   less the shared field's part, give a part that wanders in time and a
///   constant one; where they do, it replaces the link fade held per stand.
/// - The residuals' correlation, pairs of rows of one till: between different
///   tracks (only a fixed field can correlate them) under 0.25 m and at
///   0.75-1.5 m give the shadowing's share and length (exponential); within
///   one track, different events, 0.01-0.1 m and 0.1-0.25 m give what fading
///   adds (its share and length); the rest is per-packet noise. The fading's
///   share of variance is turned into a Rician K factor.
/// - The room's own shadowing where the training tracks passed
///   (`RoomShadowingMap`), in place of the share of the random field it
///   explains.
public struct TwinFit: Sendable {
    public let radio: TwinRadio
    public let calibration: Calibration
    public let shadowingShare: Double
    public let fadingShare: Double
    /// (event, till) pairs with no report and with two or more.
    public let missedShare: Double
    public let doubleShare: Double
    /// Skewness of the training residuals (the channel fade's K is fitted to it).
    public let residualSkewness: Double
    /// sd of the residuals from each till's own line, dB (what shadowing, fading and noise share).
    public let residualSigma: Double
    /// What the training tracks could not give, each taken from the Danis fit
    /// (`SignalParameters`' defaults) instead, with the reason; empty when everything was fitted.
    public let assumed: [String]
    /// The room's fixed shadowing where the training tracks passed (`RoomShadowingMap`).
    public let roomMap: RoomShadowingMap

    /// The tills' loss toward steep angles, per mounting height (`ElevationLoss`; none when fitted without it).
    public let elevationLoss: ElevationLoss
    /// The carried device's gain by direction, fitted on the residuals (`DirectionGain`; none with `Structure.direction` off).
    public let direction: DirectionGain
    /// What each (till, track) holds of its own (`TrackDrift`), and its two parts' shares of the residual variance.
    public let trackDrift: TrackDrift
    public let trackDriftShare: Double
    public let trackOffsetShare: Double
    /// Whether the training trace gave its carriers' headings (else they face the way they walk: `RecordedPath`).
    public let headingsRecorded: Bool

    /// Per till, the share of its own exponent's difference from the shared one the fit kept (`ExponentShrinkage`).
    public let exponentKept: [TillID: Double]
    /// What the fit was built with.
    public let structure: Structure

    /// How the fit is built. The defaults are the structure chosen on both
    /// rooms in the repository together (the Danis tracks and the flat's
    /// calibration runs, leave one track out in each: `docs/digital-twin.md`,
    /// "Choosing the structure"); the others are there to rerun that table.
    public struct Structure: Sendable, Equatable {
        /// Put the room's own shadowing where the training tracks passed into the radio
        /// (`RoomShadowingMap`; the map is fitted and reported either way).
        public var roomMap: Bool
        /// Draw each till's exponent toward the shared one (`ExponentShrinkage`); else each keeps its own.
        public var shrinkExponents: Bool
        /// Fit the carried device's gain by direction (`DirectionGain`); else none.
        public var direction: Bool
        /// Fit the tills' loss toward steep angles (`ElevationLoss`): an experiment that makes both rooms worse.
        public var elevation: Bool
        public init(roomMap: Bool = true, shrinkExponents: Bool = true, direction: Bool = true, elevation: Bool = false) {
            self.roomMap = roomMap; self.shrinkExponents = shrinkExponents; self.direction = direction; self.elevation = elevation
        }
    }

    /// The most pairs of residuals a fit correlates (`TwinFitSpread.pairs`, `TwinFitDrift.pairs`),
    /// refused with the fit's other errors: about 15 s here at the slowest rate seen (ten tracks
    /// of 6,300 rows within 1.5 m: 8.9 x 10^8 pairs a fit, 13.6 s; a phone standing within 3 m of six
    /// tills and heard 1,000 times a second, 80,000 rows: 7.2 x 10^8 pairs, 4.6 s of a 5.0 s fit).
    /// `mizan twin` bounds all its fits' pairs together (`MIZAN_FIT_LIMIT`) and passes its limit here.
    public static let maximumPairs = 1_000_000_000.0

    /// At least as many pairs as a fit on `trace` correlates, from its heard rows alone (every
    /// till's, where the fit pairs those of the tills it fitted): what a command bounds before
    /// any fit starts.
    public static func pairs(in trace: RSSITrace) -> Double {
        var xs: [TillID: [Double]] = [:], times: [String: [TillID: [Double]]] = [:]
        for row in trace.rows where row.rssi != RSSISample.notAvailable {
            xs[row.till, default: []].append(row.position.x)
            times[row.phone, default: [:]][row.till, default: []].append(row.t)
        }
        let spread = xs.values.reduce(0) { $0 + TwinFitSpread.pairs(alongX: $1.sorted()) }
        let drift = times.values.reduce(0) { total, series in total + series.values.reduce(0) { $0 + TwinFitDrift.pairs(inTime: $1.sorted()) } }
        return spread + drift
    }

    /// Fits the radio on `trace`; `maximumPairs` bounds the pairs of residuals it correlates.
    public init(_ trace: RSSITrace, structure: Structure = Structure(), maximumPairs: Double = TwinFit.maximumPairs) throws(CalibrationError) {
        self.structure = structure
        let calibration = try Calibration(trace)
        self.calibration = calibration
        let tillPositions = Dictionary(uniqueKeysWithValues: trace.tills.map { ($0.id, $0.position) })
        let heardTills = calibration.tillOffsets.map(\.till)

        // Each step fits one quantity on what the steps before it left (the files beside this one).
        var lines = TwinFitLines.lines(trace, calibration: calibration, tillPositions: tillPositions,
                               elevation: structure.elevation, shrink: structure.shrinkExponents)
        exponentKept = lines.kept
        elevationLoss = lines.elevation
        var points = TwinFitDirection.residuals(trace, lines: lines, calibration: calibration, tillPositions: tillPositions)
        direction = structure.direction ? TwinFitDirection.direction(&points, offsets: &lines.offsets) : .none
        headingsRecorded = !trace.phones.isEmpty && trace.hasHeadings

        // Advertising and scanning, from the packets' own timing.
        var byPhone: [String: [RSSITrace.Row]] = [:]
        for row in trace.rows where row.rssi != RSSISample.notAvailable { byPhone[row.phone, default: []].append(row) }
        let air = TwinFitAir.air(trace.phones.map { byPhone[$0] ?? [] }, tills: heardTills)
        missedShare = air.missedShare
        doubleShare = air.doubleShare

        // The residual variance (each till's line took two degrees of freedom) and its correlated parts.
        let dof = Swift.max(1, points.count - 2 * heardTills.count)
        let variance = points.reduce(0) { $0 + $1.residual * $1.residual } / Double(dof)
        residualSigma = variance.squareRoot()
        // The spread and the drift look at pairs of residuals near in place or time, which grow as
        // the square of the rows where a recording is dense: bound them before either is fitted.
        let lists = TwinFitSpread.lists(points, tills: heardTills)
        let series = TwinFitDrift.series(points.map { TwinFitDrift.SeriesResidual(series: $0.phone << 32 | Int($0.till.rawValue), t: $0.t, x: $0.x, y: $0.y, residual: $0.residual) })
        let pairs = TwinFitSpread.pairs(lists) + TwinFitDrift.pairs(series)
        guard pairs <= maximumPairs else {
            throw CalibrationError("\(points.count) heard rows give \(Int(pairs.rounded())) pairs of residuals to correlate (those of one till under \(TwinFitSpread.far.upperBound) m apart along x, and of one till and track at most \(Int(TwinFitDrift.widestLag)) s apart), over the \(Int(maximumPairs)) allowed: fit on a sparser recording (fewer rows a second), or on fewer tracks")
        }
        var spread = TwinFitSpread.spread(lists, variance: variance)
        assumed = air.assumed + spread.assumed
        // What each (till, track) holds of its own in time (`TrackDrift`): where the pairs give it,
        // it takes the place of the link fade held per stand walked.
        let driftFit = TwinFitDrift.drift(series, variance: variance, shadowShare: spread.shadowShare, shadowLength: spread.shadowLength)
        if driftFit.share > 0 { spread.fadeShare = 0 }
        trackDrift = TrackDrift(sigma: (driftFit.share * variance).squareRoot(), timeConstant: driftFit.timeConstant,
                                offsetSigma: (driftFit.offsetShare * variance).squareRoot())
        trackDriftShare = driftFit.share
        trackOffsetShare = driftFit.offsetShare
        // The parts other than per-packet noise hold at most 95 % of the variance.
        spread.fadeShare = Swift.max(0, Swift.min(spread.fadeShare, 0.95 - spread.shadowShare - driftFit.share - driftFit.offsetShare))
        shadowingShare = spread.shadowShare
        fadingShare = spread.fadeShare
        let shadowShare = spread.shadowShare, fadeShare = spread.fadeShare

        var signal = SignalParameters()
        signal.referenceRSSI = calibration.referenceRSSI
        signal.pathLossExponent = calibration.pathLossExponent
        signal.shadowingSigma = (shadowShare * variance).squareRoot()
        signal.shadowingLength = spread.shadowLength
        signal.fadingKdB = fadeShare > 0 ? RicianFade.kFactor(forSpread: (fadeShare * variance).squareRoot()) : 40
        signal.fadingLength = spread.fadeLength
        let rest = Swift.max(0, 1 - shadowShare - fadeShare - driftFit.share - driftFit.offsetShare) * variance
        let perPacket = TwinFitSpread.perPacket(points, variance: variance, rest: rest,
                                       linkThird: fadeShare > 0 ? RicianFade.moments(kFactordB: signal.fadingKdB).third : 0)
        residualSkewness = perPacket.skewness
        signal.channelFadingKdB = perPacket.channelK
        signal.packetNoise = perPacket.noise
        let lowest = trace.rows.lazy.filter { $0.rssi != RSSISample.notAvailable }.map(\.rssi).min() ?? -95
        signal.sensitivity = Double(lowest) - 0.5
        var radio = TwinRadio(signal: signal, offsets: lines.offsets, advertising: air.advertising, scanner: air.scanner)
        radio.exponents = lines.exponents
        radio.elevationLoss = lines.elevation
        radio.direction = direction
        radio.trackDrift = trackDrift
        // The room's own shadowing where the training tracks passed: it replaces
        // the share of the random field it explains (at most all of it).
        let mapPoints = points.map {
            RoomShadowingMap.Point(till: $0.till, x: $0.x, y: $0.y, track: $0.phone, residual: $0.residual)
        }
        let mapEntries = RoomShadowingMap.entries(mapPoints)
        guard mapEntries <= Double(RoomShadowingMap.maximumEntries) else {
            throw CalibrationError("the heard rows span too large an area for the room map (RoomShadowingMap: a \(RoomShadowingMap.cell) m grid per till would hold \(Int(mapEntries.rounded())) entries, over the \(RoomShadowingMap.maximumEntries) allowed): check the trace's x and y, or split the recording by area")
        }
        let innerWork = RoomShadowingMap.innerWork(mapPoints, entries: mapEntries)
        guard innerWork <= RoomShadowingMap.maximumInnerWork else {
            let tracks = Set(mapPoints.map(\.track)).count
            throw CalibrationError("\(tracks) training tracks of \(mapPoints.count) heard rows: the room map's inner leave-one-track-out would build a map of the others for each, \(Int(innerWork.rounded())) units of work (tracks x (rows + the map's \(Int(mapEntries.rounded())) entries)), over the \(Int(RoomShadowingMap.maximumInnerWork)) allowed: join short tracks of one phone into one, or fit on fewer tracks")
        }
        roomMap = RoomShadowingMap.fitted(points: mapPoints, variance: variance)
        if structure.roomMap {
            radio.roomShadowing = roomMap
            radio.roomShadowingShare = shadowShare > 0 ? Swift.min(1, roomMap.explainedShare / shadowShare) : 0
        }
        self.radio = radio
    }

    /// `b` (the chance an event straddles a channel change, over three) and
    /// `q` (the loss) from the shares of (event, till) pairs with no report and with two.
    static func solveScanning(missed: Double, doubled: Double) -> (b: Double, q: Double) {
        var low = 0.0, high = 0.99
        func b(_ q: Double) -> Double { Swift.min(0.5, doubled / ((1 - q) * (1 - q))) }
        func excess(_ q: Double) -> Double { let bq = b(q); return bq + (1 - 2 * bq) * q + bq * q * q - missed }
        if excess(low) >= 0 { return (b(0), 0) }
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if excess(middle) > 0 { high = middle } else { low = middle }
        }
        let q = (low + high) / 2
        return (b(q), q)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The fit as JSON (each comparison's `fit` in what `mizan twin --json` writes).
    public var json: JSON {
        let s = radio.signal
        return .object([
            ("referenceRSSI", .fixed(s.referenceRSSI, digits: 2)),
            ("pathLossExponent", .fixed(s.pathLossExponent, digits: 3)),
            ("packetSigma", .fixed(calibration.packetSigma, digits: 2)),
            ("residualSigma", .fixed(residualSigma, digits: 2)),
            ("shadowingShare", .fixed(shadowingShare, digits: 3)),
            ("shadowingSigma", .fixed(s.shadowingSigma, digits: 2)),
            ("shadowingLength", .fixed(s.shadowingLength, digits: 2)),
            ("fadingShare", .fixed(fadingShare, digits: 3)),
            ("fadingKdB", .fixed(s.fadingKdB, digits: 2)),
            ("fadingLength", .fixed(s.fadingLength, digits: 3)),
            ("residualSkewness", .fixed(residualSkewness, digits: 3)),
            ("channelFadingKdB", s.channelFadingKdB.map { .fixed($0, digits: 2) } ?? .null),
            ("assumedFromTheDanisFit", .array(assumed.map(JSON.string))),
            ("packetNoise", .fixed(s.packetNoise, digits: 2)),
            ("sensitivity", .fixed(s.sensitivity, digits: 1)),
            ("advertisingInterval", .fixed(radio.advertising.interval, digits: 5)),
            ("packetSpacing", .fixed(radio.advertising.packetSpacing, digits: 4)),
            ("scanInterval", .fixed(radio.scanner.interval, digits: 4)),
            ("reportLoss", .fixed(radio.scanner.reportLoss, digits: 3)),
            ("missedShare", .fixed(missedShare, digits: 3)),
            ("trackDriftShare", .fixed(trackDriftShare, digits: 3)),
            ("trackDriftTimeConstant", .fixed(trackDrift.timeConstant, digits: 2)),
            ("trackOffsetShare", .fixed(trackOffsetShare, digits: 3)),
            ("directionSwingDB", .fixed(direction.swing, digits: 2)),
            ("directionBestDegrees", .fixed(direction.best * 180 / .pi, digits: 1)),
            ("headingsRecorded", .bool(headingsRecorded)),
            ("elevationLossBySineDB", .array(elevationLoss.coefficients.keys.sorted().map { till in
                .object([("till", .int(Int(till.rawValue))), ("coefficient", .fixed(elevationLoss.coefficients[till] ?? 0, digits: 2))])
            })),
            ("exponentsShrunk", .bool(structure.shrinkExponents)),
            ("tillExponents", .array(exponentKept.keys.sorted().map { till in
                .object([("till", .int(Int(till.rawValue))), ("exponent", radio.exponents[till].map { .fixed($0, digits: 3) } ?? .null),
                         ("ownShareKept", .fixed(exponentKept[till] ?? 0, digits: 3))])
            })),
            ("roomMapSlope", .fixed(roomMap.slope, digits: 3)),
            ("roomMapExplainedShare", .fixed(roomMap.explainedShare, digits: 3)),
            ("roomMapCoverage", .fixed(roomMap.coverage, digits: 3)),
            ("roomMapInUse", .bool(radio.roomShadowing != nil)),
            ("roomMapReplacesShadowingShare", .fixed(radio.roomShadowingShare, digits: 3)),
            ("doubleShare", .fixed(doubleShare, digits: 4)),
        ])
    }
}
