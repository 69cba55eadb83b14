/// Sweep files (docs/sweeps.md): which floor, which seeds, which grid.
public enum SweepFile {
    public static func load(path: String) throws(FloorFileError) -> SweepPlan {
        try parse(try FloorFile.readText(path), file: path)
    }

    public static func parse(_ text: String, file: String) throws(FloorFileError) -> SweepPlan {
        var root = try JSONObjectReader(file: file, path: "", try FloorFile.json(text, file: file))
        let floor: JSONValue
        let floorFile: String
        switch root.value("floor") {
        case nil, .null?:
            floor = try FloorFile.json(DefaultFloor.json, file: DefaultFloor.name)
            floorFile = DefaultFloor.name
        case let .string(relative)?:
            let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            floorFile = relative.hasPrefix("/") || folder.isEmpty ? relative : folder + "/" + relative
            floor = try FloorFile.json(try FloorFile.readText(floorFile), file: floorFile)
        case let .object(members)?:
            floor = .object(members)
            floorFile = file + " (floor)"
        case let other?:
            throw root.error("floor", "expected a floor file's path or a floor object, got \(other.kind)")
        }
        let seeds = try root.integer("seeds", in: 1...10_000_000) ?? 10
        let firstSeed = UInt64(try root.integer("firstSeed", in: 0...Int(Int32.max)) ?? 1)
        var axes: [SweepPlan.Axis] = []
        for (index, item) in (try root.array("grid") ?? []).enumerated() {
            var axis = try JSONObjectReader(file: file, path: "grid[\(index)]", item)
            let field = try axis.required(axis.string("field"), "field", "a dotted floor field, e.g. \"radio.packetSigma\"")
            guard case let .array(values)? = axis.value("values"), !values.isEmpty else {
                throw axis.error("values", "expected a non-empty array of values")
            }
            try axis.finish()
            guard !axes.contains(where: { $0.field == field }) else { throw axis.error("field", "\"\(field)\" appears twice in the grid") }
            axes.append(SweepPlan.Axis(field: field, values: values))
        }
        try root.finish()
        let plan = SweepPlan(name: file, floor: floor, floorFile: floorFile, axes: axes, firstSeed: firstSeed, seeds: seeds)
        // Every cell must be a valid floor: say so now, not halfway through.
        for cell in 0..<plan.cells { _ = try plan.plan(ofCell: cell) }
        return plan
    }
}
