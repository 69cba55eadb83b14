import MizanProtocol

/// What the regression found: per drop, how often each pair of endings
/// occurred, and every pair the agreement rule rejects with its seed. Rows
/// keep the order the drops ran in; pairs are sorted by ending, then by name.
public struct RegressionTable: Sendable {
    public struct Count: Hashable, Sendable {
        public let pair: EndingPair
        /// The catalogue's endings that allow the pair (a pair can belong to
        /// more than one, e.g. 8 and 9); empty when the rule rejects it.
        public let endings: [Ending]
        public var count: Int
    }

    public struct Row: Sendable {
        public let drop: DropCase
        public var runs = 0
        public var counts: [Count] = []
    }

    public struct Violation: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// The agreement rule rejects this pair.
            case rejected(EndingPair)
            /// This many transactions never ended.
            case unended(Int)
        }

        public let drop: DropCase
        public let seed: UInt64
        public let kind: Kind

        public var description: String {
            switch kind {
            case let .rejected(pair): "the agreement rule rejects (\(RegressionTable.name(pair.host)), \(RegressionTable.name(pair.phone)))"
            case let .unended(count): "\(count) transaction side(s) never ended"
            }
        }
    }

    public private(set) var rows: [Row] = []
    public private(set) var violations: [Violation] = []

    public init() {}

    mutating func add(_ drop: DropCase, seed: UInt64, run: DropRun) {
        if rows.last?.drop != drop { rows.append(Row(drop: drop)) }
        let index = rows.count - 1
        rows[index].runs += 1
        if run.unended > 0 { violations.append(Violation(drop: drop, seed: seed, kind: .unended(run.unended))) }
        for pair in run.pairs {
            let endings = EndingsCatalogue.rows(for: pair).map(\.ending)
            if endings.isEmpty { violations.append(Violation(drop: drop, seed: seed, kind: .rejected(pair))) }
            if let at = rows[index].counts.firstIndex(where: { $0.pair == pair }) {
                rows[index].counts[at].count += 1
            } else {
                rows[index].counts.append(Count(pair: pair, endings: endings, count: 1))
                rows[index].counts.sort(by: Self.order)
            }
        }
    }

    /// Every pair seen anywhere, in the same order as within a row.
    public var pairs: [Count] {
        var all: [Count] = []
        for row in rows {
            for count in row.counts {
                if let at = all.firstIndex(where: { $0.pair == count.pair }) { all[at].count += count.count } else { all.append(count) }
            }
        }
        return all.sorted(by: Self.order)
    }

    static func order(_ a: Count, _ b: Count) -> Bool {
        let ea = a.endings.first?.rawValue ?? Int.max
        let eb = b.endings.first?.rawValue ?? Int.max
        if ea != eb { return ea < eb }
        let na = (name(a.pair.host), name(a.pair.phone))
        let nb = (name(b.pair.host), name(b.pair.phone))
        return na < nb
    }

    public static func name<T>(_ ending: T?) -> String { ending.map { String(describing: $0) } ?? "none" }

    /// "8", "8 or 9"; "rejected" when no ending allows the pair.
    public static func endings(_ count: Count) -> String {
        count.endings.isEmpty ? "rejected" : count.endings.map { String($0.rawValue) }.joined(separator: " or ")
    }
}
