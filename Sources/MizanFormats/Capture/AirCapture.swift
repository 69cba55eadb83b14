import MizanProtocol
import MizanRadio

/// A run's air as an ideal sniffer beside every device would capture it
/// (`air.pcapng`, docs/outputs.md): every advertising packet, each with a
/// comment naming who heard it at what RSSI and who listened and lost it;
/// each connection request; and each link's ATT exchanges (the GATT set-up,
/// the writes to "To host" and the notifications on "To client", carrying
/// the frames' bytes as sent) at the times they got through. Virtual time.
/// At most `cap` bytes of packets are kept: the first ones, in time order;
/// with a `Scope`, only one till's and one phone's within a time span.
public final class AirCapture: AirObserver {
    /// The packets of one transaction (`mizan replay --pcap`): the till's advertising, the
    /// phone's requests to it and their link's exchanges, from `from` to `to`.
    public struct Scope: Sendable {
        public let till: Int?, phone: Int?
        public let from: Duration, to: Duration
        public init(till: Int?, phone: Int?, from: Duration, to: Duration) {
            self.till = till; self.phone = phone; self.from = from; self.to = to
        }
    }
    public let scope: Scope?
    /// Bytes of packets kept by default: 64 MiB.
    public static let defaultCap = 64 << 20
    public let cap: Int
    /// Packets left out because the cap was reached.
    public private(set) var dropped = 0
    public var packets: Int { records.count }

    /// A packet, or a data PDU whose sequence bits are set in time order when the file is written.
    private enum Body {
        case ready([UInt8])
        case data(connection: Int, central: Bool, l2cap: [UInt8])
    }
    private struct Record {
        let time: Duration
        let order: Int
        let body: Body
        var note: String
        /// Index into `adverts` for an advertising packet (its heard and lost lists make its note).
        let advert: Int?
    }
    private struct Advert {
        let till: Int, event: Int, channel: Int
        var collided = false
        var heard: [(phone: Int, rssi: Int)] = []
        var lost: [(phone: Int, why: AirLoss)] = []
    }
    private struct Connection {
        let accessAddress: UInt32, crcInit: UInt32
        var centralSent = 0, peripheralSent = 0
    }
    private var records: [Record] = []
    private var adverts: [Advert] = []
    /// The advertising packets of the instant under way, by (till, event, channel).
    private var open: [Int: Int] = [:]
    private var openAt: Duration = .zero
    private var connections: [Connection] = []
    /// The link each (phone, till) pair has now.
    private var links: [Int: Int] = [:]
    private var spacing: [Int: Duration] = [:]
    private var kept = 0

    public init(cap: Int = AirCapture.defaultCap, only scope: Scope? = nil) {
        self.cap = cap
        self.scope = scope
    }

    /// Whether a packet of `till` (and `phone`, for a link's) at `time` is kept.
    private func inScope(till: Int, phone: Int?, at time: Duration) -> Bool {
        guard let scope else { return true }
        guard time >= scope.from, time <= scope.to, scope.till == nil || scope.till == till else { return false }
        return phone == nil || scope.phone == nil || scope.phone == phone
    }

    private func add(_ time: Duration, _ body: Body, note: String, advert: Int? = nil) {
        let size: Int
        switch body {
        case let .ready(bytes): size = bytes.count
        case let .data(_, _, l2cap): size = l2cap.count + 20
        }
        guard kept + size + note.utf8.count <= cap else { dropped += 1; return }
        kept += size + note.utf8.count
        records.append(Record(time: time, order: records.count, body: body, note: note, advert: advert))
    }

    private static func key(_ till: Int, _ event: Int, _ channel: Int) -> Int { till << 34 | (event & 0xFFFF_FFFF) << 2 | channel }
    private static func pair(_ phone: Int, _ till: Int) -> Int { phone << 32 | till }

    // MARK: AirObserver

    public func advertisingEvent(till: Int, event: Int, start: Duration, spacing: Duration, channels: Int, payload: [UInt8]) {
        if start != openAt { open.removeAll(keepingCapacity: true); openAt = start }
        self.spacing[till] = spacing
        let address = BLELinkLayerPacket.address(kind: 1, index: till)
        // Flags (LE General Discoverable, no BR/EDR), then the advertisement as manufacturer data (0xFFFF: none assigned).
        let data: [UInt8] = [0x02, 0x01, 0x06, UInt8(payload.count + 3), 0xFF, 0xFF, 0xFF] + payload
        let pdu = BLELinkLayerPacket.advertisingPDU(type: 0x0, payload: address + data, rxRandom: false)
        for channel in 0..<channels {
            let packet = BLELinkLayerPacket.captured(rfChannel: BLELinkLayerPacket.rfChannel(advertising: channel),
                                                     accessAddress: BLELinkLayerPacket.advertisingAccessAddress,
                                                     crcInit: BLELinkLayerPacket.advertisingCRCInit, pdu: pdu, direction: .advertisingOrUnknown)
            guard inScope(till: till, phone: nil, at: start + spacing * channel) else { continue }
            adverts.append(Advert(till: till, event: event, channel: channel))
            open[Self.key(till, event, channel)] = adverts.count - 1
            add(start + spacing * channel, .ready(packet), note: "", advert: adverts.count - 1)
        }
    }

    public func heard(till: Int, event: Int, channel: Int, phone: Int, rssi: Int) {
        guard let index = open[Self.key(till, event, channel)] else { return }
        adverts[index].heard.append((phone, rssi))
    }

    public func lost(till: Int, event: Int, channel: Int, phone: Int, why: AirLoss) {
        guard let index = open[Self.key(till, event, channel)] else { return }
        adverts[index].lost.append((phone, why))
    }

    public func collided(till: Int, event: Int, channel: Int) {
        guard let index = open[Self.key(till, event, channel)] else { return }
        adverts[index].collided = true
    }

    public func connectRequest(phone: Int, till: Int, event: Int, channel: Int, at time: Duration, interval: Duration, timeout: Duration, taken: Bool) {
        let number = connections.count
        // Access addresses and CRC initial values of their own per link (deterministic: the link's number).
        let accessAddress = Self.accessAddress(number)
        let palindromes: [UInt8] = [0x18, 0x24, 0x3C, 0x42, 0x5A, 0x66, 0x7E, 0x99, 0xA5, 0xBD, 0xC3, 0xDB]
        let outer = palindromes[number % palindromes.count], inner = palindromes[(number / palindromes.count) % palindromes.count]
        let crcInit = UInt32(outer) | UInt32(inner) << 8 | UInt32(outer) << 16
        connections.append(Connection(accessAddress: accessAddress, crcInit: crcInit))
        if taken { links[Self.pair(phone, till)] = number }
        var llData: [UInt8] = []
        PcapngFile.put32(accessAddress, &llData)
        llData += [UInt8(crcInit & 0xFF), UInt8((crcInit >> 8) & 0xFF), UInt8((crcInit >> 16) & 0xFF)]
        llData += [0x02] + ATTPDU.u16(0) // transmit window: 2.5 ms, at offset 0
        llData += ATTPDU.u16(UInt16(clamping: Int(interval / .microseconds(1250)))) + ATTPDU.u16(0)
        llData += ATTPDU.u16(UInt16(clamping: Int(timeout / .milliseconds(10))))
        llData += [0xFF, 0xFF, 0xFF, 0xFF, 0x1F, 0x07] // every data channel, hop 7, SCA 0
        let initiator = BLELinkLayerPacket.address(kind: 2, index: phone), advertiser = BLELinkLayerPacket.address(kind: 1, index: till)
        let pdu = BLELinkLayerPacket.advertisingPDU(type: 0x5, payload: initiator + advertiser + llData, rxRandom: true)
        let packet = BLELinkLayerPacket.captured(rfChannel: BLELinkLayerPacket.rfChannel(advertising: channel),
                                                 accessAddress: BLELinkLayerPacket.advertisingAccessAddress,
                                                 crcInit: BLELinkLayerPacket.advertisingCRCInit, pdu: pdu, direction: .advertisingOrUnknown)
        // T_IFS (150 us) after the advertising packet it answers, which lasts about 0.3 ms.
        let answered = time + (spacing[till] ?? .zero) * channel + .microseconds(450)
        let name = "\(DeviceRef.phone(phone).name) asks \(DeviceRef.till(till).name) to connect"
        guard inScope(till: till, phone: phone, at: answered) else { return }
        add(answered, .ready(packet), note: taken ? name + "; the till takes it" : name + "; the till did not receive or take it")
    }

    public func setUp(phone: Int, till: Int, exchange: SetupExchange, request: Duration, response: Duration, phoneMTU: Int, tillMTU: Int) {
        guard let connection = links[Self.pair(phone, till)], inScope(till: till, phone: phone, at: request) else { return }
        let pdus = ATTPDU.setUp(exchange, phoneMTU: phoneMTU, tillMTU: tillMTU)
        let names = "\(DeviceRef.phone(phone).name) and \(DeviceRef.till(till).name): \(exchange.rawValue)"
        add(request, .data(connection: connection, central: true, l2cap: ATTPDU.l2cap(pdus.request)), note: names + ", request")
        add(response, .data(connection: connection, central: false, l2cap: ATTPDU.l2cap(pdus.response)), note: names + ", response")
    }

    public func write(phone: Int, till: Int, bytes: [UInt8], exchanges: [(request: Duration, response: Duration)], mtu: Int) {
        guard let connection = links[Self.pair(phone, till)], inScope(till: till, phone: phone, at: exchanges.first?.request ?? .zero) else { return }
        let type = FrameType(peeking: bytes)?.name ?? "unknown"
        let note = "\(DeviceRef.phone(phone).name) writes a \(type) frame (\(bytes.count) bytes) to \(DeviceRef.till(till).name)"
        for (pdus, times) in zip(ATTPDU.write(bytes, mtu: mtu), exchanges) {
            add(times.request, .data(connection: connection, central: true, l2cap: ATTPDU.l2cap(pdus.request)), note: note)
            add(times.response, .data(connection: connection, central: false, l2cap: ATTPDU.l2cap(pdus.response)), note: note + ", response")
        }
    }

    public func notification(phone: Int, till: Int, bytes: [UInt8], arrivals: [Duration], mtu: Int) {
        guard let connection = links[Self.pair(phone, till)], inScope(till: till, phone: phone, at: arrivals.first ?? .zero) else { return }
        let type = FrameType(peeking: bytes)?.name ?? "unknown"
        let note = "\(DeviceRef.till(till).name) notifies \(DeviceRef.phone(phone).name) of a \(type) frame (\(bytes.count) bytes)"
        for (pdu, time) in zip(ATTPDU.notifications(bytes, mtu: mtu), arrivals) {
            add(time, .data(connection: connection, central: false, l2cap: ATTPDU.l2cap(pdu)), note: note)
        }
    }

    /// Link `number`'s access address: the first of a fixed sequence that keeps the rules of
    /// Core Spec Vol 6 Part B 2.1.2 (not the advertising one nor one bit from it, not four equal
    /// bytes, at most six equal bits in a row, at most 24 transitions, two in the top six bits).
    static func accessAddress(_ number: Int) -> UInt32 {
        var state = UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15 &+ 0x2545_F491_4F6C_DD1D
        while true {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let candidate = UInt32(truncatingIfNeeded: state >> 32)
            if isValidAccessAddress(candidate) { return candidate }
        }
    }

    static func isValidAccessAddress(_ value: UInt32) -> Bool {
        let advertising = BLELinkLayerPacket.advertisingAccessAddress
        guard value != advertising, (value ^ advertising).nonzeroBitCount != 1 else { return false }
        let bytes = (0..<4).map { (value >> UInt32(8 * $0)) & 0xFF }
        guard !(bytes[0] == bytes[1] && bytes[1] == bytes[2] && bytes[2] == bytes[3]) else { return false }
        var run = 1, transitions = 0, topTransitions = 0
        for bit in 1..<32 {
            let same = (value >> UInt32(bit)) & 1 == (value >> UInt32(bit - 1)) & 1
            if same { run += 1; if run > 6 { return false } } else {
                run = 1
                transitions += 1
                if bit >= 27 { topTransitions += 1 }
            }
        }
        return transitions <= 24 && topTransitions >= 2
    }

    // MARK: the file

    /// The capture: its packets in time order (then in the order they were sent).
    public func pcapng() -> [UInt8] {
        var file = PcapngFile(linkType: PcapngFile.bluetoothLELinkLayerWithPseudoHeader)
        var connections = self.connections
        for record in records.sorted(by: { ($0.time, $0.order) < ($1.time, $1.order) }) {
            let microseconds = UInt64(Swift.max(0, Int64(record.time / .nanoseconds(1000))))
            let note = record.advert.map { describe(adverts[$0]) } ?? record.note
            switch record.body {
            case let .ready(bytes):
                file.packet(microseconds: microseconds, bytes, comment: note)
            case let .data(number, central, l2cap):
                // Fragments of at most 251 bytes (LE Data Length Extension), the first an L2CAP start.
                var offset = 0
                repeat {
                    let piece = Array(l2cap[offset..<Swift.min(l2cap.count, offset + 251)])
                    var link = connections[number]
                    let sn = (central ? link.centralSent : link.peripheralSent) % 2 == 1
                    let nesn = (central ? link.peripheralSent : link.centralSent) % 2 == 1
                    if central { link.centralSent += 1 } else { link.peripheralSent += 1 }
                    connections[number] = link
                    let pdu = BLELinkLayerPacket.dataPDU(llid: offset == 0 ? 2 : 1, nesn: nesn, sn: sn, payload: piece)
                    let packet = BLELinkLayerPacket.captured(rfChannel: BLELinkLayerPacket.rfChannel(data: 0), accessAddress: link.accessAddress,
                                                             crcInit: link.crcInit, pdu: pdu, direction: central ? .centralToPeripheral : .peripheralToCentral)
                    file.packet(microseconds: microseconds, packet, comment: offset == 0 ? note : nil)
                    offset += 251
                } while offset < l2cap.count
            }
        }
        return file.bytes
    }

    private func describe(_ advert: Advert) -> String {
        var text = "\(DeviceRef.till(advert.till).name) advertising event \(advert.event), channel \(37 + advert.channel)"
        if advert.collided { text += "; collided with another till's packet on the channel: no phone heard it" }
        if !advert.heard.isEmpty {
            text += "; heard by " + advert.heard.map { "\(DeviceRef.phone($0.phone).name) at \($0.rssi) dBm" }.joined(separator: ", ")
        }
        if !advert.lost.isEmpty {
            text += "; lost by " + advert.lost.map { "\(DeviceRef.phone($0.phone).name) (\($0.why.rawValue))" }.joined(separator: ", ")
        }
        return text
    }
}
