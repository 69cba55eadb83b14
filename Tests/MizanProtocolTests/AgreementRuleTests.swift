import Testing
@testable import MizanProtocol

@Suite struct AgreementRuleTests {
    static let allHost: [HostEnding?] = [nil] + HostEnding.allCases
    static let allPhone: [PhoneEnding?] = [nil] + PhoneEnding.allCases

    @Test func everyCataloguePairIsAgreed() {
        for row in EndingsCatalogue.rows {
            #expect(AgreementRule.check(row.pair) != .violated(row.pair), "\(row.ending)")
        }
    }

    @Test func everyEndingOfTheCatalogueHasARow() {
        let covered = Set(EndingsCatalogue.rows.map(\.ending))
        #expect(covered == Set(Ending.allCases))
        #expect(Ending.allCases.count >= 17)
    }

    @Test func phonePaidWithHostFailedDeclinedOrCancelledIsRejected() {
        let phone = PhoneEnding.paid
        for host: HostEnding in [.failed, .payerDeclined, .cancelled, .cancelledWhileBroadcasting, .failedPayerNotTold, .payerLeft] {
            #expect(AgreementRule.check(host: host, phone: phone) == .violated(EndingPair(host: host, phone: phone)))
        }
        #expect(AgreementRule.check(host: nil, phone: .paid) == .violated(EndingPair(host: nil, phone: .paid)))
    }

    @Test func hostPaidWithPhoneDeclinedFailedOrCancelledIsRejected() {
        for host: HostEnding in [.paid, .paidPayerNotTold] {
            for phone: PhoneEnding in [.youDeclined, .failed, .cancelled, .tillCancelled, .connectionLost, .couldntConnect] {
                #expect(AgreementRule.check(host: host, phone: phone) == .violated(EndingPair(host: host, phone: phone)))
            }
        }
    }

    @Test func noAllowedPairBreaksTheAgreementPrinciples() {
        for host in Self.allHost {
            for phone in Self.allPhone {
                let pair = EndingPair(host: host, phone: phone)
                guard case .agreed = AgreementRule.check(pair) else { continue }
                // The phone shows paid only if the host's outcome is success.
                if phone == .paid { #expect(host == .paid, "\(pair)") }
                // Money moves only where the operator picked success.
                if pair.charged { #expect(host == .paid || host == .paidPayerNotTold, "\(pair)") }
                // The host never shows paid while the phone says declined, failed or cancelled.
                if host == .paid || host == .paidPayerNotTold {
                    #expect(phone == .paid || phone == .resultUnknown, "\(pair)")
                }
                // An ending is known to at least one side.
                #expect(host != nil || phone != nil)
            }
        }
    }

    @Test func chargedColumnFollowsTheHostsOutcome() {
        let charged = EndingsCatalogue.rows.filter(\.charged).map(\.pair.host)
        #expect(Set(charged) == [.paid, .paidPayerNotTold])
    }
}
