import Foundation
import Testing
@testable import mizan
import MizanTestSupport

/// `mizan replay --pcap FILE`: one transaction's air, for Wireshark.
@Suite struct ReplayCaptureTests {
    @Test func aTransactionsCaptureHoldsItsTillsAdvertisingAndItsLinksExchangesOnly() throws {
        let floor = try RunCommandTests.file(#"{"minutes": 0.5, "tills": {"row": {"count": 3}}, "payers": {"arrivals": "poisson", "meanGapSeconds": 4}}"#)
        let path = ScratchFolder.path("mizan-replay-\(UUID().uuidString).pcapng")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ReplayCommand.main(["--floor", floor, "--transaction", "2", "--pcap", path]) == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.prefix(4).elementsEqual([0x0A, 0x0D, 0x0D, 0x0A]), "a pcapng section")
        // Every comment names one till: the transaction's (a packet of another till's would name it).
        let text = String(decoding: bytes, as: UTF8.self)
        let tills = Set(text.matches(of: /till-(\d+)/).map { String($0.output.1) })
        #expect(tills.count == 1, "tills named: \(tills.sorted())")
        #expect(text.contains("writes a phone key frame"), "the link's exchanges are in it")
    }

    @Test func aCaptureAtTheFloorFilesPathIsRefused() throws {
        let floor = try RunCommandTests.file(#"{"minutes": 0.5, "tills": {"row": {"count": 1}}, "payers": {"arrivals": "pairs"}}"#)
        let failure = RunCommandTests.failure { try ReplayCommand.main(["--floor", floor, "--transaction", "1", "--pcap", floor]) }
        #expect(failure?.status == 2, "\(failure?.message ?? "accepted")")
    }
}
