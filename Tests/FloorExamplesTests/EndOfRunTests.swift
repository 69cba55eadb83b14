import MizanFloor
import Synchronization
import Testing

/// What a person was left doing when the run ended.
private final class LeftWaiting: Sendable {
    let error = Mutex<String?>(nil)
    let acted = Mutex(false)
}

@Suite struct EndOfRunTests {
    @Test func aPersonWaitingForAScreenThatNeverComesStopsWaitingWhenTheRunEnds() throws {
        let left = LeftWaiting()
        weak var ranFloor: Floor?
        let report = try CustomFloor.run(CustomFloor.plan(tills: [Position(x: 0, y: 0, z: 1)], for: .seconds(5)), seed: 1) { floor in
            ranFloor = floor
            // Nobody locks an amount, so the till never asks to pick an outcome.
            floor.person("operator") { person in
                do {
                    try await person.till(0).showing(.pickOutcome)
                    left.acted.withLock { $0 = true }
                } catch {
                    left.error.withLock { $0 = "\(type(of: error))" }
                }
            }
        }
        #expect(report.simulated == .seconds(5))
        #expect(left.error.withLock { $0 } == "CancellationError")
        #expect(!left.acted.withLock { $0 })
        // The person's task ended, so nothing holds the floor (or its executor) any more.
        #expect(ranFloor == nil)
    }

    @Test func aPersonAsleepPastTheEndOfTheRunIsWokenCancelled() throws {
        let left = LeftWaiting()
        let report = try CustomFloor.run(CustomFloor.plan(tills: [Position(x: 0, y: 0, z: 1)], for: .seconds(5)), seed: 1) { floor in
            floor.person("payer") { person in
                do {
                    try await person.sleep(for: .seconds(3600))
                    left.acted.withLock { $0 = true }
                } catch {
                    left.error.withLock { $0 = "\(type(of: error))" }
                }
            }
        }
        #expect(report.simulated == .seconds(5))
        #expect(left.error.withLock { $0 } == "CancellationError")
        #expect(!left.acted.withLock { $0 })
    }
}
