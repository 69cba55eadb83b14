#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MizanFloor

// Runs the example floors and prints how each transaction ended; a scenario
// that throws is reported on stderr and the command exits with status 1.
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
    let message = "floor-examples: \(error)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(1)
}
