import Foundation
import MizanFormats
import MizanGeometry
import MizanProtocol
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// Walls: a path through one loses its loss, on either radio; a path beside
/// or along one loses nothing.
@Suite struct WallTests {
    @Test func aPathCrossesAWallOnlyWhenItsEndsLieOnOppositeSidesWithinTheWallsLength() {
        let wall = Wall(x1: 0, y1: 0, x2: 0, y2: 4, loss: 8)
        #expect(wall.crosses(from: Position(x: -1, y: 2), to: Position(x: 1, y: 2)))
        #expect(wall.crosses(from: Position(x: 1, y: 3), to: Position(x: -2, y: 1)))
        #expect(!wall.crosses(from: Position(x: -1, y: 5), to: Position(x: 1, y: 5)), "past the wall's end")
        #expect(!wall.crosses(from: Position(x: 1, y: 1), to: Position(x: 2, y: 3)), "both on one side")
        #expect(!wall.crosses(from: Position(x: 0, y: 1), to: Position(x: 2, y: 3)), "a device on the wall's line")
        #expect(!wall.crosses(from: Position(x: 0, y: 1), to: Position(x: 0, y: 3)), "a path along the wall")
        let walls = Walls([wall, Wall(x1: 2, y1: -1, x2: 2, y2: 5, loss: 4), Wall(x1: 5, y1: 0, x2: 5, y2: 1, loss: 15)])
        #expect(walls.loss(from: Position(x: -1, y: 2), to: Position(x: 3, y: 2)) == 12)
        #expect(walls.loss(from: Position(x: 1, y: 2), to: Position(x: 1.5, y: 3)) == 0)
        #expect(Walls().loss(from: Position(x: -1, y: 2), to: Position(x: 3, y: 2)) == 0)
    }

    /// Walls of every shape (long and short, upright, level, slanting, sharing lines and ends) and
    /// paths of every shape (inside, outside, across, upright, along a wall, of no length, ending on
    /// a wall): the grid gives the loss a pass over every wall gives, to the bit, and gives up
    /// (`unlessOver`) only once the crossed walls' losses pass the limit.
    @Test func aPathLosesThroughTheGridWhatAPassOverEveryWallGives() {
        var draws = SeededGenerator(seed: 21)
        func point() -> Position {
            switch draws.uniform(0...1) {
            case ..<0.1: Position(x: Double(Int(draws.uniform(-20...20))), y: Double(Int(draws.uniform(-20...20))))
            default: Position(x: draws.uniform(-60...60), y: draws.uniform(-25...25))
            }
        }
        var checked = 0, crossed = 0, gaveUp = 0
        for count in [1, 2, 7, 40, 300] {
            var list: [Wall] = []
            for index in 0..<count {
                let a = point(), shape = index % 4
                let b = shape == 0 ? Position(x: a.x, y: a.y + draws.uniform(0.1...30))
                    : shape == 1 ? Position(x: a.x + draws.uniform(-50...50), y: a.y)
                    : shape == 2 ? Position(x: a.x + draws.uniform(-3...3), y: a.y + draws.uniform(-3...3)) : point()
                list.append(Wall(x1: a.x, y1: a.y, x2: b.x, y2: b.y, loss: index % 9 == 0 ? 0 : draws.uniform(0.5...20)))
            }
            let walls = Walls(list)
            for path in 0..<2_000 {
                let a = path % 50 == 0 ? Position(x: list[path % count].x1, y: list[path % count].y1) : point()
                let b = path % 7 == 0 ? Position(x: a.x, y: a.y + draws.uniform(-40...40))
                    : path % 11 == 0 ? Position(x: list[path % count].x2, y: list[path % count].y2)
                    : path % 13 == 0 ? a : Position(x: draws.uniform(-90...90), y: draws.uniform(-40...40))
                var every = 0.0, positive = 0.0
                for wall in list where wall.crosses(from: a, to: b) {
                    every += wall.loss
                    positive += max(wall.loss, 0)
                }
                #expect(walls.loss(from: a, to: b).bitPattern == every.bitPattern, "\(count) walls, \(a) to \(b)")
                let limit = draws.uniform(0...60)
                if let given = walls.loss(from: a, to: b, unlessOver: limit) {
                    #expect(given.bitPattern == every.bitPattern)
                } else {
                    gaveUp += 1
                    #expect(positive > limit, "gave up at \(limit) dB though the walls crossed lose \(positive)")
                }
                checked += 1
                if every > 0 { crossed += 1 }
            }
        }
        #expect(checked == 10_000 && crossed > 3_000 && gaveUp > 500, "\(crossed) paths crossed a wall, \(gaveUp) gave up")
    }

    /// Walls a hair long at the origin, or far from it, and walls that add (a negative loss), asked
    /// about by paths kilometres to thousands of kilometres long (a phone that walked off): the grid
    /// still gives what a pass over every wall gives, to the bit.
    @Test func tinyOrFarWallsAndLongPathsLoseThroughTheGridWhatEveryWallGives() {
        var draws = SeededGenerator(seed: 33)
        for (scale, offset) in [(1e-12, 0.0), (1e-8, 0.0), (1e-3, 99_000.0), (5.0, -50_000.0)] {
            let list = (0..<6).map { index in
                Wall(x1: offset + scale * draws.uniform(-1...1), y1: offset + scale * draws.uniform(-1...1),
                     x2: offset + scale * draws.uniform(-1...1), y2: offset + scale * draws.uniform(-1...1),
                     loss: index == 3 ? -2 : draws.uniform(1...12))
            }
            let walls = Walls(list)
            #expect(walls.mostGained == 2)
            var crossed = 0
            for path in 0..<20_000 {
                // Through the walls' middle, from far off either way.
                let reach = [1e4, 1e5, 1e7, 1e8][path % 4]
                let angle = draws.uniform(0...(2 * Double.pi)), share = draws.uniform(0.05...0.95)
                let middle = Position(x: offset + scale * draws.uniform(-0.5...0.5), y: offset + scale * draws.uniform(-0.5...0.5))
                let a = Position(x: middle.x + reach * share * cos(angle), y: middle.y + reach * share * sin(angle))
                let b = Position(x: middle.x - reach * (1 - share) * cos(angle), y: middle.y - reach * (1 - share) * sin(angle))
                var every = 0.0
                for wall in list where wall.crosses(from: a, to: b) { every += wall.loss }
                if every != 0 { crossed += 1 }
                #expect(walls.loss(from: a, to: b).bitPattern == every.bitPattern, "walls \(scale) m at \(offset), path \(a) to \(b)")
            }
            #expect(crossed > 2_000, "\(crossed) paths crossed walls of \(scale) m")
        }
    }

    /// On the first radio an event's link counts the walls only until no packet could be heard
    /// through them: the trace is the one of a radio counting every wall, and the cut is taken.
    @Test func theFirstRadioCountingWallsOnlyUntilNoPacketCouldBeHeardGivesTheSameTrace() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 6, spacing: 6), payers: .pairs(distance: 0.5), duration: .seconds(20))
        plan.radio.advertising = .simple
        plan.radio.linkShadowingSigma = 3
        plan.radio.ricianKdB = 3
        plan.payerBehaviour.reviewTime = 1...2
        plan.walls = Walls((0..<5).map { (index: Int) -> Wall in
            let x = 6 * Double(index) + 3
            return Wall(x1: x, y1: -20, x2: x, y2: 20, loss: 45)
        })
        var kept: RadioMedium?
        let cut = try FloorRun(plan, seed: 2, medium: { kept = $0 })
        let every = try FloorRun(plan, seed: 2, medium: { $0.keepsSilentTills = false })
        #expect(cut.trace.count > 100 && cut.report.transactions > 0)
        #expect(every.trace == cut.trace)
        #expect(try #require(kept).linkMeansCut > 0, "links were found too weak before every wall was counted")
    }

    /// What the phone's link holds from a till 3 m away (path loss aside), with a wall of
    /// `loss` dB between them or none.
    static func offset(_ advertising: AdvertisingModel, wall loss: Double?) -> Double {
        let loop = SimulationLoop()
        var parameters = RadioParameters()
        parameters.advertising = advertising
        let walls = loss.map { Walls([Wall(x1: -5, y1: 1, x2: 5, y2: 1, loss: $0)]) } ?? Walls()
        let medium = RadioMedium(parameters: parameters, clock: loop.clock, generator: SeededGenerator(seed: 4), walls: walls)
        let till = medium.addTill(TillID(1), at: Position(x: 0, y: 0, z: 1))
        let phone = medium.addPhone(CentralID(1), motion: .standing(at: Position(x: 0, y: 3)))
        return medium.fixedOffset(phone, till)
    }

    @Test(arguments: [AdvertisingModel.signal, .simple])
    func aTillBehindAWallIsHeardItsLossLower(_ advertising: AdvertisingModel) {
        let open = Self.offset(advertising, wall: nil)
        #expect(abs(Self.offset(advertising, wall: 8) - (open - 8)) < 1e-9)
        #expect(abs(Self.offset(advertising, wall: 0) - open) < 1e-12)
    }

    @Test func theFoodCourtsWallsKeepPayersOnTheirOwnUnitsTill() throws {
        // The example floor against itself without walls, over seeds: walls between units cost the
        // neighbours' tills 8 dB or more at a payer, so wrong choices fall.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/food-court.json")
        var walled = try FloorFile.load(path: url.path)
        walled.duration = .seconds(600)
        var open = walled
        open.walls = Walls()
        #expect(walled.walls.walls.count == 10)
        var wrong = (walled: 0, open: 0)
        for seed in UInt64(1)...20 {
            wrong.walled += try Floor(plan: walled, seed: seed).run().wrongTillChoices
            wrong.open += try Floor(plan: open, seed: seed).run().wrongTillChoices
        }
        // Seeds 1-20: 20 wrong choices with the walls, 63 without (docs/running-a-floor.md).
        #expect(wrong.walled * 2 < wrong.open, "wrong choices: \(wrong.walled) with the walls, \(wrong.open) without")
    }
}
