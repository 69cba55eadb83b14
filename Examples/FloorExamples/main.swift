import MizanFloor

// Runs the example floors and prints how each transaction ended.
func show(_ title: String, _ outcome: Scenarios.Outcome) {
    print(title)
    for record in outcome.report.ledger.settled {
        print("  till \(record.pair.host?.screen.rawValue ?? "-"), phone \(record.pair.phone?.screen.rawValue ?? "-")")
    }
}

do {
    show("a payer walks from till 1 to till 2 and taps Start halfway:", try Scenarios.walkAndTapHalfway(seed: 1))
    show("an operator cancels when the payer takes 8 s to decide:", try Scenarios.impatientOperator(reading: .seconds(8), seed: 1))
    show("... and lets a payer who takes 3 s pay:", try Scenarios.impatientOperator(reading: .seconds(3), seed: 1))
} catch {
    print("floor-examples: \(error)")
}
