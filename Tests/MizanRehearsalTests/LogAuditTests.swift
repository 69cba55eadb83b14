import MizanCrypto
import MizanProtocol
import Testing
@testable import MizanRehearsal

/// The audit catches what it is for: a lane's own logs pass, and the same
/// logs with an amount, a key or an identifier planted in them do not.
@Suite struct LogAuditTests {
    static func lane(_ name: String) throws -> Lane {
        try LaneDecoder.load(path: RepoPaths.lanes + "/" + name + ".json")
    }

    /// Runs the lane and audits its logs with `planted` added to the real side's.
    func audit(_ planted: String, lane name: String = "01-success") throws -> [LogAudit.Finding] {
        let lane = try Self.lane(name)
        #expect(LaneRunner.run(lane).audit.isEmpty)
        return LaneRunner.run(lane, plant: planted).audit
    }

    @Test(arguments: ["charged 4217", "total 42.17", "total 42,17", "EUR 42.17", "42.17EUR", "amount=42.170"])
    func aPlantedAmountIsCaught(_ line: String) throws {
        #expect(try audit(line).map(\.what) == ["the amount"])
    }

    @Test func aPlantedKeyIsCaughtInHexBase64OrAPrefix() throws {
        let lane = try Self.lane("01-success")
        let clean = LaneRunner.run(lane)
        let till = try #require(clean.tillKeys.first)
        let phone = try #require(clean.phoneKeys.first)
        let session = try #require(clean.sessions.first)
        let sessionKey = try SessionKeys.client(own: session.phone, server: session.till.publicKey).transmit.withUnsafeBytes { Array($0) }
        let cases: [(String, String)] = [
            ("key " + Forbidden.hex(till.publicKey), "the till's public key"),
            ("KEY " + Forbidden.hex(phone.secretKey).uppercased(), "the phone's secret key"),
            ("sk=" + String(Forbidden.hex(till.secretKey).prefix(8)), "the till's secret key"),
            ("mid " + Forbidden.hex(Array(phone.publicKey[10..<14])), "the phone's public key"),
            ("b64 " + Base64.encode(phone.publicKey), "the phone's public key"),
            ("b64url " + String(Base64.encode(till.secretKey, alphabet: Base64.urlSafe).prefix(8)), "the till's secret key"),
            ("session " + Forbidden.hex(sessionKey), "a session key"),
        ]
        for (line, what) in cases {
            let findings = LaneRunner.run(lane, plant: line).audit
            #expect(findings.map(\.what).contains(what), "\(what) not caught")
        }
    }

    @Test(arguments: [("till 40961", "the till id"), ("till-a001", "the till id"), ("id 0x0000A001", "the till id"),
                      ("label checkout nine", "the till's label"), ("central 77813", "the phone's central id"),
                      ("central 0x12ff5", "the phone's central id"), ("tx 0000a00100000000", "the transaction id")])
    func aPlantedIdentifierIsCaught(_ line: String, _ what: String) throws {
        #expect(try audit(line).map(\.what).contains(what))
    }

    @Test func findingsNameTheDeviceAndLineButNeverRepeatIt() throws {
        let findings = try audit("paid 42.17 EUR at Checkout Nine")
        #expect(findings.count == 2)
        for finding in findings {
            #expect(finding.device == "host (real)")
            #expect(!finding.description.contains("42.17"))
            #expect(!finding.description.contains("Checkout Nine"))
        }
    }

    @Test func ordinaryLinesPass() {
        let forbidden = [Forbidden.amount(try! Amount(minorUnits: 4217, currency: .eur)), .identifier("the till id", 7, byteWidth: 4)]
        let lines = ["screen: paid", "ended: payer left, nothing charged", "peer: done: send decision", "till 17 and 70"]
        #expect(LogAudit.check(lines.map { LogAudit.Line(device: "d", text: $0) }, against: forbidden).isEmpty)
        #expect(LogAudit.check([LogAudit.Line(device: "d", text: "till-7")], against: forbidden).count == 1)
    }

    @Test func largeAmountsAreCaughtWithThousandsSeparators() {
        let forbidden = [Forbidden.amount(try! Amount(minorUnits: 123_456_789, currency: .usd))]
        for line in ["1,234,567.89", "1.234.567,89", "1 234 567,89", "1234567.89", "USD 1234567.89"] {
            #expect(LogAudit.check([LogAudit.Line(device: "d", text: line)], against: forbidden).count == 1, "\(line)")
        }
    }
}
