import MizanCrypto
import MizanProtocol
import MizanRadio
import MizanTime
import Testing
@testable import MizanFormats
@testable import MizanSim

/// `air.pcapng`: the air of a run as an ideal sniffer would capture it.
@Suite struct AirCaptureTests {
    static let seed: UInt64 = 3

    /// A short run of two tills and a queue of payers, captured.
    static func captured(cap: Int = AirCapture.defaultCap) throws -> (capture: AirCapture, bytes: [UInt8]) {
        let plan = FloorPlan(tills: FloorPlan.row(count: 2), payers: .queues(meanGap: .seconds(3), idle: 0), duration: .seconds(60))
        let capture = AirCapture(cap: cap)
        let floor = try Floor(plan: plan, seed: seed, air: capture)
        _ = floor.run()
        return (capture, capture.pcapng())
    }

    /// The blocks of a pcapng file: (type, body), checking each block's two lengths agree.
    static func blocks(_ bytes: [UInt8]) -> [(type: UInt32, body: ArraySlice<UInt8>)]? {
        func u32(_ at: Int) -> UInt32 { (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << UInt32(8 * $1) } }
        var out: [(type: UInt32, body: ArraySlice<UInt8>)] = []
        var at = 0
        while at < bytes.count {
            guard at + 12 <= bytes.count else { return nil }
            let length = Int(u32(at + 4))
            guard length >= 12, length % 4 == 0, at + length <= bytes.count, u32(at + length - 4) == UInt32(length) else { return nil }
            out.append((u32(at), bytes[(at + 8)..<(at + length - 4)]))
            at += length
        }
        return out
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return false }
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    @Test func aCaptureIsASectionAnInterfaceOfBLELinkLayerPacketsAndThePackets() throws {
        let (capture, bytes) = try Self.captured()
        let blocks = try #require(Self.blocks(bytes), "every block's lengths agree")
        #expect(blocks.first?.type == 0x0A0D_0D0A && blocks.dropFirst().first?.type == 1)
        // The interface's link type: LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR.
        #expect(Array(blocks[1].body.prefix(2)) == [0x00, 0x01])
        let packets = blocks.filter { $0.type == 6 }
        #expect(packets.count >= capture.packets && capture.packets > 100)
        #expect(capture.dropped == 0)
    }

    @Test func aCaptureHoldsThePublicKeysAsSentAndNoSecretOrSessionKey() throws {
        let (_, capture) = try Self.captured()
        // The run's key pairs, drawn as the floor draws them (each device's own stream of the seed).
        let keys = SeededGenerator(seed: Self.seed).split("keys")
        func pairs(_ name: String, _ count: Int) throws -> [KeyPair] {
            var stream = keys.split(name)
            return try (0..<count).map { _ in try KeyPair.derive(fromSeed: SecureBytes(copying: stream.bytes(count: KeyPair.seedByteCount))) }
        }
        let tills = try (0..<2).flatMap { try pairs("till \($0)", 8) }
        let phones = try (0..<12).flatMap { try pairs("phone \($0)", 2) }
        func bytes(_ secure: SecureBytes) -> [UInt8] { secure.withUnsafeBytes { Array($0) } }
        let sent = phones.filter { Self.contains(capture, $0.publicKey.bytes) }
        #expect(!sent.isEmpty, "the phones' public keys are on the air, as sent: the keys drawn here are the run's")
        for pair in tills + phones { #expect(!Self.contains(capture, bytes(pair.secretKey)), "a secret key") }
        for till in tills {
            for phone in sent {
                let server = try SessionKeys.server(own: till, client: phone.publicKey)
                let client = try SessionKeys.client(own: phone, server: till.publicKey)
                for key in [server.receive, server.transmit, client.receive, client.transmit] {
                    #expect(!Self.contains(capture, bytes(key)), "a session key")
                }
            }
        }
    }

    @Test func aCaptureKeepsTheFirstPacketsUpToItsCapAndCountsTheRest() throws {
        let whole = try Self.captured().capture
        let capped = try Self.captured(cap: 4_000).capture
        #expect(capped.packets > 0 && capped.packets < whole.packets)
        #expect(capped.dropped > 0)
    }

    @Test func theRunIsTheSameWithOrWithoutACapture() throws {
        let plan = FloorPlan(tills: FloorPlan.row(count: 2), payers: .queues(meanGap: .seconds(3), idle: 0), duration: .seconds(60))
        func trace(_ air: AirObserver?) throws -> [String] {
            var lines: [String] = []
            let floor = try Floor(plan: plan, seed: Self.seed, events: { lines.append("\($0)") }, air: air)
            _ = floor.run()
            return lines
        }
        #expect(try trace(nil) == trace(AirCapture()))
    }

    @Test func everyLinksAccessAddressKeepsTheSpecificationsRules() {
        for number in 0..<500 {
            #expect(AirCapture.isValidAccessAddress(AirCapture.accessAddress(number)))
        }
        #expect(!AirCapture.isValidAccessAddress(BLELinkLayerPacket.advertisingAccessAddress))
        #expect(!AirCapture.isValidAccessAddress(0x5555_5555), "four equal bytes")
        #expect(!AirCapture.isValidAccessAddress(0x0000_00FF), "more than six equal bits in a row")
    }
}
