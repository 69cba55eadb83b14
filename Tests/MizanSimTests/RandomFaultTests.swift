import MizanProtocol
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// Seeded runs of a 10-till floor with random faults: no agreement violation,
/// no trap, and every transaction ends, on both link layers.
@Suite struct RandomFaultTests {
    static func plan(seed: UInt64) -> FloorPlan {
        var generator = SeededGenerator(seed: seed).split("faults")
        var plan = FloorPlan(tills: FloorPlan.row(count: 10), payers: .queues(meanGap: .seconds(4), idle: 0), duration: .seconds(20))
        plan.operators.successProbability = 0.8
        plan.payerBehaviour.confirmProbability = 0.9
        plan.payerBehaviour.reviewTime = 0.5...3
        plan.operators.pickDelay = 0.2...1.5
        for _ in 0..<Int(generator.uniform(1...6)) {
            let at = Duration.seconds(generator.uniform(0...20))
            let phone = Int(generator.uniform(0...12))
            switch Int(generator.uniform(0...6.999)) {
            case 0: plan.faults.append(.dropLink(phone: phone, at: at))
            case 1:
                let point = LinkDropPoint.allCases[Int(generator.uniform(0...Double(LinkDropPoint.allCases.count) - 0.001))]
                plan.faults.append(.dropLinkAtStep(point, phone: nil, after: .microseconds(Int64(generator.uniform(0...20_000)))))
            case 2:
                let device: DeviceRef = generator.unitInterval() < 0.5 ? .till(Int(generator.uniform(0...9.99))) : .phone(phone)
                plan.faults.append(.bluetooth(device, .off, at: at))
                plan.faults.append(.bluetooth(device, .on, at: at + .seconds(generator.uniform(0.1...5))))
            case 3:
                let types: [FrameType] = [.amount, .decision, .result, .end, .phoneKey]
                plan.faults.append(.corruptFrame(types[Int(generator.uniform(0...4.999))], phone: nil))
            case 4: plan.faults.append(.walkAway(phone: phone, at: at, speed: generator.uniform(0.5...2), dx: 0, dy: 1))
            case 5: plan.operators.cancelAfter = .seconds(generator.uniform(0.5...6))
            default: plan.payerBehaviour.cancelAfter = .seconds(generator.uniform(0.5...3))
            }
        }
        return plan
    }

    @Test(arguments: 0..<10, [false, true])
    func aHundredSeededRunsWithRandomFaultsAllAgreeAndAllEnd(batch: Int, faithful: Bool) throws {
        var settled = 0
        for seed in UInt64(batch * 100)..<UInt64(batch * 100 + 100) {
            var plan = Self.plan(seed: seed)
            // The faithful link layer on the floor's default radio (the signal model);
            // the simple one on the first radio with fading, as these runs were first made.
            if faithful {
                plan.linkLayer = .faithful(.standard)
            } else {
                plan.radio = .firstDefinition
                plan.radio.ricianKdB = 7
            }
            let floor = try Floor(plan: plan, seed: seed)
            let report = floor.run(drain: true)
            #expect(report.violations.isEmpty, "seed \(seed): \(report.violations.map(\.pair))")
            #expect(floor.ledger.isSettled, "seed \(seed): a transaction never ended")
            settled += report.transactions
        }
        #expect(settled > 100)
    }
}
