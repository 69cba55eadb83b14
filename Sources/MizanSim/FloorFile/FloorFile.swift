import MizanProtocol

/// Floor files: a floor described in JSON (docs/floor-files.md). Reading one
/// validates every field; an unknown field, a value of the wrong kind or out
/// of range is an error that names the file, the field and what was expected.
public enum FloorFile {
    /// Reads and validates the floor file at `path`.
    public static func load(path: String) throws(FloorFileError) -> FloorPlan {
        try parse(try readText(path), file: path)
    }

    /// Validates floor-file text; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(FloorFileError) -> FloorPlan {
        try plan(from: try json(text, file: file), file: file)
    }

    /// Parses JSON text, naming the file in the error.
    public static func json(_ text: String, file: String) throws(FloorFileError) -> JSONValue {
        do throws(JSONParser.Failure) { return try JSONParser.parse(text) } catch {
            throw FloorFileError(file: file, field: "", problem: "not valid JSON: \(error)")
        }
    }

    /// Validates an already parsed floor.
    public static func plan(from json: JSONValue, file: String) throws(FloorFileError) -> FloorPlan {
        var root = try JSONObjectReader(file: file, path: "", json)
        let tills = try readTills(&root)
        var payers = try root.required(root.object("payers"), "payers", "an object saying who comes to pay")
        let arrivals = try readArrivals(&payers)
        let minutes = try root.number("minutes", in: 0.001...1_000_000) ?? 10
        var plan = FloorPlan(tills: tills, payers: arrivals, duration: .seconds(minutes * 60))
        plan.name = try root.string("name") ?? "floor"
        if var area = try root.object("area") {
            plan.width = try area.number("width", in: 0.1...100_000)
            plan.depth = try area.number("depth", in: 0.1...100_000)
            try area.finish()
        }
        plan.payerBehaviour = try readPayerBehaviour(&payers)
        try payers.finish()
        if var operators = try root.object("operators") {
            plan.operators = try readOperators(&operators)
            try operators.finish()
        }
        if var phones = try root.object("phones") {
            try readPhones(&phones, into: &plan)
            try phones.finish()
        }
        if var radio = try root.object("radio") {
            try readRadio(&radio, into: &plan)
            try radio.finish()
        }
        if let faults = try root.array("faults") {
            plan.faults = try faults.enumerated().map { (index, value) throws(FloorFileError) in
                try readFault(value, file: file, path: "faults[\(index)]", plan: plan)
            }
        }
        try root.finish()
        return plan
    }

    public static func readText(_ path: String) throws(FloorFileError) -> String {
        do throws(InputError) { return try TextFile.read(path) } catch {
            throw FloorFileError(file: path, field: "", problem: "cannot be read: \(error.reason)")
        }
    }

    // MARK: tills

    private static func readTills(_ root: inout JSONObjectReader) throws(FloorFileError) -> [TillPlan] {
        guard let value = root.value("tills") else { throw root.error("tills", "missing: expected a row {\"row\": {...}} or a list of tills") }
        let file = root.file
        if case let .array(items) = value {
            guard !items.isEmpty else { throw root.error("tills", "expected at least one till") }
            var tills: [TillPlan] = []
            for (index, item) in items.enumerated() {
                var till = try JSONObjectReader(file: file, path: "tills[\(index)]", item)
                let number = UInt32(index + 1)
                let plan = TillPlan(
                    id: TillID(number),
                    label: try till.string("label") ?? "Till \(number)",
                    position: Position(x: try till.required(till.number("x", in: -100_000...100_000), "x", "a number (metres)"),
                                       y: try till.required(till.number("y", in: -100_000...100_000), "y", "a number (metres)"),
                                       z: try till.number("z", in: 0...100) ?? 1.0),
                    countdown: .seconds(try till.number("countdownSeconds", in: 0.1...3600) ?? 60),
                    rssiOffset: try till.number("rssiOffset", in: -60...60) ?? 0
                )
                try validateLabel(plan.label, till.error("label", ""))
                try till.finish()
                tills.append(plan)
            }
            return tills
        }
        var tills = try JSONObjectReader(file: file, path: "tills", value)
        var row = try tills.required(tills.object("row"), "row", "an object {\"count\": N, \"spacing\": metres}")
        let count = try row.required(row.integer("count", in: 1...100_000), "count", "a whole number of tills")
        let spacing = try row.number("spacing", in: 0.01...1000) ?? 2
        let height = try row.number("height", in: 0...100) ?? 1.0
        try row.finish()
        let countdown = Duration.seconds(try tills.number("countdownSeconds", in: 0.1...3600) ?? 60)
        try tills.finish()
        return FloorPlan.row(count: count, spacing: spacing, height: height, countdown: countdown)
    }

    private static func validateLabel(_ label: String, _ field: FloorFileError) throws(FloorFileError) {
        do throws(FrameError) { try AmountDetails.validate(tillLabel: label) } catch {
            throw FloorFileError(file: field.file, field: field.field,
                                 problem: "expected a label of 1 to \(AmountDetails.maximumTillLabelByteCount) UTF-8 bytes")
        }
    }

    // MARK: payers

    private static func readArrivals(_ payers: inout JSONObjectReader) throws(FloorFileError) -> PayerArrivals {
        let kind = try payers.required(payers.choice("arrivals", [("pairs", 0), ("poisson", 1), ("continuous", 2)]),
                                       "arrivals", "\"pairs\", \"poisson\" or \"continuous\"")
        switch kind {
        case 0:
            return .pairs(distance: try payers.number("distance", in: 0.01...100) ?? 0.5,
                          phonesPerTill: try payers.integer("phonesPerTill", in: 1...100) ?? 1)
        case 1:
            let gap = try payers.required(payers.number("meanGapSeconds", in: 0.01...1_000_000), "meanGapSeconds", "a number of seconds")
            return .queues(meanGap: .seconds(gap), idle: try payers.integer("idle", in: 0...10_000_000) ?? 0)
        default:
            return .queues(meanGap: .zero, idle: try payers.required(payers.integer("present", in: 1...10_000_000), "present", "a whole number of payers"))
        }
    }

    private static func readPayerBehaviour(_ payers: inout JSONObjectReader) throws(FloorFileError) -> PayerBehaviour {
        var behaviour = PayerBehaviour()
        if let range = try payers.range("reviewSeconds", in: 0...3600) { behaviour.reviewTime = range }
        if let p = try payers.number("confirmProbability", in: 0...1) { behaviour.confirmProbability = p }
        if let range = try payers.range("standX", in: -100...100) { behaviour.standX = range }
        if let range = try payers.range("standY", in: -100...100) { behaviour.standY = range }
        if let attempts = try payers.integer("attempts", in: 1...100) { behaviour.attempts = attempts }
        if let seconds = try payers.number("restartSeconds", in: 0...3600) { behaviour.restartDelay = .seconds(seconds) }
        if let seconds = try payers.number("cancelAfterSeconds", in: 0...3600) { behaviour.cancelAfter = .seconds(seconds) }
        if let code = try payers.string("currency") {
            do throws(FrameError) { behaviour.currency = try CurrencyCode(code) } catch {
                throw payers.error("currency", "expected an ISO 4217 code of three capital letters, got \"\(code)\"")
            }
        }
        if let range = try payers.range("amountMinorUnits", in: 1...1e15) {
            guard range.lowerBound == range.lowerBound.rounded(), range.upperBound == range.upperBound.rounded() else {
                throw payers.error("amountMinorUnits", "expected whole numbers of minor units")
            }
            behaviour.amountRange = Int64(range.lowerBound)...Int64(range.upperBound)
        }
        return behaviour
    }

    private static func readOperators(_ operators: inout JSONObjectReader) throws(FloorFileError) -> OperatorBehaviour {
        var behaviour = OperatorBehaviour()
        if let seconds = try operators.number("lockDelaySeconds", in: 0...3600) { behaviour.lockDelay = .seconds(seconds) }
        if let range = try operators.range("pickSeconds", in: 0...3600) { behaviour.pickDelay = range }
        if let p = try operators.number("successProbability", in: 0...1) { behaviour.successProbability = p }
        if let seconds = try operators.number("relockDelaySeconds", in: 0...3600) { behaviour.relockDelay = .seconds(seconds) }
        if let seconds = try operators.number("cancelAfterSeconds", in: 0...3600) { behaviour.cancelAfter = .seconds(seconds) }
        return behaviour
    }

    private static func readPhones(_ phones: inout JSONObjectReader, into plan: inout FloorPlan) throws(FloorFileError) {
        if let sigma = try phones.number("rssiOffsetSigma", in: 0...40) { plan.payerBehaviour.phoneOffsetSigma = sigma }
        if let loss = try phones.number("bodyLoss", in: 0...60) { plan.payerBehaviour.bodyLoss = loss }
        if var selection = try phones.object("selection") {
            let window = try selection.number("windowSeconds", in: 0.01...60) ?? 1
            let makeStrategy = try selection.required(
                selection.choice("strategy", [("highest-mean", { (w: Duration) in SelectionStrategy.highestMean(window: w) })]),
                "strategy", "a strategy name")
            plan.phoneSelection = makeStrategy(.seconds(window))
            try selection.finish()
        }
    }
}
