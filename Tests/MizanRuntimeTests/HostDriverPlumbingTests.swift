import MizanCrypto
import MizanProtocol
import Testing

/// The till's driver is plumbing: the chain decides what a full notify queue,
/// a delivery or the crypto's latency means, and the driver carries it out.
@Suite struct HostDriverPlumbingTests {
    @Test func anAmountTheQueueRefusedGoesAgainUnchangedWhenThereIsRoom() throws {
        let rig = try TillRig()
        rig.refuseNext = 2
        rig.payerWritesItsKey()
        #expect(rig.notified.isEmpty)
        #expect(rig.driver.screen == .securingLink)
        rig.driver.handle(radio: .readyToUpdate) // still no room
        #expect(rig.notified.isEmpty)
        rig.driver.handle(radio: .readyToUpdate)
        #expect(rig.notified.count == 1)
        #expect(rig.attempts.count == 3 && Set(rig.attempts).count == 1, "the same sealed frame, not sealed again")
        #expect(rig.driver.screen == .waitingForPayer)
        #expect(rig.timers[.countdown] == nil, "the countdown stops once the amount is on the radio")
        rig.driver.handle(radio: .readyToUpdate)
        #expect(rig.attempts.count == 3, "nothing waits any more")
    }

    @Test func aSlowTillSendsTheAmountOnlyWhenItsCryptoTimerFires() throws {
        let rig = try TillRig(cryptoLatency: .milliseconds(40))
        rig.payerWritesItsKey()
        #expect(rig.timers[.crypto] == .milliseconds(40))
        #expect(rig.attempts.isEmpty)
        #expect(rig.driver.screen == .securingLink)
        rig.timers[.crypto] = nil
        rig.driver.timerFired(.crypto)
        #expect(rig.notified.count == 1)
        #expect(rig.driver.screen == .waitingForPayer)
    }

    @Test func aLinkLostWhileTheSessionIsHeld_cancelsTheCryptoTimer() throws {
        let rig = try TillRig(cryptoLatency: .milliseconds(40))
        rig.payerWritesItsKey()
        rig.driver.handle(radio: .unsubscribed(TillRig.payer))
        #expect(rig.timers[.crypto] == nil)
        #expect(rig.endings == [.handshakeFailed])
        rig.driver.timerFired(.crypto) // raced with the cancel: changes nothing
        #expect(rig.attempts.isEmpty)
        #expect(rig.driver.screen == .handshakeFailed)
    }

    @Test func theResultCountsAsDeliveredOnlyOnceSentAndOnlyToThePayer() throws {
        let rig = try TillRig()
        rig.payerWritesItsKey()
        var payer = try #require(try rig.payerSession())
        rig.driver.handle(radio: .delivered(TillRig.payer)) // the amount's delivery
        #expect(rig.driver.screen == .waitingForPayer)
        let confirm = try payer.seal(SealedMessageCodec.encode(.decision(.confirm)), frameHeader: FrameCodec.clearHeader(of: .decision(sealed: [])))
        rig.driver.handle(radio: .wrote(TillRig.payer, FrameCodec.encode(.decision(sealed: confirm))))
        #expect(rig.driver.screen == .pickOutcome)
        rig.driver.handle(.payment(.operatorPicks(.success)))
        #expect(rig.driver.screen == .sendingResult)
        rig.driver.handle(radio: .delivered(CentralID(2)))
        #expect(rig.driver.screen == .sendingResult)
        rig.driver.handle(radio: .delivered(TillRig.payer))
        #expect(rig.endings == [.paid])
        #expect(rig.driver.screen == .paid)
    }

    @Test func aDecisionFromAPhoneTheTillDoesNotServeIsRejectedUnopened() throws {
        let rig = try TillRig()
        rig.payerWritesItsKey()
        var payer = try #require(try rig.payerSession())
        let confirm = try payer.seal(SealedMessageCodec.encode(.decision(.confirm)), frameHeader: FrameCodec.clearHeader(of: .decision(sealed: [])))
        rig.driver.handle(radio: .wrote(CentralID(2), FrameCodec.encode(.decision(sealed: confirm))))
        #expect(rig.driver.screen == .waitingForPayer, "another phone's frame ends nothing")
        // The payer's own confirm still opens: the other phone's copy was never opened.
        rig.driver.handle(radio: .wrote(TillRig.payer, FrameCodec.encode(.decision(sealed: confirm))))
        #expect(rig.driver.screen == .pickOutcome)
    }

    @Test func bluetoothGoingOffWhileSecuringIsTheServedPhonesLostLink() throws {
        let rig = try TillRig(cryptoLatency: .milliseconds(40))
        rig.payerWritesItsKey()
        rig.driver.handle(radio: .stateChanged(.off))
        #expect(rig.endings == [.handshakeFailed])
        #expect(rig.timers.isEmpty)
    }
}
