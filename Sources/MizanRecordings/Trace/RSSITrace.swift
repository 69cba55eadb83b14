import MizanGeometry
import MizanProtocol
import MizanSim
import MizanRadio

/// A recording in RSSI trace format v1 (`docs/rssi-trace-format.md`): where
/// the tills are, and every packet a phone heard with the phone's true position.
public struct RSSITrace: Sendable {
    /// A till of the recording (made by the readers and importers of this module).
    public struct Till: Hashable, Sendable {
        public let id: TillID
        public let position: Position
    }

    public struct Row: Hashable, Sendable {
        /// Seconds.
        public let t: Double
        public let phone: String
        public let till: TillID
        /// dBm.
        public let rssi: Int
        /// The phone's true position when it heard the packet, metres.
        public let position: Position
        /// The way the phone's carrier faced, degrees in the trace's own
        /// frame (0 along +x, 90 along +y); nil where the recording does not say.
        public let heading: Double?

        public init(t: Double, phone: String, till: TillID, rssi: Int, position: Position, heading: Double? = nil) {
            self.t = t
            self.phone = phone
            self.till = till
            self.rssi = rssi
            self.position = position
            self.heading = heading
        }
    }

    /// Ascending till id.
    public let tills: [Till]
    /// In file order; per phone, `t` never decreases.
    public let rows: [Row]

    public init(tills: [Till], rows: [Row]) {
        self.tills = tills.sorted { $0.id < $1.id }
        self.rows = rows
    }

    /// The phone names in order of first appearance.
    public var phones: [String] {
        var seen = Set<String>()
        return rows.compactMap { seen.insert($0.phone).inserted ? $0.phone : nil }
    }

    /// Each phone's recorded span (its last `t` less its first), summed: seconds.
    public var phoneSeconds: Double {
        var spans: [String: (first: Double, last: Double)] = [:]
        for row in rows { spans[row.phone] = (spans[row.phone]?.first ?? row.t, row.t) }
        // In order of first appearance: the same sum whatever the dictionary's order.
        return phones.reduce(0) { total, phone in total + (spans[phone].map { $0.last - $0.first } ?? 0) }
    }

    /// About how many sessions a replay starting one every `every` seconds makes (`TraceReplay`):
    /// the phone-seconds over `every`, and one more for each phone.
    public func sessions(every: Double) -> Double {
        phoneSeconds / every + Double(phones.count)
    }

    public static let tillsHeader = ["till", "x", "y", "z"]
    public static let traceHeader = ["t", "phone", "till", "rssi", "x", "y", "z"]
    /// The header with the optional `heading` column.
    public static let traceHeaderWithHeading = traceHeader + ["heading"]

    /// Whether every row says which way its phone's carrier faced (a trace written has the `heading` column then).
    public var hasHeadings: Bool { !rows.isEmpty && rows.allSatisfy { $0.heading != nil } }

    /// The same tills and the rows of the phones `keep` accepts.
    public func only(_ keep: (String) -> Bool) -> RSSITrace {
        RSSITrace(tills: tills, rows: rows.filter { keep($0.phone) })
    }
}
