import MizanProtocol
import MizanRadio
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum TwinFitSpread {
    /// Pairs of one till's residuals, by how they are apart, whose mean product (over the
    /// residual variance) says how much of the variance each part of the spread holds.
    enum PairBin: Int, CaseIterable {
        /// Two tracks, under `near` apart: only a fixed field (shadowing) correlates them.
        case otherTrackNear
        /// Two tracks, `far` apart: the shadowing's fall gives its length.
        case otherTrackFar
        /// One track, different events, `fadeNear` apart: what fading adds to the shadowing.
        case sameTrackNear
        /// One track, `fadeFar` apart: the fading's fall gives its length.
        case sameTrackFar
    }
    /// Metres: the shadowing's two bins (pairs from two tracks)...
    static let near = 0.25, far = 0.75..<1.5
    /// ...and the fading's (pairs of one track, at least `sameEventGap` s apart so that they are two events).
    static let fadeNear = 0.01..<0.1, fadeFar = 0.1..<0.25
    static let sameEventGap = 0.1
    /// A bin's correlation is read with more pairs than this.
    static let leastPairs = 30
    /// What the training tracks cannot give is the Danis fit's (`docs/digital-twin.md`):
    /// shadowing 19 % of the residual variance over 1.7 m, the link fade 29 % over 0.17 m.
    static let danisShadowing = (share: 0.19, length: 1.7), danisFading = (share: 0.29, length: 0.17)
    /// Bounds the fitted lengths (m) and the shadowing's share are kept within.
    static let shadowingLengths = 0.3...10.0, fadingLengths = 0.02...2.0, largestShadowingShare = 0.9

    /// The residual variance's correlated parts: the shadowing's share and length, the link fade's, and what was assumed.
    struct SpreadFit {
        var shadowShare: Double, shadowLength: Double
        var fadeShare: Double, fadeLength: Double
        var assumed: [String]
    }

    /// The shadowing and the link fade from the residuals' correlation in `PairBin`'s bins
    /// (each an exponential in distance, its length from the fall between its two bins).
    /// Each of `tills`' residual points in order of x: the lists `spread` pairs within.
    static func lists(_ points: [TwinFitDirection.ResidualPoint], tills: [TillID]) -> [[TwinFitDirection.ResidualPoint]] {
        var byTill: [TillID: [TwinFitDirection.ResidualPoint]] = [:]
        for point in points { byTill[point.till, default: []].append(point) }
        return tills.map { (byTill[$0] ?? []).sorted { $0.x < $1.x } }
    }

    /// How many pairs `spread` looks at: those of one list under `far.upperBound` apart in x.
    static func pairs(_ lists: [[TwinFitDirection.ResidualPoint]]) -> Double {
        lists.reduce(0) { total, list in total + pairs(alongX: list.map(\.x)) }
    }

    /// The pairs of one till's ascending `xs` that `spread` looks at.
    static func pairs(alongX xs: [Double]) -> Double {
        TwinFitDrift.pairs(xs, within: far.upperBound, closed: false)
    }

    static func spread(_ lists: [[TwinFitDirection.ResidualPoint]], variance: Double) -> SpreadFit {
        let bins = PairBin.allCases.count
        var sums = [Double](repeating: 0, count: bins), counts = sums, separations = sums
        for list in lists {
            for i in list.indices {
                var j = i + 1
                while j < list.count, list[j].x - list[i].x < far.upperBound {
                    let a = list[i], c = list[j]
                    let d = ((a.x - c.x) * (a.x - c.x) + (a.y - c.y) * (a.y - c.y)).squareRoot()
                    var bin: PairBin?
                    if a.phone != c.phone {
                        if d < near { bin = .otherTrackNear } else if far.contains(d) { bin = .otherTrackFar }
                    } else if abs(a.t - c.t) > sameEventGap {
                        if fadeNear.contains(d) { bin = .sameTrackNear } else if fadeFar.contains(d) { bin = .sameTrackFar }
                    }
                    if let bin {
                        sums[bin.rawValue] += a.residual * c.residual
                        counts[bin.rawValue] += 1
                        separations[bin.rawValue] += d
                    }
                    j += 1
                }
            }
        }
        func correlation(_ bin: PairBin) -> Double? {
            counts[bin.rawValue] > Double(leastPairs) ? sums[bin.rawValue] / counts[bin.rawValue] / variance : nil
        }
        func separation(_ bin: PairBin) -> Double { counts[bin.rawValue] > 0 ? separations[bin.rawValue] / counts[bin.rawValue] : 0 }
        var fit = SpreadFit(shadowShare: danisShadowing.share, shadowLength: danisShadowing.length,
                            fadeShare: danisFading.share, fadeLength: danisFading.length, assumed: [])
        if let c0 = correlation(.otherTrackNear), let c1 = correlation(.otherTrackFar), c0 > 0 {
            if c1 > 0 && c1 < c0 {
                fit.shadowLength = Swift.min(shadowingLengths.upperBound, Swift.max(shadowingLengths.lowerBound,
                                             (separation(.otherTrackFar) - separation(.otherTrackNear)) / log(c0 / c1)))
            } else {
                fit.assumed.append("shadowing length (its correlation does not fall from 0.25 m to 0.75-1.5 m)")
            }
            fit.shadowShare = Swift.min(largestShadowingShare, c0 * exp(separation(.otherTrackNear) / fit.shadowLength))
        } else {
            fit.assumed.append("shadowing share and length (fewer than 31 pairs of rows from two tracks under 0.25 m or 0.75-1.5 m apart, or no correlation under 0.25 m)")
        }
        if let s1 = correlation(.sameTrackNear), let s2 = correlation(.sameTrackFar) {
            let e1 = s1 - fit.shadowShare * exp(-separation(.sameTrackNear) / fit.shadowLength)
            let e2 = s2 - fit.shadowShare * exp(-separation(.sameTrackFar) / fit.shadowLength)
            if e1 > 0 {
                if e2 > 0 && e2 < e1 {
                    fit.fadeLength = Swift.min(fadingLengths.upperBound, Swift.max(fadingLengths.lowerBound,
                                               (separation(.sameTrackFar) - separation(.sameTrackNear)) / log(e1 / e2)))
                } else {
                    fit.assumed.append("fading length (what fading adds does not fall from 0.01-0.1 m to 0.1-0.25 m)")
                }
                fit.fadeShare = e1 * exp(separation(.sameTrackNear) / fit.fadeLength)
            } else {
                fit.fadeShare = 0
            }
        } else {
            fit.assumed.append("fading share and length (fewer than 31 pairs of one track's rows 0.01-0.25 m apart)")
        }
        return fit
    }

    /// What is left per packet, `rest` dB^2: each channel's own Rician fade (held per stand like
    /// the link's, but readings of one till on two events are mostly on different channels, so it
    /// correlates with nothing the pair bins measure), its K chosen so the residuals' skewness
    /// matches the training tracks' (less the link fade's part, `linkThird`), and Gaussian noise.
    static func perPacket(_ points: [TwinFitDirection.ResidualPoint], variance: Double, rest: Double,
                          linkThird: Double) -> (skewness: Double, channelK: Double?, noise: Double) {
        let n = Double(points.count)
        let meanResidual = points.reduce(0) { $0 + $1.residual } / Swift.max(n, 1)
        let thirdMoment = points.reduce(0) { $0 + ($1.residual - meanResidual) * ($1.residual - meanResidual) * ($1.residual - meanResidual) } / Swift.max(n, 1)
        let skewness = thirdMoment / (variance * variance.squareRoot())
        let wanted = thirdMoment - linkThird
        var channelK: Double?
        if wanted < 0 {
            // Bisection on K (dB): the fade's third moment grows toward 0 as K grows; its variance must fit in `rest`.
            var low = -10.0, high = 40.0
            while high - low > 0.01 {
                let middle = (low + high) / 2
                let m = RicianFade.moments(kFactordB: middle)
                if m.third < wanted || m.sd * m.sd > rest { low = middle } else { high = middle }
            }
            channelK = high
        }
        let channelVariance = channelK.map { RicianFade.moments(kFactordB: $0).sd } .map { $0 * $0 } ?? 0
        return (skewness, channelK, Swift.max(0, rest - channelVariance).squareRoot())
    }
}
