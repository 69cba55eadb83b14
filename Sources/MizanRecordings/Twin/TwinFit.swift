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
///   residual sigma.
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
    /// The carried device's gain by direction, fitted on the residuals (`DirectionGain`).
    public let direction: DirectionGain
    /// What each (till, track) holds of its own (`TrackDrift`), and its two parts' shares of the residual variance.
    public let trackDrift: TrackDrift
    public let trackDriftShare: Double
    public let trackOffsetShare: Double
    /// Whether the training trace gave its carriers' headings (else they face the way they walk: `RecordedPath`).
    public let headingsRecorded: Bool

    /// Two experiments, off by default because on the Danis tracks each makes
    /// the twin's per-track accuracy worse (`docs/digital-twin.md`): `roomMap`
    /// puts the room's own shadowing where the training tracks passed into the
    /// radio (`RoomShadowingMap`; the map is fitted and reported either way),
    /// `elevation` fits the tills' loss toward steep angles (`ElevationLoss`).
    public init(_ trace: RSSITrace, roomMap useRoomMap: Bool = false, elevation: Bool = false) throws(CalibrationError) {
        let calibration = try Calibration(trace)
        self.calibration = calibration
        var offsets: [TillID: Double] = [:]
        for entry in calibration.tillOffsets { offsets[entry.till] = entry.offset }
        let tillPositions = Dictionary(uniqueKeysWithValues: trace.tills.map { ($0.id, $0.position) })
        let heardTills = calibration.tillOffsets.map(\.till)
        // Each till's own line, rssi = a + b x with x = -10 log10 d (the Danis
        // receivers' exponents differ), less the loss toward steep angles of
        // the tills' mounting height (`ElevationLoss`), fitted jointly; offset =
        // a - reference. The residuals below, whose variance the rest of the
        // model splits, are from these lines.
        var exponents: [TillID: Double] = [:]
        var fittedElevation = ElevationLoss.none
        do {
            var readings: [ElevationLoss.Reading] = []
            for row in trace.rows where row.rssi != RSSISample.notAvailable {
                guard let position = tillPositions[row.till] else { continue }
                readings.append(ElevationLoss.Reading(till: row.till, x: -10 * log10(PathLoss.clamped(row.position.distance(to: position))),
                                                      sine: elevation ? ElevationLoss.sine(till: position, phone: row.position) : 0,
                                                      rssi: Double(row.rssi)))
            }
            let fit = ElevationLoss.fitted(readings, tills: trace.tills)
            for till in heardTills {
                guard let line = fit.lines[till] else { continue }
                exponents[till] = line.b
                offsets[till] = line.a - calibration.referenceRSSI
            }
            fittedElevation = fit.loss
        }
        elevationLoss = fittedElevation

        // Rows by phone, with residuals and the angle from the carrier's heading to the till.
        struct Point { let till: TillID; let t: Double; let x: Double; let y: Double; let phone: Int; var residual: Double; let angle: Double }
        var points: [Point] = []
        var byPhone: [String: [RSSITrace.Row]] = [:]
        for row in trace.rows where row.rssi != RSSISample.notAvailable { byPhone[row.phone, default: []].append(row) }
        for (phoneIndex, phone) in trace.phones.enumerated() {
            let path = RecordedPath(byPhone[phone] ?? [])
            for row in byPhone[phone] ?? [] {
                guard let position = tillPositions[row.till] else { continue }
                let pathLoss = PathLoss(referenceRSSI: calibration.referenceRSSI, exponent: exponents[row.till] ?? calibration.pathLossExponent)
                let mean = pathLoss.meanRSSI(log10Distance: log10(PathLoss.clamped(row.position.distance(to: position))))
                    + (offsets[row.till] ?? 0)
                    - fittedElevation.loss(till: row.till, tillPosition: position, phone: row.position)
                let bearing = DirectionGain.bearing(fromX: row.position.x, y: row.position.y, toX: position.x, toY: position.y)
                points.append(Point(till: row.till, t: row.t, x: row.position.x, y: row.position.y, phone: phoneIndex,
                                    residual: Double(row.rssi) - mean, angle: bearing - path.heading(at: row.t)))
            }
        }

        // The carried device's gain by direction (`DirectionGain`): the residuals' cosine and sine
        // of the angle, each centred on its till's mean (the lines above were fitted at those
        // means), by least squares. Each till's offset moves to the gain's zero, and the residuals
        // lose what the gain explains before the rest of the model splits them.
        do {
            var sums: [TillID: (cos: Double, sin: Double, n: Double)] = [:]
            for point in points { let s = sums[point.till] ?? (0, 0, 0); sums[point.till] = (s.cos + cos(point.angle), s.sin + sin(point.angle), s.n + 1) }
            func centred(_ point: Point) -> (c: Double, s: Double) {
                let s = sums[point.till] ?? (0, 0, 1)
                return (cos(point.angle) - s.cos / s.n, sin(point.angle) - s.sin / s.n)
            }
            var cc = 0.0, cs = 0.0, ss = 0.0, cr = 0.0, sr = 0.0
            for point in points {
                let (c, s) = centred(point)
                cc += c * c; cs += c * s; ss += s * s; cr += c * point.residual; sr += s * point.residual
            }
            let determinant = cc * ss - cs * cs
            let p = determinant > 1e-9 * Swift.max(1, cc * ss) ? (cr * ss - sr * cs) / determinant : 0
            let q = determinant > 1e-9 * Swift.max(1, cc * ss) ? (sr * cc - cr * cs) / determinant : 0
            let direction = DirectionGain(swing: 2 * (p * p + q * q).squareRoot(), best: atan2(q, p))
            for (till, s) in sums where s.n > 0 {
                offsets[till] = (offsets[till] ?? 0) - (-direction.swing / 2 + p * s.cos / s.n + q * s.sin / s.n)
            }
            for index in points.indices {
                let (c, s) = centred(points[index])
                points[index].residual -= p * c + q * s
            }
            self.direction = direction
            headingsRecorded = !trace.phones.isEmpty && trace.hasHeadings
        }

        // Advertising and scanning, from the packets' own timing.
        let air = Self.air(trace.phones.map { byPhone[$0] ?? [] }, tills: heardTills)
        missedShare = air.missedShare
        doubleShare = air.doubleShare
        var assumed = air.assumed
        let advertising = air.advertising, scanner = air.scanner

        // Correlation of residuals.
        let dof = Swift.max(1, points.count - 2 * heardTills.count)
        let variance = points.reduce(0) { $0 + $1.residual * $1.residual } / Double(dof)
        residualSigma = variance.squareRoot()
        var sums = [Double](repeating: 0, count: 4), counts = [Double](repeating: 0, count: 4), separations = [Double](repeating: 0, count: 4)
        // 0: other track < 0.25 m; 1: other track 0.75-1.5 m; 2: same track 0.01-0.1 m; 3: same track 0.1-0.25 m.
        var byTill: [TillID: [Point]] = [:]
        for point in points { byTill[point.till, default: []].append(point) }
        for till in heardTills {
            let list = (byTill[till] ?? []).sorted { $0.x < $1.x }
            for i in list.indices {
                var j = i + 1
                while j < list.count, list[j].x - list[i].x < 1.5 {
                    let a = list[i], c = list[j]
                    let d = ((a.x - c.x) * (a.x - c.x) + (a.y - c.y) * (a.y - c.y)).squareRoot()
                    var bin = -1
                    if a.phone != c.phone {
                        if d < 0.25 { bin = 0 } else if d >= 0.75 && d < 1.5 { bin = 1 }
                    } else if abs(a.t - c.t) > 0.1 {
                        if d >= 0.01 && d < 0.1 { bin = 2 } else if d >= 0.1 && d < 0.25 { bin = 3 }
                    }
                    if bin >= 0 {
                        sums[bin] += a.residual * c.residual
                        counts[bin] += 1
                        separations[bin] += d
                    }
                    j += 1
                }
            }
        }
        func correlation(_ bin: Int) -> Double? { counts[bin] > 30 ? sums[bin] / counts[bin] / variance : nil }
        func separation(_ bin: Int) -> Double { counts[bin] > 0 ? separations[bin] / counts[bin] : 0 }
        var shadowLength = 1.7, shadowShare = 0.19
        if let c0 = correlation(0), let c1 = correlation(1), c0 > 0 {
            if c1 > 0 && c1 < c0 {
                shadowLength = Swift.min(10, Swift.max(0.3, (separation(1) - separation(0)) / log(c0 / c1)))
            } else {
                assumed.append("shadowing length (its correlation does not fall from 0.25 m to 0.75-1.5 m)")
            }
            shadowShare = Swift.min(0.9, c0 * exp(separation(0) / shadowLength))
        } else {
            assumed.append("shadowing share and length (fewer than 31 pairs of rows from two tracks under 0.25 m or 0.75-1.5 m apart, or no correlation under 0.25 m)")
        }
        var fadeLength = 0.17, fadeShare = 0.29
        if let s1 = correlation(2), let s2 = correlation(3) {
            let e1 = s1 - shadowShare * exp(-separation(2) / shadowLength)
            let e2 = s2 - shadowShare * exp(-separation(3) / shadowLength)
            if e1 > 0 {
                if e2 > 0 && e2 < e1 {
                    fadeLength = Swift.min(2, Swift.max(0.02, (separation(3) - separation(2)) / log(e1 / e2)))
                } else {
                    assumed.append("fading length (what fading adds does not fall from 0.01-0.1 m to 0.1-0.25 m)")
                }
                fadeShare = e1 * exp(separation(2) / fadeLength)
            } else {
                fadeShare = 0
            }
        } else {
            assumed.append("fading share and length (fewer than 31 pairs of one track's rows 0.01-0.25 m apart)")
        }
        self.assumed = assumed
        // What each (till, track) holds of its own in time (`TrackDrift`): where the pairs give it,
        // it takes the place of the link fade held per stand walked.
        let driftFit = Self.drift(points.map { SeriesResidual(series: $0.phone << 32 | Int($0.till.rawValue), t: $0.t, x: $0.x, y: $0.y, residual: $0.residual) },
                                  variance: variance, shadowShare: shadowShare, shadowLength: shadowLength)
        if driftFit.share > 0 { fadeShare = 0 }
        trackDrift = TrackDrift(sigma: (driftFit.share * variance).squareRoot(), timeConstant: driftFit.timeConstant,
                                offsetSigma: (driftFit.offsetShare * variance).squareRoot())
        trackDriftShare = driftFit.share
        trackOffsetShare = driftFit.offsetShare
        fadeShare = Swift.max(0, Swift.min(fadeShare, 0.95 - shadowShare - driftFit.share - driftFit.offsetShare))
        shadowingShare = shadowShare
        fadingShare = fadeShare

        var signal = SignalParameters()
        signal.referenceRSSI = calibration.referenceRSSI
        signal.pathLossExponent = calibration.pathLossExponent
        signal.shadowingSigma = (shadowShare * variance).squareRoot()
        signal.shadowingLength = shadowLength
        signal.fadingKdB = fadeShare > 0 ? RicianFade.kFactor(forSpread: (fadeShare * variance).squareRoot()) : 40
        signal.fadingLength = fadeLength
        // The rest: each channel's own Rician fade (held per stand like the link's, but readings of
        // one till on two events are mostly on different channels, so it correlates with nothing the
        // bins above measure), K chosen so the residuals' skewness matches the training tracks', and
        // Gaussian noise.
        let rest = Swift.max(0, 1 - shadowShare - fadeShare - driftFit.share - driftFit.offsetShare) * variance
        let n = Double(points.count)
        let meanResidual = points.reduce(0) { $0 + $1.residual } / Swift.max(n, 1)
        let thirdMoment = points.reduce(0) { $0 + ($1.residual - meanResidual) * ($1.residual - meanResidual) * ($1.residual - meanResidual) } / Swift.max(n, 1)
        residualSkewness = thirdMoment / (variance * variance.squareRoot())
        let linkThird = fadeShare > 0 ? RicianFade.moments(kFactordB: signal.fadingKdB).third : 0
        let wanted = thirdMoment - linkThird
        var channelK: Double?
        if wanted < 0 {
            // Bisection on K: the fade's third moment grows toward 0 as K grows; its variance must fit in `rest`.
            var low = -10.0, high = 40.0
            while high - low > 0.01 {
                let middle = (low + high) / 2
                let m = RicianFade.moments(kFactordB: middle)
                if m.third < wanted || m.sd * m.sd > rest { low = middle } else { high = middle }
            }
            channelK = high
        }
        signal.channelFadingKdB = channelK
        let channelVariance = channelK.map { RicianFade.moments(kFactordB: $0).sd } .map { $0 * $0 } ?? 0
        signal.packetNoise = Swift.max(0, rest - channelVariance).squareRoot()
        let lowest = trace.rows.lazy.filter { $0.rssi != RSSISample.notAvailable }.map(\.rssi).min() ?? -95
        signal.sensitivity = Double(lowest) - 0.5
        var radio = TwinRadio(signal: signal, offsets: offsets, advertising: advertising, scanner: scanner)
        radio.exponents = exponents
        radio.elevationLoss = fittedElevation
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
        roomMap = RoomShadowingMap.fitted(points: mapPoints, variance: variance)
        if useRoomMap {
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
            ("roomMapSlope", .fixed(roomMap.slope, digits: 3)),
            ("roomMapExplainedShare", .fixed(roomMap.explainedShare, digits: 3)),
            ("roomMapCoverage", .fixed(roomMap.coverage, digits: 3)),
            ("roomMapInUse", .bool(radio.roomShadowing != nil)),
            ("roomMapReplacesShadowingShare", .fixed(radio.roomShadowingShare, digits: 3)),
            ("doubleShare", .fixed(doubleShare, digits: 4)),
        ])
    }
}
