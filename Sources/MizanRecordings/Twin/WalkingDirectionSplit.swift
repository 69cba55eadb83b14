import MizanGeometry
import MizanProtocol
import MizanRadio
import MizanSim
import MizanTime
import MizanFormats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a strategy's accuracy depends on which way the carrier walks: each
/// session (after the first `settling` seconds of its track) falls in one of
/// four groups by the angle between the walking direction (positions
/// `RecordedPath.walkingWindow` either side of the decision) and the bearing to
/// the nearest till: toward (under 45 degrees), beside (45-135), away (over
/// 135), or standing (slower than `RecordedPath.standingSpeed`). Where a person
/// carries the device, the body between it and the nearest till shows here:
/// walking away, the till behind is heard through the body.
public struct WalkingDirectionSplit: Sendable {
    public enum Group: String, CaseIterable, Sendable {
        case toward, beside, away, standing
    }

    /// Each group's sessions, in time order, and whether each chose the nearest till.
    public let outcomes: [Group: [Bool]]

    /// The strategy the split follows: `strongest`, one window (1 s).
    public static let strategy = StrategyName.strongest
    /// Sessions that start in a track's first seconds are left out (the walk's direction is not yet set).
    public static let settling = 2.0

    public init(decisions: [TraceDecision], trace: RSSITrace) {
        var byPhone: [String: [RSSITrace.Row]] = [:]
        for row in trace.rows { byPhone[row.phone, default: []].append(row) }
        let tills = Dictionary(trace.tills.map { ($0.id, $0.position) }, uniquingKeysWith: { first, _ in first })
        var paths: [String: RecordedPath] = [:]
        var outcomes: [Group: [Bool]] = [:]
        for decision in decisions where decision.start >= Self.settling {
            guard let nearest = tills[decision.nearest] else { continue }
            let path: RecordedPath
            if let known = paths[decision.phone] { path = known } else {
                path = RecordedPath(byPhone[decision.phone] ?? [])
                paths[decision.phone] = path
            }
            let group = Self.group(path: path, at: path.start + decision.at, nearest: nearest)
            outcomes[group, default: []].append(decision.isRight)
        }
        self.outcomes = outcomes
    }

    init(outcomes: [Group: [Bool]]) { self.outcomes = outcomes }

    /// The group of a moment of `path`, by its walking direction then and the bearing to `nearest`.
    static func group(path: RecordedPath, at time: Double, nearest: Position) -> Group {
        let window = RecordedPath.walkingWindow
        let before = path.position(at: time - window), after = path.position(at: time + window), here = path.position(at: time)
        let dx = after.x - before.x, dy = after.y - before.y
        guard (dx * dx + dy * dy).squareRoot() / (2 * window) >= RecordedPath.standingSpeed else { return .standing }
        let bearing = DirectionGain.bearing(fromX: here.x, y: here.y, toX: nearest.x, toY: nearest.y)
        var angle = abs(bearing - atan2(dy, dx)).truncatingRemainder(dividingBy: 2 * .pi)
        if angle > .pi { angle = 2 * .pi - angle }
        if angle < .pi / 4 { return .toward }
        return angle > 3 * .pi / 4 ? .away : .beside
    }

    public func sessions(_ group: Group) -> Int { outcomes[group]?.count ?? 0 }

    /// The share of `group`'s sessions that chose the nearest till (NaN when it has none).
    public func accuracy(_ group: Group) -> Double {
        let values = outcomes[group] ?? []
        return values.isEmpty ? .nan : Double(values.filter { $0 }.count) / Double(values.count)
    }

    /// `group`'s 90 % interval: the circular block bootstrap of `AccuracyInterval` over its sessions in time order.
    public func interval(_ group: Group, every: Double, generator: SeededGenerator) -> AccuracyInterval {
        AccuracyInterval(outcomes: outcomes[group] ?? [], block: AccuracyInterval.block(every: every), generator: generator.split(group.rawValue))
    }

    /// Several splits as one (their sessions one after another).
    public static func pooled(_ splits: [WalkingDirectionSplit]) -> WalkingDirectionSplit {
        var outcomes: [Group: [Bool]] = [:]
        for split in splits { for group in Group.allCases { outcomes[group, default: []] += split.outcomes[group] ?? [] } }
        return WalkingDirectionSplit(outcomes: outcomes)
    }
}
