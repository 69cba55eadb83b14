/// Sweep files (docs/sweeps.md): which floor, which seeds, which grid.
public enum SweepFile: JSONFileFormat {
    public static func read(_ json: JSONValue, file: String) throws(JSONFileError) -> SweepPlan {
        let root = try JSONObjectReader(json, file: file)
        let floor: JSONValue
        let floorFile: String
        switch root.value("floor") {
        case nil:
            floor = try JSONObjectReader.parse(DefaultFloor.json, file: DefaultFloor.name)
            floorFile = DefaultFloor.name
        case let .string(relative)?:
            let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            floorFile = relative.hasPrefix("/") || folder.isEmpty ? relative : folder + "/" + relative
            floor = try JSONObjectReader.load(path: floorFile)
        case let .object(members)?:
            floor = .object(members)
            floorFile = file + " (floor)"
        case let other?:
            throw root.error("floor", "expected a floor file's path or a floor object, got \(other.kind)")
        }
        let seeds = try root.optionalInteger("seeds", in: 1...10_000_000) ?? 10
        let firstSeed = try root.optionalInteger("firstSeed", in: UInt64(0)...UInt64.max) ?? 1
        try root.seedRange("firstSeed", first: firstSeed, count: seeds)
        var axes: [SweepPlan.Axis] = []
        // Every field so far, and every field some earlier one lies inside ("radio" for "radio.packetSigma").
        var fields = Set<String>(), enclosing = Set<String>()
        var cells = 1
        for axis in try root.optionalObjects("grid") ?? [] {
            let field = try axis.required(axis.optionalString("field"), "field", "a dotted floor field, e.g. \"radio.packetSigma\"")
            guard let values = try axis.optionalArray("values"), !values.isEmpty else {
                throw axis.error("values", "expected a non-empty array of values")
            }
            try axis.finish()
            let keys = field.split(separator: ".", omittingEmptySubsequences: false)
            guard !keys.contains(where: \.isEmpty) else {
                throw axis.error("field", "\"\(field)\" is not a dotted floor field: each name between the dots must be non-empty, e.g. \"radio.packetSigma\"")
            }
            // Sets, not a search of the axes so far: linear in the grid's length.
            guard fields.insert(field).inserted else { throw axis.error("field", "\"\(field)\" appears twice in the grid") }
            // An axis inside another (or around it) would set what the other sets, the later silently winning.
            let outer = keys.indices.dropLast().map { keys[...$0].joined(separator: ".") }
            if let earlier = outer.first(where: fields.contains) {
                throw axis.error("field", "\"\(field)\" lies inside \"\(earlier)\", an earlier axis of the grid: each cell would set it twice")
            }
            if enclosing.contains(field) {
                throw axis.error("field", "\"\(field)\" holds an earlier axis of the grid: each cell would set it twice")
            }
            enclosing.formUnion(outer)
            // Count the cells as the axes come, before validating any: a grid can be far too large to walk.
            let (product, overflow) = cells.multipliedReportingOverflow(by: values.count)
            guard !overflow, product <= SweepPlan.maximumCells else {
                throw axis.error("values", "the grid's first \(axes.count + 1) axes make more than \(SweepPlan.maximumCells) cells, the most a sweep runs: split it into several sweeps")
            }
            cells = product
            axes.append(SweepPlan.Axis(field: field, values: values))
        }
        try root.finish()
        guard cells * seeds <= SweepPlan.maximumRuns else {
            throw root.error("seeds", "\(cells) cells times \(seeds) seeds make \(cells * seeds) runs, over the most a sweep runs, \(SweepPlan.maximumRuns): split it into several sweeps")
        }
        var plan = SweepPlan(name: file, floor: floor, floorFile: floorFile, axes: axes, firstSeed: firstSeed, seeds: seeds)
        if case .string? = root.value("floor") { plan.floorPath = floorFile }
        // Every cell must be a valid floor: say so now, not halfway through.
        for cell in 0..<plan.cells { _ = try plan.plan(ofCell: cell) }
        return plan
    }
}
