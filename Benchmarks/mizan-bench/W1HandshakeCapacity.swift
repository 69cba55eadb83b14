import MizanSim

/// W1 handshake-capacity (docs/workloads.md): 100 till/phone pairs, each phone
/// 0.5 m from its own till on an ideal, radio-isolated medium, paying again and
/// again until `successes` transactions have ended in success.
enum W1HandshakeCapacity {
    static func plan(successes: Int) -> FloorPlan {
        var plan = FloorPlan(tills: FloorPlan.row(count: 100), payers: .pairs(distance: 0.5), duration: .seconds(10_000_000))
        plan.audibility = .ownTillOnly
        plan.radio = .ideal
        plan.radio.connectLatency = .milliseconds(30)
        plan.radio.connectionInterval = .milliseconds(15)
        plan.radio.serviceRetirementLatency = .milliseconds(15)
        plan.radio.hostCryptoLatency = .zero
        plan.payerBehaviour.reviewTime = 2...2
        plan.payerBehaviour.restartDelay = .seconds(1)
        plan.operators.pickDelay = 1...1
        plan.operators.lockDelay = .seconds(1)
        plan.phoneSelection = .highestMean(window: .seconds(1))
        plan.stopAfterSuccesses = successes
        return plan
    }

    struct Result {
        let successes: Int
        let transactionsPerWallSecond: Double
        let virtualSeconds: Double
        let wallSeconds: Double
        let violations: Int
    }

    static func measure(successes: Int, seed: UInt64, jobs: Int) throws -> Result {
        let floor = try Floor(plan: plan(successes: successes), seed: seed, jobs: jobs)
        floor.ledger.streamSettled(keepFirst: 0) { _ in }
        let clock = ContinuousClock()
        let start = clock.now
        let report = floor.run()
        let wall = start.duration(to: clock.now).seconds
        return Result(successes: report.successes, transactionsPerWallSecond: Double(report.successes) / wall,
                      virtualSeconds: report.simulated.seconds, wallSeconds: wall, violations: report.violations.count)
    }
}
