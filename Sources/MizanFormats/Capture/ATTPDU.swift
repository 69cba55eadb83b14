import MizanProtocol
import MizanRadio

/// The ATT PDUs of the Mizan service as a till's GATT server would put them
/// on the air (Core Spec Vol 3 Part F 3.4, Part G 4), over L2CAP's ATT
/// channel (CID 4). The protocol fixes the service's UUID (`ServiceID`) and
/// the characteristics' roles; their handles and UUIDs are the capture's
/// (`docs/outputs.md`): the service at 1, "To host" (write) declared at 2
/// with its value at 3, "To client" (notify) at 4 and 5, its Client
/// Characteristic Configuration descriptor at 6.
enum ATTPDU {
    static let serviceHandle: UInt16 = 1, toHostDeclaration: UInt16 = 2, toHost: UInt16 = 3
    static let toClientDeclaration: UInt16 = 4, toClient: UInt16 = 5, configuration: UInt16 = 6

    /// A UUID as ATT carries it: least significant byte first.
    static func attOrder(_ networkOrder: [UInt8]) -> [UInt8] { Array(networkOrder.reversed()) }
    static let service = attOrder(ServiceID.bytes)
    /// The characteristics' UUIDs: the service's with its last byte one and two more.
    static let toHostUUID = characteristic(1), toClientUUID = characteristic(2)
    static func characteristic(_ step: UInt8) -> [UInt8] {
        var bytes = ServiceID.bytes
        bytes[bytes.count - 1] &+= step
        return attOrder(bytes)
    }

    static func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    /// An L2CAP basic frame on the ATT channel.
    static func l2cap(_ att: [UInt8]) -> [UInt8] { u16(UInt16(att.count)) + u16(0x0004) + att }

    /// The request and the response of one GATT set-up exchange.
    static func setUp(_ exchange: SetupExchange, phoneMTU: Int, tillMTU: Int) -> (request: [UInt8], response: [UInt8]) {
        switch exchange {
        case .mtu:
            return ([0x02] + u16(UInt16(clamping: phoneMTU)), [0x03] + u16(UInt16(clamping: tillMTU)))
        case .service:
            // Find By Type Value: primary services (0x2800) whose value is the Mizan UUID.
            return ([0x06] + u16(0x0001) + u16(0xFFFF) + u16(0x2800) + service,
                    [0x07] + u16(serviceHandle) + u16(configuration))
        case .characteristics:
            // Read By Type of characteristic declarations (0x2803): both in one response, 21 bytes each.
            let toHostEntry = u16(toHostDeclaration) + [0x08] + u16(toHost) + toHostUUID
            let toClientEntry = u16(toClientDeclaration) + [0x10] + u16(toClient) + toClientUUID
            return ([0x08] + u16(serviceHandle) + u16(configuration) + u16(0x2803), [0x09, 21] + toHostEntry + toClientEntry)
        case .characteristicsEnd:
            // The next declaration after the last found: none, Attribute Not Found (0x0A).
            return ([0x08] + u16(toClient + 1) + u16(configuration) + u16(0x2803), [0x01, 0x08] + u16(toClient + 1) + [0x0A])
        case .descriptor:
            // Find Information over "To client"'s descriptors: its CCCD (0x2902), in 16-bit format.
            return ([0x04] + u16(configuration) + u16(configuration), [0x05, 0x01] + u16(configuration) + u16(0x2902))
        case .subscribe:
            return ([0x12] + u16(configuration) + [0x01, 0x00], [0x13])
        }
    }

    /// The requests and responses of a write of `bytes` to "To host": a Write Request when it
    /// fits in MTU - 3 bytes (or the link has no MTU: 0), else a Prepare Write per piece (MTU - 5
    /// bytes each) and the Execute.
    static func write(_ bytes: [UInt8], mtu: Int) -> [(request: [UInt8], response: [UInt8])] {
        if mtu == 0 || bytes.count <= Swift.max(mtu - 3, 1) { return [([0x12] + u16(toHost) + bytes, [0x13])] }
        let room = Swift.max(mtu - 5, 1)
        var out: [(request: [UInt8], response: [UInt8])] = []
        var offset = 0
        while offset < bytes.count {
            let part = Array(bytes[offset..<Swift.min(bytes.count, offset + room)])
            let body = u16(toHost) + u16(UInt16(clamping: offset)) + part
            out.append(([0x16] + body, [0x17] + body))
            offset += room
        }
        out.append(([0x18, 0x01], [0x19]))
        return out
    }

    /// The notifications of `bytes` on "To client": one per piece of MTU - 3 bytes (one in all on a link with no MTU: 0).
    static func notifications(_ bytes: [UInt8], mtu: Int) -> [[UInt8]] {
        let room = mtu == 0 ? Swift.max(bytes.count, 1) : Swift.max(mtu - 3, 1)
        var out: [[UInt8]] = []
        var offset = 0
        repeat {
            out.append([0x1B] + u16(toClient) + Array(bytes[offset..<Swift.min(bytes.count, offset + room)]))
            offset += room
        } while offset < bytes.count
        return out
    }
}
