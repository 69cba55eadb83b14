import MizanProtocol
import MizanRuntime
import Testing

/// The behaviours of Core Bluetooth that the drivers rely on, held against
/// every radio they run on: the floor's medium, the in-memory link of the
/// rehearsal lanes, and the loopback link of the drivers' tests.
@Suite struct RadioContractTests {
    static func rig(_ name: String) -> RadioRig {
        RadioRig.all[RadioRig.names.firstIndex(of: name)!]()
    }

    @Test(arguments: RadioRig.names)
    func aPhoneHearsTheAdvertisementAndIsConnectedOnceTheTillHasSeenTheSubscription(_ name: String) throws {
        let rig = Self.rig(name)
        rig.connect()
        let payload = rig.advertisement
        #expect(rig.phoneHeard.contains { if case .discovered(payload, _) = $0 { true } else { false } }, "\(name)")
        let connected = try #require(rig.heard.firstIndex(of: .phone(.connected)), "\(name): \(rig.heard)")
        let subscribed = try #require(rig.heard.firstIndex(of: .till(.subscribed(CentralID(1)))), "\(name): \(rig.heard)")
        // Connected means connected and subscribed: the subscription is a write
        // with response, which the till sees before the phone hears it answered.
        #expect(subscribed < connected, "\(name): \(rig.heard)")
        #expect(!rig.phoneHeard.contains(.failedToConnect), "\(name)")
    }

    @Test(arguments: RadioRig.names)
    func aPhoneNeverConnectsToATillThatIsNotAdvertising(_ name: String) {
        let rig = Self.rig(name)
        rig.central.connect(rig.tillID)
        rig.settle()
        #expect(!rig.phoneHeard.contains(.connected), "\(name): \(rig.heard)")
        #expect(!rig.tillHeard.contains(.subscribed(CentralID(1))), "\(name)")
    }

    @Test(arguments: RadioRig.names)
    func aWriteReachesTheTillBeforeThePhoneHearsItAcknowledged(_ name: String) throws {
        let rig = Self.rig(name)
        rig.connect()
        rig.forget()
        rig.central.write([1, 2, 3])
        rig.settle()
        let wrote = try #require(rig.heard.firstIndex(of: .till(.wrote(CentralID(1), [1, 2, 3]))), "\(name): \(rig.heard)")
        let acknowledged = try #require(rig.heard.firstIndex(of: .phone(.writeAcknowledged)), "\(name): \(rig.heard)")
        #expect(wrote < acknowledged, "\(name)")
    }

    @Test(arguments: RadioRig.names)
    func notificationsArriveInOrderAndEachIsReportedDelivered(_ name: String) {
        let rig = Self.rig(name)
        rig.connect()
        rig.forget()
        var refused = 0
        for byte in UInt8(1)...3 where !rig.peripheral.notify(CentralID(1), [byte]) { refused += 1 }
        rig.settle()
        #expect(refused == 0, "\(name): three notifications fit the queue")
        #expect(rig.phoneHeard == [.notified([1]), .notified([2]), .notified([3])], "\(name): \(rig.heard)")
        #expect(rig.tillHeard == [.delivered(CentralID(1)), .delivered(CentralID(1)), .delivered(CentralID(1))], "\(name): \(rig.heard)")
    }

    @Test(arguments: RadioRig.names)
    func aRefusedNotificationIsFollowedByReadyToUpdate(_ name: String) {
        let rig = Self.rig(name)
        rig.connect()
        rig.forget()
        var refused = 0
        for index in 0..<64 where !rig.peripheral.notify(CentralID(1), [UInt8(index)]) { refused += 1 }
        rig.settle()
        let ready = rig.tillHeard.filter { $0 == .readyToUpdate }.count
        #expect(ready >= (refused > 0 ? 1 : 0), "\(name): \(refused) refused, \(ready) readyToUpdate")
        #expect(rig.phoneHeard.count == 64 - refused, "\(name): a refused notification is not sent")
    }

    @Test(arguments: RadioRig.names)
    func aRetiredServiceSendsWhatIsQueuedThenEndsTheLink(_ name: String) throws {
        let rig = Self.rig(name)
        rig.connect()
        rig.forget()
        _ = rig.peripheral.notify(CentralID(1), [9])
        rig.peripheral.retireService()
        rig.settle()
        let notified = try #require(rig.heard.firstIndex(of: .phone(.notified([9]))), "\(name): \(rig.heard)")
        let gone = try #require(rig.heard.firstIndex { $0 == .phone(.serviceInvalidated) || $0 == .phone(.disconnected) }, "\(name): \(rig.heard)")
        #expect(notified < gone, "\(name)")
        // The link is over: nothing more crosses it either way.
        rig.forget()
        _ = rig.peripheral.notify(CentralID(1), [10])
        rig.central.write([11])
        rig.settle()
        #expect(!rig.phoneHeard.contains(.notified([10])) && !rig.tillHeard.contains(.wrote(CentralID(1), [11])), "\(name): \(rig.heard)")
    }

    @Test(arguments: RadioRig.names)
    func anUnsubscribeReachesTheTillAfterTheWritesBeforeIt(_ name: String) throws {
        let rig = Self.rig(name)
        rig.connect()
        rig.forget()
        rig.central.write([4])
        rig.central.disconnect()
        rig.settle()
        let wrote = try #require(rig.heard.firstIndex(of: .till(.wrote(CentralID(1), [4]))), "\(name): \(rig.heard)")
        let left = try #require(rig.heard.firstIndex { $0 == .till(.unsubscribed(CentralID(1))) || $0 == .till(.disconnected(CentralID(1))) }, "\(name): \(rig.heard)")
        #expect(wrote < left, "\(name)")
    }

    @Test(arguments: RadioRig.names)
    func aDroppedLinkIsOneLossForEachEndAndCarriesNothingAfter(_ name: String) {
        let rig = Self.rig(name)
        rig.connect()
        rig.forget()
        rig.dropLink()
        rig.settle()
        #expect(rig.phoneHeard.filter { $0 == .disconnected || $0 == .serviceInvalidated }.count == 1, "\(name): \(rig.heard)")
        #expect(rig.tillHeard.filter { $0 == .disconnected(CentralID(1)) || $0 == .unsubscribed(CentralID(1)) }.count == 1, "\(name): \(rig.heard)")
        rig.forget()
        rig.central.write([5])
        _ = rig.peripheral.notify(CentralID(1), [6])
        rig.settle()
        #expect(!rig.tillHeard.contains(.wrote(CentralID(1), [5])) && !rig.phoneHeard.contains(.notified([6])), "\(name): \(rig.heard)")
    }
}
