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

    /// A packet is taken without a whole reduce (`PhoneChain.hear`), but only
    /// when no event waits: one heard while the driver works through others
    /// waits its turn. Here the scan ends, and while the ending is reported the
    /// payer taps Start again and a packet arrives: it belongs to the new scan.
    @Test func aPacketHeardWhileEventsWaitIsRecordedInItsTurn() {
        let rig = PhoneRig()
        rig.driver.handle(.find(.tapStart))
        rig.onEnding = {
            rig.onEnding = {}
            rig.driver.handle(.find(.tapStart))
            rig.driver.handle(radio: .discovered(PhoneRig.advertisement, rssi: -61))
        }
        rig.now = .milliseconds(300)
        rig.driver.handle(.payerCancels)
        #expect(rig.endings == [.cancelled])
        guard case let .scanning(samples, firstHeard, _) = rig.driver.state.find else {
            Issue.record("the second tap starts a new scan: \(rig.driver.state.find)"); return
        }
        #expect(samples == [RSSISample(till: PhoneRig.till, rssi: -61, at: .milliseconds(300))])
        #expect(firstHeard == .milliseconds(300))
        #expect(rig.driver.screen == .searching)
    }

    @Test func packetsThatAreNotAdvertisementsOrHaveNoRSSIAreNotRecorded() {
        let rig = PhoneRig()
        rig.driver.handle(.find(.tapStart))
        var wrongService = PhoneRig.advertisement
        wrongService[5] ^= 0x01
        rig.driver.handle(radio: .discovered(wrongService, rssi: -50))
        rig.driver.handle(radio: .discovered(Array(PhoneRig.advertisement.dropLast()), rssi: -50))
        rig.driver.handle(radio: .discovered(PhoneRig.advertisement, rssi: RSSISample.notAvailable))
        rig.driver.handle(radio: .discovered(PhoneRig.advertisement, rssi: -70))
        guard case let .scanning(samples, _, _) = rig.driver.state.find else { Issue.record("not scanning"); return }
        #expect(samples.map(\.rssi) == [-70])
    }
}
