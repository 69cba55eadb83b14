import MizanGeometry
import MizanRadio

/// A floor file's `walls` (docs/floor-files.md): each a segment from `from`
/// to `to` ([x, y], metres) with a `material` (`WallMaterial`) or, for a wall
/// that was measured, its `lossDB`; one of the two.
enum FloorFileWalls {
    /// The most walls a floor may have: a path asks those in the cells it passes (`WallGrid`).
    static let maximum = 1_000

    static func read(_ walls: [JSONObjectReader], field: JSONObjectReader) throws(JSONFileError) -> Walls {
        guard walls.count <= maximum else {
            throw field.error("walls", "\(walls.count) walls, over the \(maximum) a floor may have (docs/running-a-floor.md, input limits)")
        }
        let materials = WallMaterial.allCases.map { ($0.rawValue, $0) }
        var read: [Wall] = []
        for wall in walls {
            let from = try point(wall, "from"), to = try point(wall, "to")
            guard from != to else { throw wall.error("to", "expected a point other than \"from\": a wall has a length") }
            let material = try wall.optionalChoice("material", materials)
            let given = try wall.optionalNumber("lossDB", in: 0...100)
            let loss: Double
            switch (material, given) {
            case let (material?, nil): loss = material.loss
            case let (nil, given?): loss = given
            case (_?, _?): throw wall.error("lossDB", "give a material or a loss in dB, not both")
            case (nil, nil): throw wall.error("material", "expected a material (\(WallMaterial.allCases.map(\.rawValue).joined(separator: ", "))) or \"lossDB\"")
            }
            try wall.finish()
            read.append(Wall(x1: from.x, y1: from.y, x2: to.x, y2: to.y, loss: loss))
        }
        return Walls(read)
    }

    /// A point [x, y], metres.
    private static func point(_ wall: JSONObjectReader, _ key: String) throws(JSONFileError) -> (x: Double, y: Double) {
        let values = try wall.numbers(key, in: -100_000...100_000)
        guard values.count == 2, let x = values[0], let y = values[1] else {
            throw wall.error(key, "expected a point [x, y] in metres, got \(values.count) number\(values.count == 1 ? "" : "s")")
        }
        return (x, y)
    }
}
