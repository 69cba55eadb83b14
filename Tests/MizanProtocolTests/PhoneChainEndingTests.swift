import Testing
@testable import MizanProtocol

/// Every ending of the catalogue as the phone lives it: events in, commands and
/// screens out, through Find, Connect, Review and Payment.
@Suite struct PhoneChainEndingTests {
    typealias F = Fixtures

    @Test func success_paid() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [
            (.received(.result(.success)), [.connect(.disconnect), .find(.finished(.paid))], .paid),
            (.find(.dismiss), [], .start),
        ])
    }

    @Test func failure_failed() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.received(.result(.failure)), [.connect(.disconnect), .find(.finished(.failed))], .failed)])
    }

    @Test func payerDeclines_youDeclined() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [
            (.review(.payerDeclines), [.review(.send(.decision(.decline))), .connect(.disconnect), .find(.finished(.youDeclined))], .youDeclined),
        ])
    }

    @Test func operatorCancelsWhileBroadcasting_phoneConnectingCouldntConnect() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConnecting + [(.connect(.connectFailed), [.connect(.cancelDeadline), .connect(.disconnect), .find(.finished(.couldntConnect))], .couldntConnect)])
    }

    @Test func operatorCancelsAfterSecureLink_tillCancelled() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [(.received(.end(.cancelled)), [.connect(.disconnect), .find(.finished(.tillCancelled))], .tillCancelled)])
    }

    @Test func operatorCancelsAfterConfirm_tillCancelled() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.received(.end(.cancelled)), [.connect(.disconnect), .find(.finished(.tillCancelled))], .tillCancelled)])
    }

    @Test func linkLostAfterKeyBeforeAmount_handshakeFailed() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toKeyWritten + [(.disconnected, [.connect(.cancelDeadline), .connect(.disconnect), .find(.finished(.handshakeFailed))], .handshakeFailed)])
    }

    @Test func linkLostAfterConfirm_resultUnknown() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.disconnected, [.connect(.disconnect), .find(.finished(.resultUnknown))], .resultUnknown)])
    }

    @Test func bluetoothOff_noPaymentStarts() {
        var phone = PhoneScript()
        phone.run([
            (.radioChanged(.off), [], .turnBluetoothOn),
            (.find(.tapStart), [.find(.finished(.bluetoothOff))], .turnBluetoothOn),
        ])
    }

    @Test func bluetoothNotAllowed_noPaymentStarts() {
        var phone = PhoneScript()
        phone.run([
            (.radioChanged(.notAllowed), [], .allowBluetooth),
            (.find(.tapStart), [.find(.finished(.bluetoothNotAllowed))], .allowBluetooth),
        ])
    }

    @Test func linkLostBeforeKey_couldntConnect() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConnecting + [
            (.connect(.connected), [.connect(.sendPhoneKey)], .connecting),
            (.disconnected, [.connect(.cancelDeadline), .connect(.disconnect), .find(.finished(.couldntConnect))], .couldntConnect),
        ])
    }

    @Test func deadlinePassesWithNoTillFound_couldntConnect() {
        var phone = PhoneScript()
        phone.run([
            (.find(.tapStart), [.find(.startScan), .find(.startDeadline(.seconds(10))), .find(.startScanWindow(.seconds(1)))], .searching),
            (.find(.scanWindowElapsed(now: .seconds(1))), [.find(.startScanWindow(.seconds(1)))], .searching),
            (.deadlinePassed, [.find(.stopScan), .find(.cancelScanWindow), .find(.finished(.couldntConnect))], .couldntConnect),
        ])
    }

    @Test func deadlinePassesWhileTheTillIsQuiet_couldntConnect() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toKeyWritten + [(.deadlinePassed, [.connect(.disconnect), .find(.finished(.couldntConnect))], .couldntConnect)])
    }

    @Test func linkLostWhileReviewing_connectionLost() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [(.serviceInvalidated, [.connect(.disconnect), .find(.finished(.connectionLost))], .connectionLost)])
    }

    @Test func payerCancelsBeforeDeciding_cancelledAndUnsubscribes() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [(.payerCancels, [.connect(.disconnect), .find(.finished(.cancelled))], .cancelled)])
    }

    @Test func payerCancelsWhileSearching_cancelled() {
        var phone = PhoneScript()
        phone.run(Array(PhoneScript.toConnecting.prefix(2)) + [
            (.payerCancels, [.find(.cancelDeadline), .find(.stopScan), .find(.cancelScanWindow), .find(.finished(.cancelled))], .cancelled),
        ])
    }

    @Test func tillAlreadyServingAnother_tillBusy() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toKeyWritten + [(.connect(.tillBusy), [.connect(.cancelDeadline), .connect(.disconnect), .find(.finished(.tillBusy))], .tillBusy)])
    }

    @Test func amountFailsToOpen_secureLinkFailed() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toKeyWritten + [(.frameRejected, [.connect(.cancelDeadline), .connect(.disconnect), .find(.finished(.secureLinkFailed))], .secureLinkFailed)])
    }

    @Test func resultFailsToOpenAfterConfirm_resultUnknown() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.frameRejected, [.connect(.disconnect), .find(.finished(.resultUnknown))], .resultUnknown)])
    }

    @Test func slowPayerIsNeverTimedOut_deadlineStopsAtTheSecureLink() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [
            (.deadlinePassed, [], .reviewAmount),
            (.review(.payerConfirms), [.review(.send(.decision(.confirm)))], .waitingForResult),
        ])
    }

    @Test func nearestTillByMeanRSSIIsChosen() {
        var phone = PhoneScript()
        phone.run([
            (.find(.tapStart), [.find(.startScan), .find(.startDeadline(.seconds(10))), .find(.startScanWindow(.seconds(1)))], .searching),
            (.advertisementSeen(RSSISample(till: F.otherTill, rssi: -55, at: .milliseconds(100))), [], .searching),
            (.advertisementSeen(RSSISample(till: F.otherTill, rssi: -85, at: .milliseconds(200))), [], .searching),
            (.advertisementSeen(RSSISample(till: F.till, rssi: -65, at: .milliseconds(300))), [], .searching),
            (.advertisementSeen(RSSISample(till: F.till, rssi: RSSISample.notAvailable, at: .milliseconds(400))), [], .searching),
            (.find(.scanWindowElapsed(now: .seconds(1))), [.find(.stopScan), .connect(.connect(F.till))], .connecting),
        ])
    }

    // The radio as it reports: the chain, not the driver, decides what a report means.

    @Test func aLateDisconnectWhileConnecting_isIgnored() {
        // No link yet: a report from an earlier link does not end this attempt.
        var phone = PhoneScript()
        phone.run(PhoneScript.toConnecting + [
            (.disconnected, [], .connecting),
            (.serviceInvalidated, [], .connecting),
            (.connect(.connected), [.connect(.sendPhoneKey)], .connecting),
        ])
    }

    @Test func bluetoothOffWhileConnecting_couldntConnect() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConnecting + [
            (.radioChanged(.off), [.connect(.cancelDeadline), .connect(.disconnect), .find(.finished(.couldntConnect))], .couldntConnect),
        ])
        #expect(phone.state.find == .ended(.couldntConnect, radio: .off))
    }

    @Test func bluetoothOffWhileReviewing_connectionLost() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [(.radioChanged(.notAllowed), [.connect(.disconnect), .find(.finished(.connectionLost))], .connectionLost)])
        #expect(phone.state.find == .ended(.connectionLost, radio: .notAllowed))
    }

    @Test func aWriteAcknowledgedAfterTheKey_changesNothing() {
        // The decision's write is acknowledged too; only the key's moves Connect on.
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.connect(.writeAcknowledged), [], .waitingForResult)])
        #expect(PhoneChain.till(phone.state) == Fixtures.till)
    }

    @Test func theTillIsKnownFromChoosingItUntilTheEnd() {
        var phone = PhoneScript()
        phone.run(Array(PhoneScript.toConnecting.prefix(2)))
        #expect(PhoneChain.till(phone.state) == nil)
        phone.run([PhoneScript.toConnecting[2]])
        #expect(PhoneChain.till(phone.state) == Fixtures.till)
        phone.run([(.connect(.connectFailed), [.connect(.cancelDeadline), .connect(.disconnect), .find(.finished(.couldntConnect))], .couldntConnect)])
        #expect(PhoneChain.till(phone.state) == nil)
    }
}
