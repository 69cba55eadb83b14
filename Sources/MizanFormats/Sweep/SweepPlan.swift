import MizanSim
/// A sweep: a grid of floor-field values times seeds. Run `r` is cell
/// `r / seeds` with the `r % seeds`-th seed; cells vary the last field fastest.
public struct SweepPlan: Sendable {
    public struct Axis: Sendable {
        /// A dotted path into the floor file, e.g. `radio.packetSigma`.
        public let field: String
        public let values: [JSONValue]
    }

    public let name: String
    public let floor: JSONValue
    public let floorFile: String
    /// The floor file the sweep names, when it names one (an input of the sweep, as the sweep file is).
    public internal(set) var floorPath: String?
    public let axes: [Axis]
    public let firstSeed: UInt64
    public let seeds: Int

    /// The largest grid a sweep file may give (docs/sweeps.md): every cell is validated when the sweep is read.
    public static let maximumCells = 10_000
    /// The most runs (cells times seeds) a sweep file may give (docs/sweeps.md).
    public static let maximumRuns = 10_000_000

    /// Reading a sweep file keeps this within `maximumCells`.
    public var cells: Int { axes.reduce(1) { $0 * $1.values.count } }
    public var runs: Int { cells * seeds }

    /// The field values of a cell, in axis order.
    public func values(ofCell cell: Int) -> [(field: String, value: JSONValue)] {
        var rest = cell
        var picked: [(String, JSONValue)] = []
        for axis in axes.reversed() {
            picked.append((axis.field, axis.values[rest % axis.values.count]))
            rest /= axis.values.count
        }
        return picked.reversed()
    }

    /// Reading a sweep file keeps the last seed within 2^64 - 1.
    public func seed(ofRun run: Int) -> UInt64 { firstSeed + UInt64(run % seeds) }

    /// The floor of a cell: the sweep's floor with the cell's values set.
    public func plan(ofCell cell: Int) throws(JSONFileError) -> FloorPlan {
        var floor = self.floor
        for (field, value) in values(ofCell: cell) {
            floor = try Self.setting(field.split(separator: ".", omittingEmptySubsequences: false).map(String.init), to: value, in: floor, file: name, path: field)
        }
        return try FloorFile.read(floor, file: "\(floorFile) (sweep cell \(cell + 1))")
    }

    static func setting(_ keys: [String], to value: JSONValue, in json: JSONValue, file: String, path: String) throws(JSONFileError) -> JSONValue {
        guard let key = keys.first else { return value }
        guard case var .object(members) = json else {
            throw JSONFileError(file: file, field: path, problem: "cannot set a field inside \(json.kind)")
        }
        let inner = members.first { $0.key == key }?.value ?? .object([])
        let updated = try setting(Array(keys.dropFirst()), to: value, in: inner, file: file, path: path)
        if let index = members.firstIndex(where: { $0.key == key }) { members[index].value = updated } else { members.append((key, updated)) }
        return .object(members)
    }
}
