import MizanFloor

/// Two floors a floor file cannot express, written with the MizanFloor library.
enum Scenarios {
    /// What a scenario's run gave: its report and its trace.
    struct Outcome {
        let report: FloorReport
        let trace: [String]
    }

    static let tills = [Position(x: 0, y: 0, z: 1), Position(x: 6, y: 0, z: 1)]

    /// A payer walks from till 1 to till 2, where their sale is, and taps
    /// Start halfway. Both operators have locked an amount; the payer confirms
    /// only their own (till 2's), and each operator picks success when asked.
    static func walkAndTapHalfway(seed: UInt64) throws -> Outcome {
        let theirs = try Amount(minorUnits: 2_490, currency: .eur)
        let other = try Amount(minorUnits: 990, currency: .eur)
        return try run(CustomFloor.plan(tills: tills, for: .seconds(30)), seed: seed) { floor in
            let phone = floor.placePhone(at: Position(x: 0, y: 0.6, z: 1.2))
            for (till, amount) in [(0, other), (1, theirs)] {
                floor.person("operator \(DeviceRef.till(till).number)") { person in
                    let till = person.till(till)
                    await person.enter(amount, on: till)
                    try await till.showing(.pickOutcome)
                    await person.pick(.success, on: till)
                }
            }
            floor.person("payer") { person in
                var random = person.random
                try await person.sleep(for: .milliseconds(Int64(random.uniform(500...1_500))))
                let walk = person.walk(phone, to: Position(x: 6, y: 0.6, z: 1.2), speed: 1.2)
                try await person.sleep(for: walk / 2)
                await person.tapStart(phone)
                try await person.sleep(for: walk / 2)
                person.stop(phone)
                try await phone.showing(.reviewAmount)
                try await person.sleep(for: .seconds(1))
                if case let .reviewing(details) = await phone.state.review, details.amount == theirs {
                    await person.confirm(phone)
                } else {
                    await person.decline(phone)
                }
            }
        }
    }

    /// An operator who cancels whenever a payer takes longer than 5 s to
    /// decide, and a payer who reads the amount for `reading`.
    static func impatientOperator(reading: Duration, seed: UInt64) throws -> Outcome {
        let amount = try Amount(minorUnits: 1_500, currency: .eur)
        return try run(CustomFloor.plan(tills: [tills[0]], for: .seconds(30)), seed: seed) { floor in
            let phone = floor.placePhone(at: Position(x: 0, y: 0.5, z: 1.2))
            floor.person("operator") { person in
                let till = person.till(0)
                await person.enter(amount, on: till)
                try await till.showing(.waitingForPayer)
                try await person.sleep(for: .seconds(5))
                if await till.screen == .waitingForPayer {
                    await person.cancel(till)
                } else {
                    try await till.showing(.pickOutcome)
                    await person.pick(.success, on: till)
                }
            }
            floor.person("payer") { person in
                try await person.sleep(for: .seconds(1))
                await person.tapStart(phone)
                try await phone.showing(.reviewAmount)
                try await person.sleep(for: reading)
                if await phone.screen == .reviewAmount { await person.confirm(phone) }
            }
        }
    }

    private static func run(_ plan: FloorPlan, seed: UInt64, setUp: (Floor) throws -> Void) throws -> Outcome {
        var lines: [String] = []
        let report = try CustomFloor.run(plan, seed: seed, trace: TraceWriter { lines.append($0) }, setUp: setUp)
        return Outcome(report: report, trace: lines)
    }
}
