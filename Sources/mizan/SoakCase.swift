import MizanFormats
import MizanProtocol
import MizanSim
import MizanRadio
import MizanTime

/// One random floor of `mizan soak`: a row of tills, who pays, how long, and
/// faults. Swarm testing: each case first draws which kinds of fault are on,
/// then up to three faults of each kind that is.
struct SoakCase: Equatable, Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case dropLink = "drop-link", dropLinkAtStep = "drop-link-at-step", bluetooth, walkAway = "walk-away", corruptFrame = "corrupt-frame"
    }

    struct Fault: Equatable, Sendable {
        var kind: Kind
        /// A phone (or for a Bluetooth fault with `onTill`, a till) by number from 1.
        var device: Int
        var onTill = false
        var atSeconds: Double
        /// The step, the Bluetooth state or the frame, by its floor-file name.
        var detail: String
    }

    var tills: Int
    var spacing: Double
    var pairs: Bool
    var minutes: Double
    var faults: [Fault]

    static func draw(seed: UInt64) -> SoakCase {
        var random = SeededGenerator(seed: seed).split("soak case")
        let tills = 1 + Int(random.unitInterval() * 6)
        let minutes = ((0.1 + random.unitInterval() * 0.9) * 10_000).rounded() / 10_000
        var soak = SoakCase(tills: tills, spacing: random.uniform(0.5...4), pairs: random.unitInterval() < 0.5, minutes: minutes, faults: [])
        let steps = LinkDropPoint.allCases.map(\.rawValue)
        let frames = FrameType.allCases.map(\.name).map { String($0.map { $0 == " " ? "-" : $0 }) }
        for kind in Kind.allCases where random.unitInterval() < 0.5 {
            for _ in 0..<(1 + Int(random.unitInterval() * 3)) {
                let device = 1 + Int(random.unitInterval() * Double(tills))
                // Whole milliseconds rounded down: a fault never lands past the run's end.
                let at = (random.unitInterval() * minutes * 60 * 1000).rounded(.down) / 1000
                let onTill = kind == .bluetooth && random.unitInterval() < 0.3
                let detail: String = switch kind {
                case .dropLinkAtStep: steps[Int(random.unitInterval() * Double(steps.count))]
                case .bluetooth: ["off", "on", "not-allowed"][Int(random.unitInterval() * 3)]
                case .corruptFrame: frames[Int(random.unitInterval() * Double(frames.count))]
                case .dropLink, .walkAway: ""
                }
                soak.faults.append(Fault(kind: kind, device: device, onTill: onTill, atSeconds: at, detail: detail))
            }
        }
        return soak
    }

    /// The case as a floor file (docs/floor-files.md).
    var floorJSON: String {
        let faultObjects: [JSON] = faults.map { fault in
            var members: [(key: String, value: JSON)] = [("kind", .string(fault.kind.rawValue))]
            let device: (key: String, value: JSON) = (fault.onTill ? "till" : "phone", .int(fault.device))
            let at: (key: String, value: JSON) = ("atSeconds", .fixed(fault.atSeconds, digits: 3))
            switch fault.kind {
            case .dropLink: members += [device, at]
            case .dropLinkAtStep: members += [device, ("step", .string(fault.detail))]
            case .bluetooth: members += [device, ("state", .string(fault.detail)), at]
            case .walkAway: members += [device, at]
            case .corruptFrame: members += [device, ("frame", .string(fault.detail))]
            }
            return .object(members)
        }
        let payers: JSON = pairs ? .object([("arrivals", .string("pairs"))])
            : .object([("arrivals", .string("poisson")), ("meanGapSeconds", .int(5))])
        return JSON.object([
            ("name", .string("soak")),
            ("minutes", .fixed(minutes, digits: 4)),
            ("tills", .object([("row", .object([("count", .int(tills)), ("spacing", .fixed(spacing, digits: 3))]))])),
            ("payers", payers),
            ("faults", .array(faultObjects)),
        ]).spaced + "\n"
    }

    /// Smaller cases, the boldest first: fewer faults, fewer tills, less time.
    var smaller: [SoakCase] {
        var out: [SoakCase] = []
        if !faults.isEmpty {
            var none = self
            none.faults = []
            out.append(none)
        }
        for index in faults.indices.reversed() {
            var fewer = self
            fewer.faults.remove(at: index)
            out.append(fewer)
        }
        if tills > 1 {
            var fewer = self
            fewer.tills = tills - 1
            // A fault on the till or phone that goes moves to the last one left.
            fewer.faults = faults.map { fault in
                var moved = fault
                moved.device = Swift.min(fault.device, fewer.tills)
                return moved
            }
            out.append(fewer)
        }
        if minutes > 0.05 {
            var shorter = self
            shorter.minutes = Swift.max(0.05, (minutes / 2 * 1000).rounded() / 1000)
            shorter.faults = faults.filter { $0.atSeconds < shorter.minutes * 60 }
            out.append(shorter)
        }
        return out
    }

    /// Shrinks a failing case: takes the first smaller case that still fails, until none does.
    static func shrink(_ failing: SoakCase, fails: (SoakCase) -> Bool) -> SoakCase {
        var current = failing
        var progress = true
        while progress {
            progress = false
            for candidate in current.smaller where fails(candidate) {
                current = candidate
                progress = true
                break
            }
        }
        return current
    }
}
