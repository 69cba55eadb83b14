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
