import Testing
@testable import MizanProtocol

/// Every ending of the catalogue as the till lives it: events in, commands and
/// screens out, through AmountEntry, HostBroadcast and HostPayment.
@Suite struct HostChainEndingTests {
    typealias F = Fixtures

    @Test func success_operatorPicksSuccessAndTheResultIsDelivered() {
        var host = HostScript()
        host.run(HostScript.toConfirmed + [
            (.payment(.operatorPicks(.success)), [.payment(.send(F.phone, .result(.success)))], .sendingResult),
            (.payment(.delivered(F.phone)), [.payment(.retireService), .entry(.finished(.paid, F.transaction))], .paid),
            (.entry(.newSale), [], .keypad),
        ])
    }

    @Test func failure_operatorPicksFailure() {
        var host = HostScript()
        host.run(HostScript.toConfirmed + [
            (.payment(.operatorPicks(.failure)), [.payment(.send(F.phone, .result(.failure)))], .sendingResult),
            (.payment(.delivered(F.phone)), [.payment(.retireService), .entry(.finished(.failed, F.transaction))], .failed),
        ])
    }

    @Test func payerDeclines_tillShowsPayerDeclined() {
        var host = HostScript()
        host.run(HostScript.toSecureLink + [
            (.received(F.phone, .decision(.decline)), [.payment(.retireService), .entry(.finished(.payerDeclined, F.transaction))], .payerDeclined),
        ])
    }

    @Test func noOneConnects_countdownEndsAndTillReturnsToKeypad() {
        var host = HostScript()
        host.run([
            (.entry(.lock(F.amount)), [.broadcast(.startAdvertising(F.advertisement)), .broadcast(.startCountdown(.seconds(60)))], .broadcasting),
            (.broadcast(.countdownExpired), [.broadcast(.stopAdvertising), .broadcast(.retireService), .entry(.finished(.countdownExpired, F.transaction))], .keypad),
        ])
    }

    @Test func operatorCancelsWhileBroadcasting_tillReturnsToKeypad() {
        var host = HostScript()
        host.run([
            (.entry(.lock(F.amount)), [.broadcast(.startAdvertising(F.advertisement)), .broadcast(.startCountdown(.seconds(60)))], .broadcasting),
            (.operatorCancels, [.broadcast(.stopAdvertising), .broadcast(.cancelCountdown), .broadcast(.retireService), .entry(.finished(.cancelledWhileBroadcasting, F.transaction))], .keypad),
        ])
    }

    @Test func operatorCancelsAfterSecureLink_sendsSealedEnd() {
        var host = HostScript()
        host.run(HostScript.toSecureLink + [
            (.operatorCancels, [.payment(.send(F.phone, .end(.cancelled))), .payment(.retireService), .entry(.finished(.cancelled, F.transaction))], .cancelled),
        ])
    }

    @Test func linkLostAfterKeyBeforeAmount_handshakeFailedThenBroadcastAgain() {
        var host = HostScript()
        host.run([
            (.entry(.lock(F.amount)), [.broadcast(.startAdvertising(F.advertisement)), .broadcast(.startCountdown(.seconds(60)))], .broadcasting),
            (.phoneKeyReceived(F.phone, F.phoneKey), [.broadcast(.stopAdvertising), .broadcast(.establishSession(F.phone, phoneKey: F.phoneKey, F.transaction))], .securingLink),
            (.linkLost(F.phone), [.broadcast(.cancelCountdown), .broadcast(.retireService), .entry(.finished(.handshakeFailed, F.transaction))], .handshakeFailed),
            (.entry(.broadcastAgain), [.broadcast(.startAdvertising(F.advertisement)), .broadcast(.startCountdown(.seconds(60)))], .broadcasting),
        ])
        // The second attempt is a new transaction.
        #expect(host.state.broadcast == .advertising(.init(amount: F.amount, id: TransactionID(7 << 32 | 1))))
    }

    @Test func linkLostAfterConfirmBeforePick_operatorStillPicks() {
        var host = HostScript()
        host.run(HostScript.toConfirmed + [
            (.linkLost(F.phone), [], .pickOutcomePayerNotTold),
            (.payment(.operatorPicks(.success)), [.payment(.retireService), .entry(.finished(.paidPayerNotTold, F.transaction))], .paidPayerNotTold),
        ])
    }

    @Test func linkLostAfterPickBeforeResult_outcomePayerNotTold() {
        var host = HostScript()
        host.run(HostScript.toConfirmed + [
            (.payment(.operatorPicks(.failure)), [.payment(.send(F.phone, .result(.failure)))], .sendingResult),
            (.linkLost(F.phone), [.payment(.retireService), .entry(.finished(.failedPayerNotTold, F.transaction))], .failedPayerNotTold),
        ])
    }

    @Test func bluetoothOff_noPaymentStarts() {
        var host = HostScript()
        host.run([
            (.radioChanged(.off), [], .turnBluetoothOn),
            (.entry(.lock(F.amount)), [.entry(.finished(.bluetoothOff, nil))], .turnBluetoothOn),
        ])
    }

    @Test func bluetoothOffWhileBroadcasting_endsWithTurnBluetoothOn() {
        var host = HostScript()
        host.run([
            (.entry(.lock(F.amount)), [.broadcast(.startAdvertising(F.advertisement)), .broadcast(.startCountdown(.seconds(60)))], .broadcasting),
            (.radioChanged(.off), [.broadcast(.stopAdvertising), .broadcast(.cancelCountdown), .broadcast(.retireService), .entry(.finished(.bluetoothOff, F.transaction))], .turnBluetoothOn),
        ])
    }

    @Test func bluetoothNotAllowed_noPaymentStarts() {
        var host = HostScript()
        host.run([
            (.radioChanged(.notAllowed), [], .allowBluetooth),
            (.entry(.lock(F.amount)), [.entry(.finished(.bluetoothNotAllowed, nil))], .allowBluetooth),
        ])
    }

    @Test func linkLostBeforeKey_tillKeepsBroadcasting() {
        var host = HostScript()
        host.run([
            (.entry(.lock(F.amount)), [.broadcast(.startAdvertising(F.advertisement)), .broadcast(.startCountdown(.seconds(60)))], .broadcasting),
            (.linkLost(F.phone), [], .broadcasting),
        ])
    }

    @Test func phoneDeadlinePassesMidHandshake_tillSeesTheLinkGo() {
        // The phone gave up after the till had its key: the till sees it unsubscribe.
        var host = HostScript()
        host.run(Array(HostScript.toSecureLink.prefix(2)) + [
            (.linkLost(F.phone), [.broadcast(.cancelCountdown), .broadcast(.retireService), .entry(.finished(.handshakeFailed, F.transaction))], .handshakeFailed),
        ])
    }

    @Test func linkLostWhileReviewing_payerLeft() {
        var host = HostScript()
        host.run(HostScript.toSecureLink + [
            (.linkLost(F.phone), [.payment(.retireService), .entry(.finished(.payerLeft, F.transaction))], .payerLeft),
        ])
    }

    @Test func secondPhoneReachesBusyTill_isRefusedAndTheFirstIsUnaffected() {
        var host = HostScript()
        host.run(HostScript.toSecureLink + [
            (.phoneKeyReceived(F.secondPhone, F.phoneKey), [.payment(.refuse(F.secondPhone))], .waitingForPayer),
            (.linkLost(F.secondPhone), [], .waitingForPayer),
            (.received(F.phone, .decision(.confirm)), [], .pickOutcome),
        ])
    }

    @Test func sealedFrameFailsToOpen_secureLinkFailed() {
        var host = HostScript()
        host.run(HostScript.toSecureLink + [
            (.frameRejected(F.phone), [.payment(.retireService), .entry(.finished(.secureLinkFailed, F.transaction))], .secureLinkFailed),
        ])
    }

    @Test func phoneKeyRejectedByCrypto_secureLinkFailed() {
        var host = HostScript()
        host.run(Array(HostScript.toSecureLink.prefix(2)) + [
            (.broadcast(.sessionRejected), [.broadcast(.cancelCountdown), .broadcast(.retireService), .entry(.finished(.secureLinkFailed, F.transaction))], .secureLinkFailed),
        ])
    }

    @Test func slowConfirmIsNeverRefused_noTimerRunsAfterTheAmountIsOnTheRadio() {
        var host = HostScript()
        host.run(HostScript.toSecureLink)
        // A countdown firing late (raced with the cancel) changes nothing.
        host.run([
            (.broadcast(.countdownExpired), [], .waitingForPayer),
            (.received(F.phone, .decision(.confirm)), [], .pickOutcome),
        ])
    }

    // The radio as it reports: the chain, not the driver, decides what a report means.

    @Test func bluetoothOffWhileSecuring_isFirstALostLink() {
        var host = HostScript()
        host.run(Array(HostScript.toSecureLink.prefix(2)) + [
            (.radioChanged(.off), [.broadcast(.cancelCountdown), .broadcast(.retireService), .entry(.finished(.handshakeFailed, F.transaction))], .handshakeFailed),
        ])
        #expect(host.state.entry == .ended(.handshakeFailed, F.amount, radio: .off, sequence: 1))
    }

    @Test func bluetoothOffAfterThePick_outcomePayerNotTold() {
        var host = HostScript()
        host.run(HostScript.toConfirmed + [
            (.payment(.operatorPicks(.success)), [.payment(.send(F.phone, .result(.success)))], .sendingResult),
            (.radioChanged(.off), [.payment(.retireService), .entry(.finished(.paidPayerNotTold, F.transaction))], .paidPayerNotTold),
        ])
    }

    @Test func aDeliveryToAnotherPhoneOrBeforeTheResult_endsNothing() {
        var host = HostScript()
        host.run(HostScript.toConfirmed + [
            (.payment(.delivered(F.phone)), [], .pickOutcome),
            (.payment(.operatorPicks(.failure)), [.payment(.send(F.phone, .result(.failure)))], .sendingResult),
            (.payment(.delivered(F.secondPhone)), [], .sendingResult),
            (.payment(.delivered(F.phone)), [.payment(.retireService), .entry(.finished(.failed, F.transaction))], .failed),
        ])
    }

    @Test func anAmountTheRadioHadNoRoomFor_goesAgainWhenThereIsRoom() {
        let frame: [UInt8] = [0x02, 0x01, 0x02]
        var host = HostScript()
        host.run(Array(HostScript.toSecureLink.prefix(3)) + [
            (.readyToUpdate, [], .securingLink),
            (.notifyQueueFull(F.phone, frame), [], .securingLink),
            (.readyToUpdate, [.broadcast(.resendAmount(F.phone, frame))], .securingLink),
            (.readyToUpdate, [], .securingLink),
            (.notifyQueueFull(F.phone, frame), [], .securingLink),
            (.readyToUpdate, [.broadcast(.resendAmount(F.phone, frame))], .securingLink),
            (.broadcast(.amountHandedToRadio), [.broadcast(.cancelCountdown)], .waitingForPayer),
        ])
    }

    @Test func aResultTheRadioHadNoRoomFor_goesAgainWhenThereIsRoom() {
        let frame: [UInt8] = [0x04, 0x01]
        var host = HostScript()
        host.run(HostScript.toConfirmed + [
            (.payment(.operatorPicks(.success)), [.payment(.send(F.phone, .result(.success)))], .sendingResult),
            (.notifyQueueFull(F.phone, frame), [], .sendingResult),
            (.readyToUpdate, [.payment(.resend(F.phone, frame))], .sendingResult),
            (.payment(.delivered(F.phone)), [.payment(.retireService), .entry(.finished(.paid, F.transaction))], .paid),
        ])
    }

    @Test func aSlowTillHoldsTheSessionUntilItsCryptoLatencyElapses() {
        var host = HostScript(cryptoLatency: .milliseconds(40))
        host.run(Array(HostScript.toSecureLink.prefix(2)) + [
            (.broadcast(.sessionEstablished), [.broadcast(.startCryptoTimer(.milliseconds(40)))], .securingLink),
            (.broadcast(.sessionEstablished), [], .securingLink),
            (.broadcast(.cryptoLatencyElapsed), [.broadcast(.sendAmount(F.phone, F.details))], .securingLink),
            (.broadcast(.cryptoLatencyElapsed), [], .securingLink),
            (.broadcast(.amountHandedToRadio), [.broadcast(.cancelCountdown)], .waitingForPayer),
        ])
    }

    @Test func aSlowTillRejectsTheKeyOnlyOnceItsCryptoLatencyElapses() {
        var host = HostScript(cryptoLatency: .milliseconds(40))
        host.run(Array(HostScript.toSecureLink.prefix(2)) + [
            (.broadcast(.sessionRejected), [.broadcast(.startCryptoTimer(.milliseconds(40)))], .securingLink),
            (.broadcast(.cryptoLatencyElapsed), [.broadcast(.cancelCountdown), .broadcast(.retireService), .entry(.finished(.secureLinkFailed, F.transaction))], .secureLinkFailed),
        ])
    }

    @Test func endingWhileTheSessionIsHeld_cancelsTheCryptoTimer() {
        var host = HostScript(cryptoLatency: .milliseconds(40))
        host.run(Array(HostScript.toSecureLink.prefix(2)) + [
            (.broadcast(.sessionEstablished), [.broadcast(.startCryptoTimer(.milliseconds(40)))], .securingLink),
            (.linkLost(F.phone), [.broadcast(.cancelCountdown), .broadcast(.cancelCryptoTimer), .broadcast(.retireService), .entry(.finished(.handshakeFailed, F.transaction))],
             .handshakeFailed),
            (.broadcast(.cryptoLatencyElapsed), [], .handshakeFailed),
        ])
    }

    @Test func theServedPhoneIsKnownFromItsKeyUntilTheEnd() {
        var host = HostScript()
        host.run(Array(HostScript.toSecureLink.prefix(1)))
        #expect(HostChain.served(host.state) == nil)
        host.run(Array(HostScript.toSecureLink.dropFirst()) + [
            (.received(F.phone, .decision(.confirm)), [], .pickOutcome),
            (.linkLost(F.phone), [], .pickOutcomePayerNotTold),
        ])
        #expect(HostChain.served(host.state) == F.phone)
        host.run([(.payment(.operatorPicks(.failure)), [.payment(.retireService), .entry(.finished(.failedPayerNotTold, F.transaction))], .failedPayerNotTold)])
        #expect(HostChain.served(host.state) == nil)
    }
}
