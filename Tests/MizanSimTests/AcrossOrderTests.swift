import MizanGeometry
import MizanTime
import Testing

/// Positions in order across the floor against a pass over all of them.
@Suite struct AcrossOrderTests {
    /// What a pass over every position in index order finds: the first strictly nearest.
    static func nearestByPass(_ positions: [Position], to point: Position) -> Int? {
        var best: (index: Int, distance: Double)?
        for index in positions.indices {
            let distance = point.distance(to: positions[index])
            if let current = best, current.distance <= distance { continue }
            best = (index, distance)
        }
        return best?.index
    }

    @Test func theNearestIsWhatAPassOverEveryPositionFindsTiesToTheLowestIndex() {
        var generator = SeededGenerator(seed: 41)
        // A grid (many ties, several at one x), a row, scattered points, duplicates and a single one.
        let grid = (0..<60).map { Position(x: Double($0 % 6) * 2, y: Double($0 / 6) * 2, z: 1) }
        let row = (0..<300).map { Position(x: Double(299 - $0) * 2, y: 0, z: 1) }
        let scattered = (0..<200).map { _ in Position(x: generator.uniform(-50...50), y: generator.uniform(-5...5), z: 1) }
        let doubled = grid + grid
        for positions in [grid, row, scattered, doubled, [Position(x: 3, y: 4, z: 0)]] {
            let order = AcrossOrder(positions)
            for _ in 0..<500 {
                let point = Position(x: generator.uniform(-80...680), y: generator.uniform(-10...20), z: 0.5)
                #expect(order.nearest(to: point) == Self.nearestByPass(positions, to: point), "\(point)")
            }
            // On a position itself, and half-way between two on the grid.
            for position in positions.prefix(20) {
                #expect(order.nearest(to: position) == Self.nearestByPass(positions, to: position))
                let between = Position(x: position.x + 1, y: position.y, z: position.z)
                #expect(order.nearest(to: between) == Self.nearestByPass(positions, to: between))
            }
        }
        #expect(AcrossOrder([]).nearest(to: Position(x: 0, y: 0, z: 0)) == nil)
    }

    @Test func thePlacesWithinARangeOfXAreThoseAPassFinds() {
        var generator = SeededGenerator(seed: 43)
        let positions = (0..<400).map { _ in Position(x: generator.uniform(-100...100).rounded(), y: 0, z: 0) }
        let order = AcrossOrder(positions)
        #expect(order.xs == order.xs.sorted())
        for _ in 0..<300 {
            let low = generator.uniform(-120...120), high = low + generator.uniform(0...60)
            let found = order.places(from: low, to: high).map { order.indices[$0] }.sorted()
            let passed = positions.indices.filter { positions[$0].x >= low && positions[$0].x <= high }
            #expect(found == passed, "\(low)...\(high)")
        }
    }
}
