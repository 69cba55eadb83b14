import MizanGeometry
import MizanProtocol
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// A payer faces a way: the tills behind and beside them are heard through
/// their body, by the direction model, on the signal model only.
@Suite struct PayerDirectionTests {
    /// What the phone's link to each of two tills holds (path loss aside), one in front
    /// of a payer facing -y and one behind, with `direction` on the payer.
    static func offsets(_ direction: DirectionGain, advertising: AdvertisingModel = .signal) -> (front: Double, behind: Double) {
        let loop = SimulationLoop()
        var parameters = RadioParameters()
        parameters.advertising = advertising
        let medium = RadioMedium(parameters: parameters, clock: loop.clock, generator: SeededGenerator(seed: 4))
        let front = medium.addTill(TillID(1), at: Position(x: 0, y: 0, z: 1))
        let behind = medium.addTill(TillID(2), at: Position(x: 0, y: 4, z: 1))
        let phone = medium.addPhone(CentralID(1), motion: .standing(at: Position(x: 0, y: 2)))
        phone.carry(direction, facing: -.pi / 2)
        return (medium.fixedOffset(phone, front), medium.fixedOffset(phone, behind))
    }

    @Test func aTillBehindThePayerLosesTheBodysSwingAndOneInFrontNothing() {
        let none = Self.offsets(.none), body = Self.offsets(DirectionGain(swing: 10))
        #expect(abs(body.front - none.front) < 1e-9)
        #expect(abs(body.behind - none.behind + 10) < 1e-9)
    }

    @Test func aPayerWhoTurnsInPlaceHearsAnewThroughTheirBody() {
        // Two media alike but for the body: what differs between them is the body's gain alone.
        func turned(_ direction: DirectionGain) -> (before: Double, after: Double, newStand: Bool) {
            let loop = SimulationLoop()
            let medium = RadioMedium(parameters: RadioParameters(), clock: loop.clock, generator: SeededGenerator(seed: 4))
            let front = medium.addTill(TillID(1), at: Position(x: 0, y: 0, z: 1))
            let spot = Position(x: 0, y: 2)
            let phone = medium.addPhone(CentralID(1), motion: .standing(at: spot))
            phone.carry(direction, facing: -.pi / 2)
            let before = medium.fixedOffset(phone, front), stand = phone.stands
            phone.move(.standing(at: spot), facing: .pi / 2)
            return (before, medium.fixedOffset(phone, front), phone.stands != stand)
        }
        let none = turned(.none), body = turned(DirectionGain(swing: 10))
        #expect(body.newStand && none.newStand, "turning starts a new stand: its fades are drawn anew")
        #expect(abs(body.before - none.before) < 1e-9, "facing the till, the body costs nothing")
        #expect(abs(body.after - none.after + 10) < 1e-9, "turned away, the till is heard through the body")
        #expect(none.after != none.before, "the new stand's link fade is a new draw")
    }

    @Test func aBackpackIsHeardBestFromBehind() {
        let none = Self.offsets(.none), pack = Self.offsets(DirectionGain(swing: 8, best: .pi))
        #expect(abs(pack.front - none.front + 8) < 1e-9)
        #expect(abs(pack.behind - none.behind) < 1e-9)
    }

    @Test func theFirstRadioHasNoDirection() {
        let none = Self.offsets(.none, advertising: .simple), body = Self.offsets(DirectionGain(swing: 10), advertising: .simple)
        #expect(none.front == body.front && none.behind == body.behind)
    }

    @Test func aPayerStandingInFrontOfTheirTillFacesIt() throws {
        let plan = FloorPlan(tills: FloorPlan.row(count: 3), payers: .queues(meanGap: .seconds(3), idle: 0), duration: .seconds(30))
        let floor = try Floor(plan: plan, seed: 3)
        let till = plan.tills[1].position
        let facing = floor.facing(till: 1, from: Position(x: till.x + 0.5, y: till.y + 0.5))
        #expect(abs(facing - (-3 * .pi / 4)) < 1e-12, "toward the till, down and to the left: \(facing)")
    }

    @Test func bodiesAreDrawnPerPayerFromTheModel() {
        var generator = SeededGenerator(seed: 1)
        let model = BodyModel(hand: 0.5, pocket: 0.25, backpack: 0.25, swingMean: 9.8, swingSD: 5.1)
        let draws = (0..<4_000).map { _ in model.draw(using: &generator) }
        let swings = draws.map(\.gain.swing)
        #expect(abs(swings.reduce(0, +) / 4_000 - 9.9) < 0.4, "truncated at 0, the mean rises a little")
        #expect(swings.allSatisfy { $0 >= 0 })
        #expect(abs(Double(draws.filter { $0.carriage == .backpack }.count) / 4_000 - 0.25) < 0.03)
        #expect(draws.allSatisfy { $0.carriage == .backpack ? $0.gain.best == .pi : $0.gain.best == 0 })
    }
}
