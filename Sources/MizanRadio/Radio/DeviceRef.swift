import MizanTime
import MizanProtocol

/// A device on the floor, by kind and index counted from 0 (the index into
/// the plan's tills, the payer's number in order of creation). This is the
/// one place where the 0-based index meets the numbers people read, counted
/// from 1: the names `till-3` and `phone-12` in traces and outputs, the number
/// a floor file gives, and the protocol's `TillID` and `CentralID`.
public enum DeviceRef: Hashable, Sendable, Comparable {
    case till(Int)
    case phone(Int)

    /// The till numbered `number` by people (from 1).
    public static func till(number: Int) -> DeviceRef { .till(number - 1) }
    /// The phone numbered `number` by people (from 1).
    public static func phone(number: Int) -> DeviceRef { .phone(number - 1) }

    /// The index, from 0.
    public var index: Int {
        switch self {
        case let .till(index), let .phone(index): index
        }
    }

    /// The number people read, from 1.
    public var number: Int { index + 1 }

    /// `till-3`, `phone-12`: the device's name in traces and outputs.
    public var name: String {
        switch self {
        case .till: "till-\(number)"
        case .phone: "phone-\(number)"
        }
    }

    /// The device named `name` (`till-3`, `phone-12`); nil for anything else,
    /// such as `till-0`, `till-x`, `till-03`, `till-+3` or `Till-3`.
    public init?(name: String) {
        let parts = name.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = parts[1].utf8.first, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9"),
              parts[1].utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(parts[1]) else { return nil }
        switch parts[0] {
        case "till": self = .till(number: number)
        case "phone": self = .phone(number: number)
        default: return nil
        }
    }

    // The protocol's identifiers are the numbers people read.

    /// The identifier on the air of the till at `index`: its number (a
    /// floor's indices are far below 2^32; past that the number wraps).
    public static func tillID(index: Int) -> TillID { TillID(UInt32(truncatingIfNeeded: DeviceRef.till(index).number)) }

    /// The identifier as a central of the phone at `index`: its number.
    public static func centralID(index: Int) -> CentralID { CentralID(UInt32(truncatingIfNeeded: DeviceRef.phone(index).number)) }

    /// The till whose identifier is `id`.
    public init(_ id: TillID) { self = .till(number: Int(id.rawValue)) }

    /// The phone whose central identifier is `id`.
    public init(_ id: CentralID) { self = .phone(number: Int(id.rawValue)) }
}
