import Testing
@testable import MizanProtocol

/// Every ending of the catalogue as the phone lives it: events in, commands and
/// screens out, through Find, Connect, Review and Payment.
@Suite struct PhoneChainEndingTests {
    typealias F = Fixtures

    @Test func success_paid() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [
            (.received(.result(.success)), [.disconnect, .finished(.paid)], .paid),
            (.dismiss, [], .start),
        ])
    }

    @Test func failure_failed() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.received(.result(.failure)), [.disconnect, .finished(.failed)], .failed)])
    }

    @Test func payerDeclines_youDeclined() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [
            (.payerDeclines, [.send(.decision(.decline)), .disconnect, .finished(.youDeclined)], .youDeclined),
        ])
    }

    @Test func operatorCancelsWhileBroadcasting_phoneConnectingCouldntConnect() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConnecting + [(.connectFailed, [.cancelDeadline, .disconnect, .finished(.couldntConnect)], .couldntConnect)])
    }

    @Test func operatorCancelsAfterSecureLink_tillCancelled() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [(.received(.end(.cancelled)), [.disconnect, .finished(.tillCancelled)], .tillCancelled)])
    }

    @Test func operatorCancelsAfterConfirm_tillCancelled() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.received(.end(.cancelled)), [.disconnect, .finished(.tillCancelled)], .tillCancelled)])
    }

    @Test func linkLostAfterKeyBeforeAmount_handshakeFailed() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toKeyWritten + [(.disconnected, [.cancelDeadline, .disconnect, .finished(.handshakeFailed)], .handshakeFailed)])
    }

    @Test func linkLostAfterConfirm_resultUnknown() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.disconnected, [.disconnect, .finished(.resultUnknown)], .resultUnknown)])
    }

    @Test func bluetoothOff_noPaymentStarts() {
        var phone = PhoneScript()
        phone.run([
            (.radioChanged(.off), [], .turnBluetoothOn),
            (.tapStart, [.finished(.bluetoothOff)], .turnBluetoothOn),
        ])
    }

    @Test func bluetoothNotAllowed_noPaymentStarts() {
        var phone = PhoneScript()
        phone.run([
            (.radioChanged(.notAllowed), [], .allowBluetooth),
            (.tapStart, [.finished(.bluetoothNotAllowed)], .allowBluetooth),
        ])
    }

    @Test func linkLostBeforeKey_couldntConnect() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConnecting + [
            (.connected, [.sendPhoneKey], .connecting),
            (.disconnected, [.cancelDeadline, .disconnect, .finished(.couldntConnect)], .couldntConnect),
        ])
    }

    @Test func deadlinePassesWithNoTillFound_couldntConnect() {
        var phone = PhoneScript()
        phone.run([
            (.tapStart, [.startScan, .startDeadline(.seconds(10)), .startScanWindow(.seconds(1))], .searching),
            (.scanWindowElapsed(now: .seconds(1)), [.startScanWindow(.seconds(1))], .searching),
            (.deadlinePassed, [.stopScan, .cancelScanWindow, .finished(.couldntConnect)], .couldntConnect),
        ])
    }

    @Test func deadlinePassesWhileTheTillIsQuiet_couldntConnect() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toKeyWritten + [(.deadlinePassed, [.disconnect, .finished(.couldntConnect)], .couldntConnect)])
    }

    @Test func linkLostWhileReviewing_connectionLost() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [(.serviceInvalidated, [.disconnect, .finished(.connectionLost)], .connectionLost)])
    }

    @Test func payerCancelsBeforeDeciding_cancelledAndUnsubscribes() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [(.payerCancels, [.disconnect, .finished(.cancelled)], .cancelled)])
    }

    @Test func payerCancelsWhileSearching_cancelled() {
        var phone = PhoneScript()
        phone.run(Array(PhoneScript.toConnecting.prefix(2)) + [
            (.payerCancels, [.cancelDeadline, .stopScan, .cancelScanWindow, .finished(.cancelled)], .cancelled),
        ])
    }

    @Test func tillAlreadyServingAnother_tillBusy() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toKeyWritten + [(.tillBusy, [.cancelDeadline, .disconnect, .finished(.tillBusy)], .tillBusy)])
    }

    @Test func amountFailsToOpen_secureLinkFailed() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toKeyWritten + [(.frameRejected, [.cancelDeadline, .disconnect, .finished(.secureLinkFailed)], .secureLinkFailed)])
    }

    @Test func resultFailsToOpenAfterConfirm_resultUnknown() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.frameRejected, [.disconnect, .finished(.resultUnknown)], .resultUnknown)])
    }

    @Test func slowPayerIsNeverTimedOut_deadlineStopsAtTheSecureLink() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [
            (.deadlinePassed, [], .reviewAmount),
            (.payerConfirms, [.send(.decision(.confirm))], .waitingForResult),
        ])
    }

    @Test func nearestTillByMeanRSSIIsChosen() {
        var phone = PhoneScript()
        phone.run([
            (.tapStart, [.startScan, .startDeadline(.seconds(10)), .startScanWindow(.seconds(1))], .searching),
            (.advertisementSeen(RSSISample(till: F.otherTill, rssi: -55, at: .milliseconds(100))), [], .searching),
            (.advertisementSeen(RSSISample(till: F.otherTill, rssi: -85, at: .milliseconds(200))), [], .searching),
            (.advertisementSeen(RSSISample(till: F.till, rssi: -65, at: .milliseconds(300))), [], .searching),
            (.advertisementSeen(RSSISample(till: F.till, rssi: RSSISample.notAvailable, at: .milliseconds(400))), [], .searching),
            (.scanWindowElapsed(now: .seconds(1)), [.stopScan, .connect(F.till)], .connecting),
        ])
    }

    // The radio as it reports: the chain, not the driver, decides what a report means.

    @Test func aLateDisconnectWhileConnecting_isIgnored() {
        // No link yet: a report from an earlier link does not end this attempt.
        var phone = PhoneScript()
        phone.run(PhoneScript.toConnecting + [
            (.disconnected, [], .connecting),
            (.serviceInvalidated, [], .connecting),
            (.connected, [.sendPhoneKey], .connecting),
        ])
    }

    @Test func bluetoothOffWhileConnecting_couldntConnect() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConnecting + [
            (.radioChanged(.off), [.cancelDeadline, .disconnect, .finished(.couldntConnect)], .couldntConnect),
        ])
        #expect(phone.state.find == .ended(.couldntConnect, radio: .off))
    }

    @Test func bluetoothOffWhileReviewing_connectionLost() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toReview + [(.radioChanged(.notAllowed), [.disconnect, .finished(.connectionLost)], .connectionLost)])
        #expect(phone.state.find == .ended(.connectionLost, radio: .notAllowed))
    }

    @Test func aWriteAcknowledgedAfterTheKey_changesNothing() {
        // The decision's write is acknowledged too; only the key's moves Connect on.
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.writeAcknowledged, [], .waitingForResult)])
        #expect(PhoneChain.till(phone.state) == Fixtures.till)
    }

    @Test func theTillIsKnownFromChoosingItUntilTheEnd() {
        var phone = PhoneScript()
        phone.run(Array(PhoneScript.toConnecting.prefix(2)))
        #expect(PhoneChain.till(phone.state) == nil)
        phone.run([PhoneScript.toConnecting[2]])
        #expect(PhoneChain.till(phone.state) == Fixtures.till)
        phone.run([(.connectFailed, [.cancelDeadline, .disconnect, .finished(.couldntConnect)], .couldntConnect)])
        #expect(PhoneChain.till(phone.state) == nil)
    }
}
