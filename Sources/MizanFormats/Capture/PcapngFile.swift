/// A pcapng file (IETF draft-ietf-opsawg-pcapng): one section, one interface
/// of `linkType`, and an Enhanced Packet Block per packet with its time in
/// microseconds (the default resolution) and an optional comment.
struct PcapngFile {
    /// LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR: a BLE link-layer packet after a 10-byte RF pseudo-header.
    static let bluetoothLELinkLayerWithPseudoHeader: UInt16 = 256

    private(set) var bytes: [UInt8] = []

    init(linkType: UInt16) {
        // Section Header Block: byte-order magic, version 1.0, section length unknown (-1).
        block(type: 0x0A0D_0D0A) { body in
            Self.put32(0x1A2B_3C4D, &body)
            Self.put16(1, &body)
            Self.put16(0, &body)
            body += [UInt8](repeating: 0xFF, count: 8)
        }
        // Interface Description Block: the link type, no snapshot limit.
        block(type: 1) { body in
            Self.put16(linkType, &body)
            Self.put16(0, &body)
            Self.put32(0, &body)
        }
    }

    /// An Enhanced Packet Block on interface 0.
    mutating func packet(microseconds: UInt64, _ data: [UInt8], comment: String?) {
        block(type: 6) { body in
            Self.put32(0, &body)
            Self.put32(UInt32(truncatingIfNeeded: microseconds >> 32), &body)
            Self.put32(UInt32(truncatingIfNeeded: microseconds), &body)
            Self.put32(UInt32(data.count), &body)
            Self.put32(UInt32(data.count), &body)
            body += data
            Self.pad(&body)
            if let comment, !comment.isEmpty {
                let text = Array(comment.utf8)
                Self.put16(1, &body) // opt_comment
                Self.put16(UInt16(text.count), &body)
                body += text
                Self.pad(&body)
                Self.put32(0, &body) // opt_endofopt
            }
        }
    }

    /// A block: its type, its total length before and after the body (padded to 32 bits).
    private mutating func block(type: UInt32, _ fill: (inout [UInt8]) -> Void) {
        var body: [UInt8] = []
        fill(&body)
        Self.pad(&body)
        let length = UInt32(body.count + 12)
        Self.put32(type, &bytes)
        Self.put32(length, &bytes)
        bytes += body
        Self.put32(length, &bytes)
    }

    static func put16(_ value: UInt16, _ out: inout [UInt8]) {
        out.append(UInt8(value & 0xFF))
        out.append(UInt8(value >> 8))
    }

    static func put32(_ value: UInt32, _ out: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    static func pad(_ out: inout [UInt8]) {
        while out.count % 4 != 0 { out.append(0) }
    }
}
