import MizanGeometry
import MizanProtocol
import MizanSim
import MizanFormats
import MizanRadio

/// The receivers and beacons of a Danis `tetam.dev` file: a line
/// `Dongles:{"<mac>": [[x, y, z], <colour>, "<name>"], ...}` and a line
/// `Beacons:{"<mac>": [[], <colour>, "<name>"], ...}`. Each receiver becomes a
/// till, numbered 1, 2, ... in file order.
public struct DanisLayout: Sendable {
    public struct Receiver: Hashable, Sendable {
        public let till: TillID
        public let mac: String
        public let name: String
        public let position: Position
    }

    public let receivers: [Receiver]
    /// Beacon MAC to name, in file order.
    public let beacons: [(mac: String, name: String)]

    public init(text: String, path: String) throws(InputError) {
        var receivers: [Receiver]?
        var beacons: [(mac: String, name: String)]?
        for (lineNumber, line) in TextLines.split(text) {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw InputError(path: path, line: lineNumber, "expected 'Dongles:{...}' or 'Beacons:{...}'")
            }
            let label = trimmed[..<colon]
            let body = try Self.members(String(trimmed[trimmed.index(after: colon)...]), path: path, line: lineNumber)
            switch label {
            case "Dongles" where receivers != nil, "Beacons" where beacons != nil:
                throw InputError(path: path, line: lineNumber, "a second '\(label):' line: give each section once")
            case "Dongles":
                receivers = try body.enumerated().map { (offset, member) throws(InputError) in
                    try Self.receiver(member, till: TillID(UInt32(offset + 1)), path: path, line: lineNumber)
                }
            case "Beacons":
                beacons = try body.map { member throws(InputError) in
                    guard case let .array(parts) = member.value, parts.count >= 3, case let .string(name) = parts[2] else {
                        throw InputError(path: path, line: lineNumber, "beacon '\(member.key)': expected [[], colour, \"name\"]")
                    }
                    return (member.key, name)
                }
            default:
                throw InputError(path: path, line: lineNumber, "unknown section '\(label)' (expected Dongles or Beacons)")
            }
        }
        guard let receivers, !receivers.isEmpty else { throw InputError(path: path, "no 'Dongles:' line with receivers") }
        guard let beacons, !beacons.isEmpty else { throw InputError(path: path, "no 'Beacons:' line with beacons") }
        self.receivers = receivers
        self.beacons = beacons
    }

    private static func members(_ json: String, path: String, line: Int) throws(InputError) -> [(key: String, value: JSONValue)] {
        let value: JSONValue
        do throws(JSONParser.Failure) { value = try JSONParser.parse(json) } catch {
            throw InputError(path: path, line: line, "not a JSON object: not valid JSON: \(error)")
        }
        guard case let .object(members) = value else { throw InputError(path: path, line: line, "expected a JSON object, got \(value.kind)") }
        return members
    }

    private static func receiver(_ member: (key: String, value: JSONValue), till: TillID, path: String, line: Int) throws(InputError) -> Receiver {
        guard case let .array(parts) = member.value, parts.count >= 3,
              case let .array(xyz) = parts[0], xyz.count == 3,
              case let .number(x) = xyz[0], case let .number(y) = xyz[1], case let .number(z) = xyz[2],
              case let .string(name) = parts[2] else {
            throw InputError(path: path, line: line, "receiver '\(member.key)': expected [[x, y, z], colour, \"name\"]")
        }
        return Receiver(till: till, mac: member.key, name: name, position: Position(x: x.value, y: y.value, z: z.value))
    }
}
