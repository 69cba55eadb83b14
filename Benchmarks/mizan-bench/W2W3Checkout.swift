import MizanGeometry
import MizanProtocol
import MizanSim
import MizanRadio

/// W2 checkout-rush and W3 stadium (docs/workloads.md): the radio and payer
/// behaviour of a real floor, at two sizes.
enum CheckoutWorkload {
    /// The radio: the floor's default (the signal model with the Danis fit,
    /// docs/signal-model.md), or with `faithful` false the first definition
    /// (RSSI = -59 - 22 log10(d) + N(0, 6) dBm per packet, every packet of
    /// every till heard on three channels at once). Tills at 1.0 m, phones at 1.2 m.
    static func radio(faithful: Bool = true) -> RadioParameters {
        var radio = faithful ? RadioParameters() : RadioParameters.firstDefinition
        radio.tillHeight = 1.0
        radio.phoneHeight = 1.2
        return radio
    }

    static func behaviour(_ plan: inout FloorPlan) {
        plan.radio = radio()
        plan.phoneSelection = .highestMean(window: .seconds(1))
        plan.payerBehaviour.reviewTime = 1...4
        plan.payerBehaviour.confirmProbability = 1
        plan.payerBehaviour.standX = -0.3...0.3
        plan.payerBehaviour.standY = 0.3...1.0
        plan.payerBehaviour.attempts = 2
        plan.operators.pickDelay = 0.5...2
        plan.operators.lockDelay = .seconds(2)
        plan.operators.relockDelay = .seconds(2)
    }

    /// W2: 50 tills in a row 2 m apart, Poisson arrivals with a 20 s mean gap, an hour.
    static func w2(scale: Double) -> FloorPlan {
        let duration = Duration.seconds(3600 * scale)
        var plan = FloorPlan(tills: FloorPlan.row(count: 50, spacing: 2), payers: .queues(meanGap: .seconds(20), idle: 0), duration: duration)
        plan.name = "W2 checkout-rush"
        behaviour(&plan)
        return plan
    }

    /// W3: 200 tills on a 20 x 10 grid 2 m apart, queues that never empty, 5,000 payers present, 10 minutes.
    static func w3(scale: Double) -> FloorPlan {
        let tills: [TillPlan] = (0..<200).map { (i: Int) -> TillPlan in
            let position = Position(x: 2 * Double(i % 20), y: 2 * Double(i / 20), z: 1.0)
            return TillPlan(id: TillID(UInt32(i + 1)), label: "Till \(i + 1)", position: position)
        }
        let duration = Duration.seconds(600 * scale)
        var plan = FloorPlan(tills: tills, payers: .queues(meanGap: Duration.zero, idle: 5000), duration: duration)
        plan.name = "W3 stadium"
        plan.width = 40
        plan.depth = 20
        behaviour(&plan)
        plan.operators.lockDelay = .zero // the next payer taps Start as soon as the till locks their amount
        return plan
    }

    struct Result {
        let report: FloorReport
        let wallSeconds: Double
        /// With more than one job: how the loop found its crypto.
        let cryptoAhead: String?
    }

    /// One run with `jobs` cores; the ledger streams (it keeps no settled transaction), so memory stays flat in the run's length.
    static func measure(_ plan: FloorPlan, seed: UInt64, jobs: Int) throws -> Result {
        let floor = try Floor(plan: plan, seed: seed, jobs: jobs)
        floor.ledger.streamSettled(keepFirst: 0) { _ in }
        let clock = ContinuousClock()
        let start = clock.now
        let report = floor.run()
        return Result(report: report, wallSeconds: start.duration(to: clock.now).seconds, cryptoAhead: floor.cryptoAhead?.summary)
    }
}
