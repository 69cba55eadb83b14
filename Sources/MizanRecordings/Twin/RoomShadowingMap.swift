import MizanGeometry
import MizanProtocol
import MizanSim
import MizanRadio

/// The recorded room's own fixed shadowing, as far as the training tracks
/// show it: per till, the mean residual (RSSI less the till's own line) of the
/// training rows within `halfWidth` of a spot (a square, summed over a grid of
/// `cell` m), shrunk by `slope`. Where the training tracks passed, the twin
/// puts this mean in place of part of its random shadowing field, so a
/// held-out track walking where another track walked sees the same spots as
/// strong or weak as the room made them. Where no training track passed it
/// changes nothing.
///
/// Fit (training tracks only, the held-out track is never seen): an inner
/// leave-one-track-out over the training tracks predicts each from the others;
/// `slope` is the least-squares slope of the residual on that prediction
/// (through 0, clipped to 0...1) and `explainedShare` the share of the
/// residual variance it removes where a prediction exists. On the Danis
/// tracks (the inner fit of each leave-one-out fit, `mizan twin
/// --leave-one-out --json`, `fit`): slope 0.56-0.75, 7-9 % of the residual
/// variance explained on the 56-81 % of rows it covers; on the flat's runs
/// 0.46-0.64, 10-18 % on 42-81 %. In the twin by default (`mizan twin
/// --no-room-map` leaves it out): pooled it brings both rooms closer to
/// their recordings (`docs/digital-twin.md`, "Choosing the structure").
public struct RoomShadowingMap: Sendable {
    public struct Point: Sendable {
        public let till: TillID
        public let x: Double
        public let y: Double
        /// Which training track (for the inner leave-one-out).
        public let track: Int
        public let residual: Double
        public init(till: TillID, x: Double, y: Double, track: Int, residual: Double) {
            self.till = till; self.x = x; self.y = y; self.track = track; self.residual = residual
        }
    }

    /// Grid cell, m; half-width of the square averaged over, m; rows needed in it.
    public static let cell = 0.25, halfWidth = 1.0, minimumRows = 5.0
    /// Grid entries ((rows + 1) x (columns + 1) per till heard) a map may hold:
    /// 16 million, 256 MB in its two tables. The Danis tracks (18 x 18 m,
    /// 12 tills) take about 84,000; a recording spanning kilometres would
    /// otherwise ask for gigabytes.
    public static let maximumEntries = 16_000_000

    /// The work of the fit's inner leave-one-track-out (`fitted`), which builds a map for each
    /// training track from every other track's rows: tracks x (rows + the map's `entries`). At
    /// most 5 x 10^8, about 75 s at the slowest rate seen (tracks of one row each: 8,000 of them,
    /// 6.4 x 10^7, took 9.3 s here, and 16,000, 5.2 x 10^8, 76 s); the six Danis tracks (9,636
    /// rows, a map of about 84,000 entries) are about 6 x 10^5, and 48 copies of them 1.6 x 10^8.
    public static let maximumInnerWork = 500_000_000.0

    /// `maximumInnerWork`'s count for `points`, whose map holds `entries`; 0 for one track (no inner fit).
    public static func innerWork(_ points: [Point], entries: Double) -> Double {
        let tracks = Set(points.map(\.track)).count
        return tracks > 1 ? Double(tracks) * (Double(points.count) + entries) : 0
    }

    /// The grid entries the map of `points` holds (in `Double`: no overflow whatever the span).
    public static func entries(_ points: [Point]) -> Double {
        guard let first = points.first else { return 1 }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in points {
            minX = Swift.min(minX, point.x); maxX = Swift.max(maxX, point.x)
            minY = Swift.min(minY, point.y); maxY = Swift.max(maxY, point.y)
        }
        let margin = 2 * (halfWidth + cell)
        let columns = Swift.max(1, ((maxX - minX + margin) / cell).rounded(.up))
        let rows = Swift.max(1, ((maxY - minY + margin) / cell).rounded(.up))
        return (columns + 1) * (rows + 1) * Double(Set(points.map(\.till)).count)
    }
    public let slope: Double
    /// Share of the residual variance the map explains where it has rows (inner leave-one-out).
    public let explainedShare: Double
    /// Share of the till's rows (inner leave-one-out) for which the map had a prediction.
    public let coverage: Double
    private let originX: Double, originY: Double
    private let columns: Int, rows: Int
    private let tillIndex: [TillID: Int]
    /// Per till, summed-area tables ((rows + 1) x (columns + 1)) of residual sums and counts.
    private let sums: [[Double]], counts: [[Double]]

    /// The raw map (slope 1) of `points`.
    init(points: [Point], slope: Double = 1, explainedShare: Double = 0, coverage: Double = 0) {
        self.slope = slope
        self.explainedShare = explainedShare
        self.coverage = coverage
        let margin = Self.halfWidth + Self.cell
        let minX = (points.map(\.x).min() ?? 0) - margin, maxX = (points.map(\.x).max() ?? 0) + margin
        let minY = (points.map(\.y).min() ?? 0) - margin, maxY = (points.map(\.y).max() ?? 0) + margin
        originX = minX
        originY = minY
        columns = Swift.max(1, Int(((maxX - minX) / Self.cell).rounded(.up)))
        rows = Swift.max(1, Int(((maxY - minY) / Self.cell).rounded(.up)))
        var index: [TillID: Int] = [:]
        for till in Set(points.map(\.till)).sorted() { index[till] = index.count }
        tillIndex = index
        let width = columns + 1
        var sums = [[Double]](repeating: [Double](repeating: 0, count: (rows + 1) * width), count: index.count)
        var counts = sums
        for point in points {
            guard let t = index[point.till] else { continue }
            let c = Swift.min(columns - 1, Swift.max(0, Int((point.x - minX) / Self.cell)))
            let r = Swift.min(rows - 1, Swift.max(0, Int((point.y - minY) / Self.cell)))
            sums[t][(r + 1) * width + c + 1] += point.residual
            counts[t][(r + 1) * width + c + 1] += 1
        }
        for t in sums.indices {
            for r in 1...rows {
                for c in 1...columns {
                    let i = r * width + c
                    sums[t][i] += sums[t][i - 1] + sums[t][i - width] - sums[t][i - width - 1]
                    counts[t][i] += counts[t][i - 1] + counts[t][i - width] - counts[t][i - width - 1]
                }
            }
        }
        self.sums = sums
        self.counts = counts
    }

    /// The unshrunk mean residual of `till` around (x, y), nil with under `minimumRows` rows there.
    func raw(till: TillID, x: Double, y: Double) -> Double? {
        guard let t = tillIndex[till] else { return nil }
        let width = columns + 1
        func column(_ value: Double) -> Int { Swift.min(columns, Swift.max(0, Int(((value - originX) / Self.cell).rounded()))) }
        func row(_ value: Double) -> Int { Swift.min(rows, Swift.max(0, Int(((value - originY) / Self.cell).rounded()))) }
        let c0 = column(x - Self.halfWidth), c1 = column(x + Self.halfWidth)
        let r0 = row(y - Self.halfWidth), r1 = row(y + Self.halfWidth)
        guard c1 > c0, r1 > r0 else { return nil }
        func area(_ table: [Double]) -> Double {
            table[r1 * width + c1] - table[r0 * width + c1] - table[r1 * width + c0] + table[r0 * width + c0]
        }
        let n = area(counts[t])
        return n >= Self.minimumRows ? area(sums[t]) / n : nil
    }

    /// dB the room adds to `till`'s line with the phone at `position`, nil where the training tracks did not pass.
    public func mean(till: TillID, at position: Position) -> Double? {
        raw(till: till, x: position.x, y: position.y).map { slope * $0 }
    }

    /// The map of `points` with its slope and explained share fitted by leaving each track out in turn.
    /// `variance`: the residual variance the share is of.
    public static func fitted(points: [Point], variance: Double) -> RoomShadowingMap {
        let tracks = Set(points.map(\.track)).sorted()
        var op = 0.0, pp = 0.0, covered = 0.0
        if tracks.count > 1 {
            for track in tracks {
                let map = RoomShadowingMap(points: points.filter { $0.track != track })
                for point in points where point.track == track {
                    guard let p = map.raw(till: point.till, x: point.x, y: point.y) else { continue }
                    op += point.residual * p
                    pp += p * p
                    covered += 1
                }
            }
        }
        let slope = pp > 0 ? Swift.min(1, Swift.max(0, op / pp)) : 0
        // Least squares through 0 removes (op)^2 / pp of the summed squares, at the fitted slope 2 s op - s^2 pp.
        let removed = 2 * slope * op - slope * slope * pp
        let explained = covered > 0 && variance > 0 ? Swift.max(0, removed / covered / variance) : 0
        return RoomShadowingMap(points: points, slope: slope, explainedShare: explained,
                                coverage: points.isEmpty ? 0 : covered / Double(points.count))
    }
}
