/// A uniform grid of square cells over a floor's walls, each cell listing the
/// walls that pass through it or within a hair of it (a thousandth of a cell,
/// and more for walls or paths far from the origin),
/// so that a path between two devices asks only the walls near it rather
/// than every wall of the floor. Only a choice of which walls to ask: whether
/// a path passes through a wall is still `Wall.crosses`, so a grid gives
/// exactly what asking every wall gives.
///
/// Sized to the walls: about as many cells as walls, and never more than
/// 2 x sqrt(walls) + 1 on a side, so a wall across the whole floor is listed
/// in at most that many cells a column (a thousand walls: at most 65 x 65 cells).
struct WallGrid: Sendable {
    private let originX: Double
    private let originY: Double
    private let cell: Double
    private let columns: Int
    private let rows: Int
    /// What a cell's edge is widened by, metres: more than any rounding of a wall's ends or slope
    /// (a path's own size widens it further, `forEachWall`).
    private let pad: Double
    /// Cell (column c, row r) lists `entries[starts[c * rows + r] ..< starts[c * rows + r + 1]]`:
    /// a column's cells are side by side, so a run of rows is one range.
    private let starts: [Int32]
    private let entries: [Int32]

    init(_ walls: [Wall]) {
        let xs = walls.flatMap { [$0.x1, $0.x2] }, ys = walls.flatMap { [$0.y1, $0.y2] }
        let lowX = xs.min() ?? 0, highX = xs.max() ?? 0, lowY = ys.min() ?? 0, highY = ys.max() ?? 0
        let width = highX - lowX, depth = highY - lowY, count = Double(Swift.max(walls.count, 1))
        let magnitude = [lowX, highX, lowY, highY].map(abs).max() ?? 0
        let side = Swift.max((width * depth / count).squareRoot(), Swift.max(width, depth) / (2 * count.squareRoot()))
        cell = side > 0 ? side : 1
        originX = lowX
        originY = lowY
        columns = Int(width / cell) + 1
        rows = Int(depth / cell) + 1
        pad = cell * 1e-3 + magnitude * 1e-12
        // Count each cell's walls, then list them.
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var cells: [(cell: Int, wall: Int32)] = []
        for (index, wall) in walls.enumerated() {
            Self.forEachColumn(of: wall.x1, wall.y1, wall.x2, wall.y2, originX: lowX, originY: lowY, cell: cell,
                               columns: columns, rows: rows, pad: pad) { [rows] column, low, high in
                for row in low...high {
                    cells.append((column * rows + row, Int32(index)))
                    counts[column * rows + row] += 1
                }
                return true
            }
        }
        var starts = [Int32](repeating: 0, count: columns * rows + 1)
        for index in 0..<(columns * rows) { starts[index + 1] = starts[index] + counts[index] }
        var filled = Array(starts.dropLast())
        var entries = [Int32](repeating: 0, count: cells.count)
        for (cell, wall) in cells {
            entries[Int(filled[cell])] = wall
            filled[cell] += 1
        }
        self.starts = starts
        self.entries = entries
    }

    /// Calls `body` with the index of every wall listed in a cell the segment from `a` to `b`
    /// passes through or near, column by column from `a`'s end, until it returns false. A wall
    /// listed in several of those cells comes once for each.
    @inline(__always)
    func forEachWall(near a: Position, _ b: Position, _ body: (Int) -> Bool) {
        // Widened for the path's own size too: the rounding of where it runs, and of whether it
        // crosses a wall, grows with its coordinates.
        let size = Swift.max(Swift.max(abs(a.x), abs(a.y)), Swift.max(abs(b.x), abs(b.y)))
        Self.forEachColumn(of: a.x, a.y, b.x, b.y, originX: originX, originY: originY, cell: cell,
                           columns: columns, rows: rows, pad: pad + size * 1e-10) { column, low, high in
            let first = Int(starts[column * rows + low]), end = Int(starts[column * rows + high + 1])
            for entry in first..<end where !body(Int(entries[entry])) { return false }
            return true
        }
    }

    /// The columns of the grid that the segment from (ax, ay) to (bx, by), widened by `pad`, passes
    /// through, in order from its first end, each with the rows it spans there (`low...high`),
    /// until `body` returns false.
    @inline(__always)
    private static func forEachColumn(of ax: Double, _ ay: Double, _ bx: Double, _ by: Double, originX: Double, originY: Double,
                                      cell: Double, columns: Int, rows: Int, pad: Double, _ body: (Int, Int, Int) -> Bool) {
        let lowX = Swift.min(ax, bx) - pad, highX = Swift.max(ax, bx) + pad
        let lowY = Swift.min(ay, by) - pad, highY = Swift.max(ay, by) + pad
        guard highX >= originX, lowX <= originX + Double(columns) * cell,
              highY >= originY, lowY <= originY + Double(rows) * cell else { return }
        let first = index(lowX, origin: originX, cell: cell, count: columns)
        let last = index(highX, origin: originX, cell: cell, count: columns)
        // Nearly upright: every row of its height in each of its (one or two) columns.
        let upright = abs(bx - ax) < pad
        let slope = upright ? 0 : (by - ay) / (bx - ax)
        for step in 0...(last - first) {
            let column = ax <= bx ? first + step : last - step
            var low = lowY, high = highY
            if !upright {
                let left = Swift.max(lowX, originX + Double(column) * cell - pad)
                let right = Swift.min(highX, originX + Double(column + 1) * cell + pad)
                let atLeft = ay + (left - ax) * slope, atRight = ay + (right - ax) * slope
                low = Swift.max(lowY, Swift.min(atLeft, atRight) - pad)
                high = Swift.min(highY, Swift.max(atLeft, atRight) + pad)
            }
            guard low <= high else { continue }
            let lowRow = index(low, origin: originY, cell: cell, count: rows)
            let highRow = index(high, origin: originY, cell: cell, count: rows)
            if !body(column, lowRow, highRow) { return }
        }
    }

    /// The cell along one axis holding `value`, within 0..<count (the nearest edge's beyond them).
    @inline(__always)
    private static func index(_ value: Double, origin: Double, cell: Double, count: Int) -> Int {
        let place = (value - origin) / cell
        guard place >= 0 else { return 0 }
        return place < Double(count) ? Int(place) : count - 1
    }
}
