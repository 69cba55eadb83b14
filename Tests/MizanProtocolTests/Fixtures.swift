import MizanSelection
import Testing
@testable import MizanProtocol

/// Values the chain tests share: one till, one amount, two phones.
enum Fixtures {
    static let till = TillID(7)
    static let otherTill = TillID(8)
    static let label = "Till 7"
    static let amount = try! Amount(minorUnits: 1250, currency: .eur)
    static let transaction = TransactionID(7 << 32)
    static let details = try! AmountDetails(amount: amount, tillLabel: label, transactionID: transaction)
    static let phone = CentralID(1)
    static let secondPhone = CentralID(2)
    static let phoneKey = [UInt8](repeating: 0x42, count: 32)
    static let advertisement = Advertisement(tillID: till)
}

/// Drives a chain step by step and checks the commands and the screen after each event.
struct HostScript {
    let chain: HostChain
    var state = HostChain.State.initial

    init(cryptoLatency: Duration = .zero) {
        chain = try! HostChain(tillID: Fixtures.till, tillLabel: Fixtures.label, cryptoLatency: cryptoLatency)
    }

    typealias Step = (event: HostChain.Event, commands: [HostChain.Command], screen: HostScreen)

    mutating func run(_ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, step) in steps.enumerated() {
            let commands = chain.reduce(&state, step.event)
            #expect(commands == step.commands, "step \(index + 1): \(step.event)", sourceLocation: sourceLocation)
            #expect(HostChain.screen(state) == step.screen, "step \(index + 1): \(step.event)", sourceLocation: sourceLocation)
        }
    }

    /// Lock, phone key, session, amount on the radio: the till waits for the payer.
    static let toSecureLink: [Step] = [
        (.entry(.lock(Fixtures.amount)), [.broadcast(.startAdvertising(Fixtures.advertisement)), .broadcast(.startCountdown(.seconds(60)))], .broadcasting),
        (.phoneKeyReceived(Fixtures.phone, Fixtures.phoneKey), [.broadcast(.stopAdvertising), .broadcast(.establishSession(Fixtures.phone, phoneKey: Fixtures.phoneKey, Fixtures.transaction))], .securingLink),
        (.broadcast(.sessionEstablished), [.broadcast(.sendAmount(Fixtures.phone, Fixtures.details))], .securingLink),
        (.broadcast(.amountHandedToRadio), [.broadcast(.cancelCountdown)], .waitingForPayer),
    ]

    static let toConfirmed: [Step] = toSecureLink + [
        (.received(Fixtures.phone, .decision(.confirm)), [], .pickOutcome),
    ]
}

struct PhoneScript {
    let chain = PhoneChain(find: .standard)
    var state = PhoneChain.State.initial

    typealias Step = (event: PhoneChain.Event, commands: [PhoneChain.Command], screen: PhoneScreen)

    mutating func run(_ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, step) in steps.enumerated() {
            let commands = chain.reduce(&state, step.event)
            #expect(commands == step.commands, "step \(index + 1): \(step.event)", sourceLocation: sourceLocation)
            #expect(PhoneChain.screen(state) == step.screen, "step \(index + 1): \(step.event)", sourceLocation: sourceLocation)
        }
    }

    static let sample = RSSISample(till: Fixtures.till, rssi: -60, at: .milliseconds(100))

    static let toConnecting: [Step] = [
        (.find(.tapStart), [.find(.startScan), .find(.startDeadline(.seconds(10))), .find(.startScanWindow(.seconds(1)))], .searching),
        (.advertisementSeen(sample), [], .searching),
        (.find(.scanWindowElapsed(now: .seconds(1))), [.find(.stopScan), .connect(.connect(Fixtures.till))], .connecting),
    ]

    static let toKeyWritten: [Step] = toConnecting + [
        (.connect(.connected), [.connect(.sendPhoneKey)], .connecting),
        (.connect(.writeAcknowledged), [], .connecting),
    ]

    static let toReview: [Step] = toKeyWritten + [
        (.amountReceived(Fixtures.details), [.connect(.cancelDeadline)], .reviewAmount),
    ]

    static let toConfirmed: [Step] = toReview + [
        (.review(.payerConfirms), [.review(.send(.decision(.confirm)))], .waitingForResult),
    ]
}
