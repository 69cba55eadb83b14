import MizanSim

extension ExperimentPlan {
    static let fields = ["seeds", "firstSeed", "tills", "radio", "tillSpacing", "packetSigma", "linkShadowingSigma",
                         "ricianKdB", "bodyLoss", "tillOffsetSigma", "phoneOffsetSigma", "scanWindow", "strategies"]
    static let radioFields = ["referenceRSSI", "pathLossExponent", "sensitivity", "tillHeight", "phoneHeight",
                              "advertisingInterval", "advertisingDelayMax", "advertisingChannels"]
    static let strategyFields = ["name", "base"] + StrategyParameter.allCases.map(\.rawValue)

    /// Reads and checks an experiment file; every mistake names the file and the field.
    public static func read(_ path: String) throws(InputError) -> ExperimentPlan {
        try parse(TextFile.read(path), path: path)
    }

    public static func parse(_ text: String, path: String) throws(InputError) -> ExperimentPlan {
        let fields = try JSONFields(JSONInput.parse(text, path: path), file: path, path: "", accepted: Self.fields)
        let defaults = ExperimentPlan(tillSpacing: [], strategies: [])
        let spacing = try fields.numbers("tillSpacing", in: 0.1...100).compactMap { $0 }
        guard case let .array(strategyValues)? = fields.value("strategies"), !strategyValues.isEmpty else {
            throw InputError(path: path, "field 'strategies' expects a non-empty array of strategy objects like {\"name\": \"mean\"}")
        }
        var strategies: [StrategySpec] = []
        for (index, value) in strategyValues.enumerated() {
            strategies.append(try strategy(value, file: path, path: "strategies[\(index)]"))
        }
        var plan = ExperimentPlan(tillSpacing: spacing, strategies: strategies)
        plan.seeds = try fields.integer("seeds", in: 1...1_000_000, default: defaults.seeds)
        plan.firstSeed = UInt64(try fields.integer("firstSeed", in: 0...Int(Int32.max), default: Int(defaults.firstSeed)))
        plan.tills = try fields.integer("tills", in: 2...1_000, default: defaults.tills)
        if let radio = fields.value("radio") { plan.radio = try Self.radio(radio, file: path) }
        plan.packetSigma = try fields.numbers("packetSigma", in: 0...30, default: [plan.radio.packetSigma]).compactMap { $0 }
        plan.linkShadowingSigma = try fields.numbers("linkShadowingSigma", in: 0...30, default: [plan.radio.linkShadowingSigma]).compactMap { $0 }
        plan.ricianKdB = try fields.numbers("ricianKdB", in: -30...60, nullable: true, default: [plan.radio.ricianKdB])
        plan.bodyLoss = try fields.numbers("bodyLoss", in: 0...60, default: [0]).compactMap { $0 }
        plan.tillOffsetSigma = try fields.numbers("tillOffsetSigma", in: 0...30, default: [0]).compactMap { $0 }
        plan.phoneOffsetSigma = try fields.numbers("phoneOffsetSigma", in: 0...30, default: [0]).compactMap { $0 }
        plan.scanWindow = try fields.numbers("scanWindow", in: 0.05...10, default: [1]).compactMap { $0 }
        return plan
    }

    static func radio(_ value: JSONValue, file: String) throws(InputError) -> RadioParameters {
        let fields = try JSONFields(value, file: file, path: "radio", accepted: radioFields)
        var radio = RadioParameters()
        radio.referenceRSSI = try fields.number("referenceRSSI", in: -120...0, default: radio.referenceRSSI)
        radio.pathLossExponent = try fields.number("pathLossExponent", in: 1...6, default: radio.pathLossExponent)
        radio.sensitivity = try fields.number("sensitivity", in: -150...0, default: radio.sensitivity)
        radio.tillHeight = try fields.number("tillHeight", in: 0...10, default: radio.tillHeight)
        radio.phoneHeight = try fields.number("phoneHeight", in: 0...10, default: radio.phoneHeight)
        radio.advertisingInterval = .seconds(try fields.number("advertisingInterval", in: 0.02...10.24, default: radio.advertisingInterval / .seconds(1)))
        radio.advertisingDelayMax = .seconds(try fields.number("advertisingDelayMax", in: 0...0.01, default: radio.advertisingDelayMax / .seconds(1)))
        radio.advertisingChannels = try fields.integer("advertisingChannels", in: 1...3, default: radio.advertisingChannels)
        return radio
    }

    static func strategy(_ value: JSONValue, file: String, path: String) throws(InputError) -> StrategySpec {
        let fields = try JSONFields(value, file: file, path: path, accepted: strategyFields)
        guard let nameText = try fields.string("name") else {
            throw InputError(path: file, "missing field '\(path).name' (one of \(StrategyName.list))")
        }
        guard let name = StrategyName(rawValue: nameText) else {
            throw InputError(path: file, "field '\(path).name' expects one of \(StrategyName.list), got \"\(nameText)\"")
        }
        var base: StrategyName?
        if let baseText = try fields.string("base") {
            guard let named = StrategyName(rawValue: baseText) else {
                throw InputError(path: file, "field '\(path).base' expects one of \(StrategyName.list), got \"\(baseText)\"")
            }
            base = named
        }
        var given: [(StrategyParameter, Double)] = []
        for parameter in StrategyParameter.allCases where parameter != .window {
            guard let value = fields.value(parameter.rawValue) else { continue }
            guard case let .number(number) = value else {
                throw fields.error(parameter.rawValue, expected: "a number (\(parameter.unit))", got: value)
            }
            given.append((parameter, number))
        }
        if fields.value("window") != nil {
            throw InputError(path: file, "field '\(path).window' is not allowed: a strategy's window is the cell's scanWindow (set 'scanWindow')")
        }
        do { return try StrategySpec(name: name, base: base, values: given) } catch {
            throw InputError(path: file, "'\(path)': \(error.description)")
        }
    }
}
