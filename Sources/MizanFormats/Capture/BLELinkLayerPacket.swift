/// BLE link-layer packets as a sniffer hands them to Wireshark
/// (LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR): a 10-byte pseudo-header (RF channel,
/// signal and noise power, access address offenses, reference access address,
/// flags), then the packet without its preamble, dewhitened: access address,
/// PDU, CRC (Core Spec Vol 6 Part B 2.1, 3.1.1).
enum BLELinkLayerPacket {
    /// The advertising channels' access address and CRC initial value (Vol 6 Part B 2.1.2, 3.1.1).
    static let advertisingAccessAddress: UInt32 = 0x8E89_BED6
    static let advertisingCRCInit: UInt32 = 0x555555

    /// Who sent a data channel PDU (the pseudo-header's PDU type field).
    enum Direction: UInt16 {
        case advertisingOrUnknown = 0
        case centralToPeripheral = 2
        case peripheralToCentral = 3
    }

    /// RF channel 0-39 of advertising channel 37, 38 or 39 (index 0, 1, 2).
    static func rfChannel(advertising index: Int) -> UInt8 {
        [0, 12, 39][Swift.max(0, Swift.min(2, index))]
    }

    /// RF channel of data channel 0-36 (Vol 6 Part B 1.4.1).
    static func rfChannel(data channel: Int) -> UInt8 {
        channel <= 10 ? UInt8(channel + 1) : UInt8(channel + 2)
    }

    /// The packet with its pseudo-header: dewhitened, on LE 1M, its CRC left for the reader to check.
    static func captured(rfChannel: UInt8, accessAddress: UInt32, crcInit: UInt32, pdu: [UInt8], direction: Direction) -> [UInt8] {
        var out: [UInt8] = [rfChannel, 0, 0, 0]
        PcapngFile.put32(accessAddress, &out)
        let flags: UInt16 = 0x0001 | 0x0010 | (direction.rawValue << 7)
        PcapngFile.put16(flags, &out)
        PcapngFile.put32(accessAddress, &out)
        out += pdu
        let crc = crc24(pdu, initial: crcInit)
        // Sent most significant bit first: as captured bytes (least significant bit first), its bits reversed.
        let sent = reversed24(crc)
        out += [UInt8(sent & 0xFF), UInt8((sent >> 8) & 0xFF), UInt8((sent >> 16) & 0xFF)]
        return out
    }

    /// The link layer's CRC over `bytes` (each byte least significant bit first), polynomial
    /// x^24 + x^10 + x^9 + x^6 + x^4 + x^3 + x + 1 (Vol 6 Part B 3.1.1).
    static func crc24(_ bytes: [UInt8], initial: UInt32) -> UInt32 {
        var crc = initial & 0xFF_FFFF
        for byte in bytes {
            for bit in 0..<8 {
                let input = UInt32(byte >> UInt8(bit)) & 1
                let feedback = ((crc >> 23) & 1) ^ input
                crc = (crc << 1) & 0xFF_FFFF
                if feedback != 0 { crc ^= 0x00_065B }
            }
        }
        return crc
    }

    static func reversed24(_ value: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for bit in 0..<24 where value & (1 << UInt32(bit)) != 0 { out |= 1 << UInt32(23 - bit) }
        return out
    }

    /// An advertising channel PDU: its header (type, ChSel 0, TxAdd and RxAdd random, length) and payload.
    static func advertisingPDU(type: UInt8, payload: [UInt8], rxRandom: Bool) -> [UInt8] {
        let header0 = (type & 0x0F) | 0x40 | (rxRandom ? 0x80 : 0)
        return [header0, UInt8(payload.count)] + payload
    }

    /// A data channel PDU: LLID (2: an L2CAP message's start or the whole of it; 1: a continuation), NESN, SN.
    static func dataPDU(llid: UInt8, nesn: Bool, sn: Bool, payload: [UInt8]) -> [UInt8] {
        let header0 = (llid & 0x03) | (nesn ? 0x04 : 0) | (sn ? 0x08 : 0)
        return [header0, UInt8(payload.count)] + payload
    }

    /// A device address (six bytes, least significant first) of a random static kind: its top two bits set.
    static func address(kind: UInt8, index: Int) -> [UInt8] {
        let n = UInt32(truncatingIfNeeded: index + 1)
        return [UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8((n >> 24) & 0xFF), 0x00, 0xC0 | (kind & 0x3F)]
    }
}
