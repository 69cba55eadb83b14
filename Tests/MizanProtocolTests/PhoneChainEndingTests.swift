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
        phone.run(PhoneScript.toConnecting + [(.linkLost, [.cancelDeadline, .disconnect, .finished(.couldntConnect)], .couldntConnect)])
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
        phone.run(PhoneScript.toKeyWritten + [(.linkLost, [.cancelDeadline, .disconnect, .finished(.handshakeFailed)], .handshakeFailed)])
    }

    @Test func linkLostAfterConfirm_resultUnknown() {
        var phone = PhoneScript()
        phone.run(PhoneScript.toConfirmed + [(.linkLost, [.disconnect, .finished(.resultUnknown)], .resultUnknown)])
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
            (.linkLost, [.cancelDeadline, .disconnect, .finished(.couldntConnect)], .couldntConnect),
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
        phone.run(PhoneScript.toReview + [(.linkLost, [.disconnect, .finished(.connectionLost)], .connectionLost)])
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
}
