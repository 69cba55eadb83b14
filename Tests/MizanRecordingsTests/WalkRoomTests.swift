import Testing
import MizanGeometry
import MizanProtocol
import MizanFormats
@testable import MizanRadio
@testable import MizanSim

/// The simulated calibration walk on the signal model is recorded in the
/// run's own room (`CalibrationWalk`, `Floor.room`): at a spot, its mean RSSI
/// from each till (less the path loss to where each reading was taken) is
/// what payers standing there hear, within 3 standard errors; walked in
/// another run's room it is not.
@Suite struct WalkRoomTests {
    static let text = #"{"minutes": 0.5, "tills": {"row": {"count": 4, "spacing": 2}}, "payers": {"arrivals": "pairs"}, "radio": {"advertising": "signal"}}"#
    static let runSeed: UInt64 = 5

    /// Per till, (walk's mean residual, payers' mean residual, combined standard error), at `spot`.
    static func compare(_ plan: FloorPlan, walkRoom: SignalModel, payerRoom: SignalModel, spot: Position) -> [(Double, Double, Double)] {
        var walk = CalibrationWalk()
        walk.lineSpacing = 0.05
        walk.speed = 0.3
        let samples = walk.samples(plan, room: walkRoom)
        let radius = 0.25
        var result: [(Double, Double, Double)] = []
        for (index, till) in plan.tills.enumerated() {
            // The walk's readings near the spot, in pieces of its line two fading lengths long (a piece holds
            // about two stands of held fades, so the pieces' means are close to independent), in order.
            var stands: [Int: [Double]] = [:]
            for sample in samples where sample.till == till.id {
                let here = sample.position
                guard (sample.x - spot.x) * (sample.x - spot.x) + (sample.y - spot.y) * (sample.y - spot.y) <= radius * radius else { continue }
                let key = Int((sample.y * 1000).rounded()) * 100_000 + Int(((sample.x + 50) / (2 * plan.radio.fadingLength)).rounded(.down))
                stands[key, default: []].append(Double(sample.rssi) - walkRoom.meanRSSI(till: index, distance: here.distance(to: till.position)))
            }
            let means = stands.keys.sorted().map { key in stands[key].map { $0.reduce(0, +) / Double($0.count) } ?? 0 }
            let walkMean = means.reduce(0, +) / Double(means.count)
            let walkVariance = means.map { ($0 - walkMean) * ($0 - walkMean) }.reduce(0, +) / Double(means.count - 1)
            // Payers standing at the spot: each its own phone, its held signal on every channel.
            let basis = payerRoom.shadowingBasis(at: spot)
            var heard: [Double] = []
            for phone in 0..<2_000 {
                let held = payerRoom.held(till: index, tillPosition: till.position, phone: phone, at: spot, basis: basis, stand: 1 << 24,
                                          fixedOffset: till.rssiOffset - plan.payerBehaviour.bodyLoss)
                heard.append((held.channel(0) + held.channel(1) + held.channel(2)) / 3 - payerRoom.meanRSSI(till: index, distance: spot.distance(to: till.position)))
            }
            let payerMean = heard.reduce(0, +) / Double(heard.count)
            let payerVariance = heard.map { ($0 - payerMean) * ($0 - payerMean) }.reduce(0, +) / Double(heard.count - 1)
            result.append((walkMean, payerMean, (walkVariance / Double(means.count) + payerVariance / Double(heard.count)).squareRoot()))
        }
        return result
    }

    @Test func theWalkHearsThePayersRoom() throws {
        let plan = try FloorFile.parse(Self.text, file: "floor.json")
        let floor = try Floor(plan: plan, seed: Self.runSeed, builtInPersons: false)
        let room = try #require(Floor.room(plan, seed: Self.runSeed))
        let run = try #require(floor.medium.signalModel)
        #expect(room.offsets == run.offsets, "Floor.room is the run's own")
        let spot = Position(x: 3, y: 0.65, z: plan.radio.phoneHeight)
        for (index, till) in plan.tills.enumerated() {
            let mine = room.held(till: index, tillPosition: till.position, phone: 0, at: spot, basis: room.shadowingBasis(at: spot), stand: 1, fixedOffset: 0)
            let theirs = run.held(till: index, tillPosition: till.position, phone: 0, at: spot, basis: run.shadowingBasis(at: spot), stand: 1, fixedOffset: 0)
            #expect(mine.link == theirs.link, "till \(index + 1): the same shadowing and fades")
        }
        for (index, (walk, payers, error)) in Self.compare(plan, walkRoom: room, payerRoom: run, spot: spot).enumerated() {
            #expect(abs(walk - payers) < 3 * error, "till \(index + 1): the walk \(walk) dB, payers \(payers) dB, standard error \(error)")
            #expect(error < 1, "till \(index + 1): a standard error of \(error) dB tells too little")
        }
    }

    @Test func aWalkInAnotherRoomDoesNotMatch() throws {
        let plan = try FloorFile.parse(Self.text, file: "floor.json")
        let run = try #require(Floor.room(plan, seed: Self.runSeed))
        let other = try #require(Floor.room(plan, seed: Self.runSeed + 1))
        let spot = Position(x: 3, y: 0.65, z: plan.radio.phoneHeight)
        let outside = Self.compare(plan, walkRoom: other, payerRoom: run, spot: spot).filter { abs($0.0 - $0.1) >= 3 * $0.2 }
        #expect(!outside.isEmpty, "another room's walk matched every till")
    }
}
