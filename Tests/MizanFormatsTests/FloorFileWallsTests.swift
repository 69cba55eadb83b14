import Testing
import MizanGeometry
@testable import MizanSim
@testable import MizanFormats

/// A floor file's walls: a material's loss or a measured one, each mistake named by its field.
@Suite struct FloorFileWallsTests {
    static func floor(walls: String) -> String {
        #"{"tills": {"row": {"count": 3}}, "payers": {"arrivals": "pairs"}, "walls": \#(walls)}"#
    }

    func problem(_ walls: String) -> String? {
        do { _ = try FloorFile.parse(Self.floor(walls: walls), file: "w.json"); return nil } catch { return error.description }
    }

    @Test func wallsReadTheirEndsAndAMaterialsLossOrTheirOwn() throws {
        let plan = try FloorFile.parse(Self.floor(walls: #"[{"from": [0, 1], "to": [4, 1], "material": "brick"}, {"from": [1, -2], "to": [1, 3], "lossDB": 5.5}]"#),
                                       file: "w.json")
        #expect(plan.walls.walls == [Wall(x1: 0, y1: 1, x2: 4, y2: 1, loss: 8), Wall(x1: 1, y1: -2, x2: 1, y2: 3, loss: 5.5)])
        #expect(try FloorFile.parse(Self.floor(walls: "[]"), file: "w.json").walls.isEmpty)
    }

    @Test func aWallWithoutALossOrWithTwoOrNoLengthOrABadPointIsRefusedNamingItsField() {
        #expect(problem(#"[{"from": [0, 1], "to": [4, 1]}]"#)?.contains("field 'walls[0].material'") == true)
        #expect(problem(#"[{"from": [0, 1], "to": [4, 1], "material": "brick", "lossDB": 3}]"#)?.hasSuffix("field 'walls[0].lossDB': give a material or a loss in dB, not both") == true)
        #expect(problem(#"[{"from": [0, 1], "to": [0, 1], "material": "brick"}]"#)?.contains("field 'walls[0].to'") == true)
        #expect(problem(#"[{"from": [0], "to": [4, 1], "material": "brick"}]"#)?.hasSuffix("field 'walls[0].from': expected a point [x, y] in metres, got 1 number") == true)
        #expect(problem(#"[{"from": [0, 1], "to": [4, 1], "material": "glass"}]"#)?.contains("field 'walls[0].material'") == true)
        #expect(problem(#"[{"from": [0, 1], "to": [4, 1], "lossDB": 500}]"#)?.contains("field 'walls[0].lossDB'") == true)
        #expect(problem(#"[{"from": [0, 1], "to": [4, 1], "lossDB": 5, "height": 2}]"#)?.contains("field 'walls[0].height': unknown field") == true)
        let many = "[" + Array(repeating: #"{"from": [0, 1], "to": [4, 1], "lossDB": 1}"#, count: FloorFileWalls.maximum + 1).joined(separator: ",") + "]"
        #expect(problem(many)?.contains("over the \(FloorFileWalls.maximum) a floor may have") == true)
    }
}
