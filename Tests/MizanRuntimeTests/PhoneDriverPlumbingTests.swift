import MizanProtocol
import Testing

/// The phone's driver is plumbing: the chain decides whether a report that the
/// link went is about this link and whether a write acknowledgement is the key's.
@Suite struct PhoneDriverPlumbingTests {
    @Test func aLateReportFromAnEarlierLinkWhileConnectingIsIgnored() {
        let rig = PhoneRig()
        rig.chooseTheTill()
        #expect(rig.connects == [PhoneRig.till])
        rig.driver.handle(radio: .serviceInvalidated)
        rig.driver.handle(radio: .disconnected)
        #expect(rig.driver.screen == .connecting)
        #expect(rig.endings.isEmpty)
        rig.driver.handle(radio: .connected)
        #expect(rig.writes.count == 1, "connected: the phone writes its key")
    }

    @Test func aDroppedLinkAfterTheKeyWasAcknowledgedIsAFailedHandshake() {
        let rig = PhoneRig()
        rig.chooseTheTill()
        rig.driver.handle(radio: .connected)
        rig.driver.handle(radio: .writeAcknowledged)
        rig.driver.handle(radio: .disconnected)
        #expect(rig.endings == [.handshakeFailed])
        #expect(rig.disconnects == 1)
        rig.driver.handle(radio: .serviceInvalidated) // the same loss, reported twice: one ending
        #expect(rig.endings == [.handshakeFailed])
    }

    @Test func aDroppedLinkBeforeTheKeyWasAcknowledgedIsCouldntConnect() {
        let rig = PhoneRig()
        rig.chooseTheTill()
        rig.driver.handle(radio: .connected)
        rig.driver.handle(radio: .disconnected)
        #expect(rig.endings == [.couldntConnect])
    }

    @Test func bluetoothGoingOffWhileConnectingIsALostLink() {
        let rig = PhoneRig()
        rig.chooseTheTill()
        rig.driver.handle(radio: .stateChanged(.off))
        #expect(rig.endings == [.couldntConnect])
        #expect(rig.driver.screen == .couldntConnect)
        #expect(rig.timers.isEmpty)
    }
}
