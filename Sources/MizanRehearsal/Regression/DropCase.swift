import MizanSim
import MizanTime
import MizanRadio

/// One place the link is dropped in the drop-mid-handshake regression: at a
/// protocol step boundary plus an offset inside the message's flight, or at
/// a fixed virtual time.
public struct DropCase: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `after` the transaction reaches `point` (MizanSim's `Fault.dropLinkAtStep`).
        case step(LinkDropPoint, after: Duration)
        /// At this virtual time (`Fault.dropLink(phone:at:)`).
        case time(Duration)
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// The drop point it belongs to: a `LinkDropPoint` name, or "time".
    public var group: String {
        switch kind {
        case let .step(point, _): point.rawValue
        case .time: "time"
        }
    }

    /// "before-key+2.5ms", "time@1.045s": how the table, the CSV and `--drop` name it.
    public var label: String {
        switch kind {
        case let .step(point, after): "\(point.rawValue)+\(Self.milliseconds(after))ms"
        case let .time(at): "time@\(Self.seconds(at))s"
        }
    }

    /// The offset inside the flight, or the time, in milliseconds.
    public var offsetMilliseconds: String {
        switch kind {
        case let .step(_, after): Self.milliseconds(after)
        case let .time(at): Self.milliseconds(at)
        }
    }

    public var fault: Fault {
        switch kind {
        case let .step(point, after): .dropLinkAtStep(point, phone: 0, after: after)
        case let .time(at): .dropLink(phone: 0, at: at)
        }
    }

    /// Whole microseconds as milliseconds, without trailing zeros ("2.5", "15").
    static func milliseconds(_ duration: Duration) -> String {
        decimal(duration.wholeMicroseconds, scale: 1_000)
    }

    static func seconds(_ duration: Duration) -> String {
        let text = decimal(duration.wholeMicroseconds, scale: 1_000_000)
        return text.contains(".") ? text : text + ".0"
    }

    private static func decimal(_ value: Int64, scale: Int64) -> String {
        let whole = value / scale
        var fraction = String(value % scale)
        fraction = String(repeating: "0", count: String(scale).count - 1 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }
}
