// MizanFloor: the library for writing shop floors in Swift.
//
// A floor is a `FloorPlan` (the tills, the radio, the faults, armed at a
// virtual time or at a protocol step) run by a `Floor` on virtual time from
// one seed. A floor file's plan brings its own operators and payers; a floor
// written in Swift places its phones and writes its people as processes:
//
// ```swift
// import MizanFloor
//
// var plan = CustomFloor.plan(tills: [Position(x: 0, y: 0, z: 1), Position(x: 4, y: 0, z: 1)], for: .seconds(30))
// plan.faults = [.dropLinkAtStep(.afterConfirm, phone: 0, after: .zero)]  // armed at a protocol step
// let report = try CustomFloor.run(plan, seed: 1) { floor in
//     let phone = floor.placePhone(at: Position(x: 0, y: 1, z: 1.2))
//     floor.person("operator") { person in
//         await person.enter(try Amount(minorUnits: 1_250, currency: .eur), on: person.till(1))
//         try await person.till(1).showing(.pickOutcome)
//         await person.pick(.success, on: person.till(1))
//     }
//     floor.person("payer") { person in
//         await person.tapStart(phone)
//         try await phone.showing(.reviewAmount)
//         await person.confirm(phone)
//     }
// }
// report.ledger.settled   // each transaction's pair of endings and verdict
// ```
//
// Tills and phones are actors (`Till`, `Phone`) on the run's executor; a
// person is an async function on the run's virtual clock (`Person`), with its
// own seeded stream (`person.random`).
@_exported import MizanProtocol
@_exported import MizanSim
@_exported import MizanRadio
@_exported import MizanTime
@_exported import MizanFormats
@_exported import MizanGeometry
@_exported import MizanSelection
