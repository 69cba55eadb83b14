import Foundation
import MizanProtocol
import Testing
@testable import MizanSim
@testable import MizanRadio

/// Every ending of the catalogue, reached by the real host and phone machines
/// over the simulated medium: an otherwise good radio, and the one fault or
/// policy that leads there. Each checks the pair of endings, that the
/// agreement rule allows it, and what both screens showed as it ended.
@Suite struct FloorEndingTests {
    static let ms = Duration.milliseconds

    /// Runs the plan and checks that a settled transaction has this pair, with the catalogue's screens.
    func expect(_ host: HostEnding?, _ phone: PhoneEnding?, ending: Ending? = nil, seed: UInt64 = 1,
                sourceLocation: SourceLocation = #_sourceLocation, _ configure: (inout FloorPlan) -> Void) throws {
        let run = try FloorRun(FloorRun.single(configure), seed: seed)
        let pair = EndingPair(host: host, phone: phone)
        let match = run.report.ledger.settled.first { $0.pair == pair }
        #expect(match != nil, "expected \(pair), got \(run.pairs)", sourceLocation: sourceLocation)
        #expect(run.report.violations.isEmpty, "violations: \(run.report.violations.map(\.pair))", sourceLocation: sourceLocation)
        guard let match else { return }
        if let ending { #expect(match.verdict == .agreed(ending), sourceLocation: sourceLocation) }
        if let index = match.host { #expect(run.report.ledger.hosts[index].screen == host?.screen, sourceLocation: sourceLocation) }
        if let index = match.attempt { #expect(run.report.ledger.attempts[index].screen == phone?.screen, sourceLocation: sourceLocation) }
        #expect(run.report.ledger.settled.count == run.report.ledger.hosts.count + run.report.ledger.attempts.count
                    - run.report.ledger.settled.filter { $0.host != nil && $0.attempt != nil }.count,
                "every transaction settles once", sourceLocation: sourceLocation)
    }

    @Test func e01_success() throws { try expect(.paid, .paid, ending: .success) { _ in } }

    @Test func e02_operatorPicksFailure() throws {
        try expect(.failed, .failed, ending: .failure) { $0.operators.successProbability = 0 }
    }

    @Test func e03_payerDeclines() throws {
        try expect(.payerDeclined, .youDeclined, ending: .payerDeclines) { $0.payerBehaviour.confirmProbability = 0 }
    }

    @Test func e04_noOneConnectsBeforeTheCountdownEnds() throws {
        try expect(.countdownExpired, nil, ending: .noOneConnects) {
            $0.tills[0].countdown = .seconds(5)
            $0.faults = [.bluetooth(.phone(0), .off, at: .zero)]
        }
    }

    @Test func e05_operatorCancelsWhileBroadcasting() throws {
        try expect(.cancelledWhileBroadcasting, nil, ending: .cancelWhileBroadcasting) { $0.operators.cancelAfter = Self.ms(500) }
    }

    @Test func e06_operatorCancelsAfterTheSecureLink() throws {
        try expect(.cancelled, .tillCancelled, ending: .cancelAfterSecureLink) { $0.operators.cancelAfter = .seconds(2) }
    }

    @Test func e07_linkLostAfterTheKeyBeforeTheAmount() throws {
        try expect(.handshakeFailed, .handshakeFailed, ending: .linkLostAfterKeyBeforeAmount) {
            $0.faults = [.dropLinkAtStep(.afterKeyBeforeAmount, phone: 0, after: .microseconds(500))]
        }
    }

    @Test func e08_linkLostAfterConfirmBeforePick() throws {
        try expect(.paidPayerNotTold, .resultUnknown) {
            $0.faults = [.dropLinkAtStep(.afterConfirm, phone: 0, after: Self.ms(1))]
        }
    }

    @Test func e09_linkLostAfterPickBeforeTheResult() throws {
        try expect(.failedPayerNotTold, .resultUnknown) {
            $0.operators.successProbability = 0
            $0.faults = [.dropLinkAtStep(.afterPick, phone: 0, after: Self.ms(1))]
        }
    }

    @Test func e10_bluetoothOffOnTheTill() throws {
        try expect(.bluetoothOff, nil, ending: .bluetoothOff) { $0.faults = [.bluetooth(.till(0), .off, at: .zero)] }
    }

    @Test func e10_bluetoothOffOnThePhone() throws {
        try expect(nil, .bluetoothOff, ending: .bluetoothOff) { $0.faults = [.bluetooth(.phone(0), .off, at: .zero)] }
    }

    @Test func e11_bluetoothNotAllowed() throws {
        try expect(.bluetoothNotAllowed, nil, ending: .bluetoothNotAllowed) { $0.faults = [.bluetooth(.till(0), .notAllowed, at: .zero)] }
        try expect(nil, .bluetoothNotAllowed, ending: .bluetoothNotAllowed) { $0.faults = [.bluetooth(.phone(0), .notAllowed, at: .zero)] }
    }

    @Test func e12_linkLostBeforeTheTillHasTheKey() throws {
        try expect(nil, .couldntConnect, ending: .linkLostBeforeKey) {
            $0.faults = [.dropLinkAtStep(.beforeKey, phone: 0, after: .zero)]
        }
    }

    @Test func e13_phoneDeadlinePassesWhileTheTillIsQuiet() throws {
        try expect(.handshakeFailed, .couldntConnect, ending: .phoneDeadlinePasses) { $0.radio.hostCryptoLatency = .seconds(20) }
        let run = try FloorRun(FloorRun.single { $0.radio.hostCryptoLatency = .seconds(20) }, seed: 1)
        #expect(run.report.phoneDeadlineMisses.tillQuietMidHandshake == 1)
    }

    @Test func e13_phoneDeadlinePassesWithNoTillFound() throws {
        let run = try FloorRun(FloorRun.single { $0.faults = [.bluetooth(.till(0), .off, at: .zero)] }, seed: 1)
        #expect(run.pairs.contains(EndingPair(host: nil, phone: .couldntConnect)))
        #expect(run.report.phoneDeadlineMisses.noTillFound == 1)
    }

    @Test func e14_linkLostWhileThePayerReviews() throws {
        try expect(.payerLeft, .connectionLost, ending: .linkLostWhileReviewing) { $0.faults = [.dropLink(phone: 0, at: .seconds(2))] }
    }

    @Test func e15_payerCancelsBeforeDeciding() throws {
        try expect(.payerLeft, .cancelled, ending: .payerCancelsBeforeDeciding) { $0.payerBehaviour.cancelAfter = .seconds(2) }
    }

    @Test func e16_aSecondPhoneReachesATillAlreadyServingOne() throws {
        try expect(nil, .tillBusy, ending: .tillBusy) { $0.payers = .pairs(distance: 0.5, phonesPerTill: 2) }
    }

    @Test func e17_aSealedDecisionFailsToOpen() throws {
        try expect(.secureLinkFailed, .resultUnknown, ending: .sealedFrameFails) { $0.faults = [.corruptFrame(.decision, phone: 0)] }
    }

    @Test func e17_aSealedAmountFailsToOpen() throws {
        try expect(.payerLeft, .secureLinkFailed, ending: .sealedFrameFails) { $0.faults = [.corruptFrame(.amount, phone: 0)] }
    }

    @Test func e18_linkLostAfterTheAmountWasSent() throws {
        try expect(.payerLeft, .handshakeFailed, ending: .linkLostAfterAmountSent) {
            $0.faults = [.dropLinkAtStep(.afterAmountSentBeforePhoneHasIt, phone: 0, after: Self.ms(1))]
        }
    }

    @Test func e19_payerCancelsWhileSearching() throws {
        try expect(nil, .cancelled, ending: .payerCancelsBeforeSecureLink) { $0.payerBehaviour.cancelAfter = Self.ms(500) }
    }

    @Test func e20_operatorCancelsAndTheLinkIsLostBeforeTheEndArrives() throws {
        try expect(.cancelled, .connectionLost, ending: .cancelAfterSecureLinkLinkLost) {
            $0.operators.cancelAfter = .seconds(2)
            $0.faults = [.dropLink(phone: 0, at: .seconds(2) + Self.ms(1))]
        }
    }

    @Test func bluetoothOffWhileThePhoneConnectsEndsTheAttemptAtOnce() throws {
        // The phone chooses at 1 s and connects for 30 ms; Bluetooth goes off 10 ms in.
        let run = try FloorRun(FloorRun.single { $0.faults = [.bluetooth(.phone(0), .off, at: .seconds(1) + Self.ms(10))] }, seed: 1)
        let attempt = try #require(run.report.ledger.attempts.first)
        #expect(attempt.ending == .couldntConnect)
        #expect(try #require(attempt.endedAt) < .seconds(2), "not left connecting until the 10 s deadline")
    }

    @Test func aPayerWalkingAwayLosesTheLinkAfterASupervisionTimeout() throws {
        var plan = FloorRun.single { $0.faults = [.walkAway(phone: 0, at: .seconds(2), speed: 1.5, dx: 0, dy: 1)] }
        plan.radio = .firstDefinition // its ranges are computed from the simple model's path loss
        plan.radio.packetSigma = 0
        plan.payerBehaviour.reviewTime = 120...120
        let run = try FloorRun(plan, seed: 3)
        #expect(run.pairs.first == EndingPair(host: .payerLeft, phone: .connectionLost))
        // Mean RSSI reaches the sensitivity (-95 dBm) at 10^(36/22) m; walking at 1.5 m/s from 0.5 m
        // away, the last packet gets through before then, and the link goes one timeout later.
        let model = SignalModel.firstRadio(plan.radio)
        let outOfRange = 2 + (pow(10, (plan.radio.referenceRSSI - plan.radio.sensitivity) / (10 * plan.radio.pathLossExponent)) - 0.5) / 1.5
        let lostAt = try #require(run.report.ledger.attempts.first?.endedAt).seconds
        #expect(lostAt <= outOfRange + plan.radio.supervisionTimeout.seconds + 0.1)
        // PER reaches 50 % well before the sensitivity; nothing is lost before that point.
        let halfLoss = 2 + (pow(10, (plan.radio.referenceRSSI - plan.radio.perMidpoint) / (10 * plan.radio.pathLossExponent)) - 0.5) / 1.5
        #expect(lostAt >= halfLoss)
        #expect(model.packetErrorRate(rssi: plan.radio.sensitivity - 1) == 1)
    }
}

/// A drop "after the till has the key" with no delay: the till must get the
/// key before the link goes, and every transaction must end. (Before the fix
/// the drop closed the link first and the write was still delivered: the till
/// took the key of a phone already gone and waited for its decision forever.)
@Suite struct ZeroDelayStepDropTests {
    @Test func aDropAtTheKeyWithNoDelayComesAfterTheTillHasTheKey() throws {
        let run = try FloorRun(FloorRun.single { $0.faults = [.dropLinkAtStep(.afterKeyBeforeAmount, phone: 0, after: .zero)] }, seed: 1)
        #expect(run.report.ledger.hosts.allSatisfy { $0.ending != nil }, "a till transaction never ended")
        #expect(run.pairs == [EndingPair(host: .handshakeFailed, phone: .handshakeFailed)])
    }

    @Test func aDropAtTheConfirmWithNoDelayComesAfterTheTillHasIt() throws {
        let run = try FloorRun(FloorRun.single { $0.faults = [.dropLinkAtStep(.afterConfirm, phone: 0, after: .zero)] }, seed: 1)
        #expect(run.report.ledger.hosts.allSatisfy { $0.ending != nil }, "a till transaction never ended")
        #expect(run.pairs == [EndingPair(host: .paidPayerNotTold, phone: .resultUnknown)])
    }
}
