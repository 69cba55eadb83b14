import MizanCrypto
import MizanProtocol
import Testing

/// Real host and phone drivers, real libsodium, over a perfect in-memory link.
@Suite struct DriverLoopbackTests {
    static let amount = try! Amount(minorUnits: 1250, currency: .eur)

    @Test func aConfirmedPaymentEndsWithBothScreensPaid() throws {
        let link = try Loopback()
        link.host.handle(.entry(.lock(Self.amount)))
        #expect(link.host.screen == .broadcasting)
        link.phoneFindsTheTill()
        #expect(link.phone.screen == .reviewAmount)
        #expect(link.host.screen == .waitingForPayer)
        #expect(link.phoneTimers.isEmpty, "the phone's deadline stops at the secure link")
        #expect(link.hostTimers.isEmpty, "the countdown stops once the amount is on the radio")
        link.phone.handle(.review(.payerConfirms))
        link.run()
        #expect(link.host.screen == .pickOutcome)
        link.host.handle(.payment(.operatorPicks(.success)))
        link.run()
        #expect(link.host.screen == .paid)
        #expect(link.phone.screen == .paid)
        #expect(link.hostEndings == [.paid])
        #expect(link.phoneEndings == [.paid])
    }

    @Test func thePhoneReviewsTheAmountTheTillLocked() throws {
        let link = try Loopback()
        link.secureLink(Self.amount)
        guard case let .reviewing(details) = link.phone.state.review else {
            Issue.record("phone not reviewing: \(link.phone.screen)")
            return
        }
        #expect(details.amount == Self.amount)
        #expect(details.tillLabel == "Till 7")
    }

    @Test func aDeclineEndsWithPayerDeclinedAndYouDeclined() throws {
        let link = try Loopback()
        link.secureLink(Self.amount)
        link.phone.handle(.review(.payerDeclines))
        link.run()
        #expect(link.hostEndings == [.payerDeclined])
        #expect(link.phoneEndings == [.youDeclined])
    }

    @Test func aCancelAfterTheSecureLinkReachesThePhoneSealed() throws {
        let link = try Loopback()
        link.secureLink(Self.amount)
        link.host.handle(.operatorCancels)
        link.run()
        #expect(link.hostEndings == [.cancelled])
        #expect(link.phoneEndings == [.tillCancelled])
    }

    @Test func theSameSeedsReplayTheSameFramesByteForByte() throws {
        func frames(phoneSeed: UInt8) throws -> [[UInt8]] {
            let link = try Loopback()
            link.phoneSeed = phoneSeed
            link.secureLink(Self.amount)
            link.confirmAndPick(.success)
            return link.frames
        }
        let first = try frames(phoneSeed: 2)
        #expect(first.count == 4) // phone key, amount, decision, result
        #expect(try frames(phoneSeed: 2) == first)
        #expect(try frames(phoneSeed: 3) != first)
    }

    @Test func aTamperedResultLeavesThePhoneSayingResultUnknown() throws {
        let link = try Loopback()
        link.secureLink(Self.amount)
        link.phone.handle(.review(.payerConfirms))
        link.run()
        // Feed the phone a result sealed under another session.
        let other = try Loopback()
        other.hostSeed = 9
        other.secureLink(Self.amount)
        other.confirmAndPick(.success)
        let forged = try #require(other.frames.last)
        link.phone.handle(radio: .notified(forged))
        #expect(link.phone.screen == .resultUnknown)
    }

    @Test func devicesLogNoAmountKeyOrIdentifier() throws {
        let link = try Loopback()
        link.secureLink(Self.amount)
        link.confirmAndPick(.success)
        let logs = link.hostLog + link.phoneLog
        #expect(!logs.isEmpty)
        func hex(_ bytes: [UInt8]) -> String {
            bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        }
        // The keys the seeds give both sides, as a log might print them.
        let keys = try [1, 2].map { (seed: UInt8) in
            hex(try KeyPair.derive(fromSeed: SecureBytes(copying: [UInt8](repeating: seed, count: 32))).publicKey.bytes)
        }
        for line in logs {
            let forbidden = ["1250", "12.50", "12,50", "EUR", "Till 7", "till-7"] + keys.map { String($0.prefix(8)) }
            for forbidden in forbidden {
                #expect(!line.contains(forbidden), "log line '\(line)' contains '\(forbidden)'")
            }
        }
    }
}
