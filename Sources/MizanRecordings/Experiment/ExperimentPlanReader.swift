import MizanSim
import MizanFormats
import MizanRadio

extension ExperimentPlan: JSONFileFormat {
    /// Reads and checks an experiment; every mistake names the file and the field.
    public static func read(_ json: JSONValue, file: String) throws(JSONFileError) -> ExperimentPlan {
        let fields = try JSONObjectReader(json, file: file)
        let defaults = ExperimentPlan(tillSpacing: [], strategies: [])
        let spacing = try fields.numbers("tillSpacing", in: 0.1...100).compactMap { $0 }
        let expected = "a non-empty array of strategy objects like {\"name\": \"mean\"}"
        let strategyObjects = try fields.required(fields.optionalObjects("strategies"), "strategies", expected)
        guard !strategyObjects.isEmpty else { throw fields.error("strategies", "expected \(expected), got an empty array") }
        var strategies: [StrategySpec] = []
        for object in strategyObjects { strategies.append(try strategy(object)) }
        var plan = ExperimentPlan(tillSpacing: spacing, strategies: strategies)
        plan.seeds = try fields.optionalInteger("seeds", in: 1...1_000_000) ?? defaults.seeds
        plan.firstSeed = try fields.optionalInteger("firstSeed", in: UInt64(0)...UInt64.max) ?? defaults.firstSeed
        try fields.seedRange("firstSeed", first: plan.firstSeed, count: plan.seeds)
        plan.tills = try fields.optionalInteger("tills", in: 2...1_000) ?? defaults.tills
        if let radio = try fields.optionalObject("radio") { plan.radio = try Self.radio(radio) }
        plan.packetSigma = try fields.optionalNumbers("packetSigma", in: 0...30)?.compactMap { $0 } ?? [plan.radio.packetSigma]
        plan.linkShadowingSigma = try fields.optionalNumbers("linkShadowingSigma", in: 0...30)?.compactMap { $0 } ?? [plan.radio.linkShadowingSigma]
        plan.ricianKdB = try fields.optionalNumbers("ricianKdB", in: -30...60, nullable: true) ?? [plan.radio.ricianKdB]
        plan.bodyLoss = try fields.optionalNumbers("bodyLoss", in: 0...60)?.compactMap { $0 } ?? [0]
        plan.tillOffsetSigma = try fields.optionalNumbers("tillOffsetSigma", in: 0...30)?.compactMap { $0 } ?? [0]
        plan.phoneOffsetSigma = try fields.optionalNumbers("phoneOffsetSigma", in: 0...30)?.compactMap { $0 } ?? [0]
        plan.scanWindow = try fields.optionalNumbers("scanWindow", in: 0.05...10)?.compactMap { $0 } ?? [1]
        try fields.finish()
        // Count the cells before making any: long lists multiply.
        let counts = [plan.scanWindow.count, strategies.count, plan.packetSigma.count, plan.linkShadowingSigma.count, plan.ricianKdB.count,
                      plan.bodyLoss.count, plan.tillOffsetSigma.count, plan.phoneOffsetSigma.count, spacing.count]
        var cells = 1
        for count in counts {
            let (product, overflow) = cells.multipliedReportingOverflow(by: count)
            guard !overflow, product <= maximumCells else {
                throw fields.error("", "the lists make more than \(maximumCells) cells (every combination of scanWindow, strategies, the radio lists and tillSpacing), the most an experiment runs: split it into several experiments")
            }
            cells = product
        }
        return plan
    }

    /// The most cells (combinations of the lists) one experiment file may give.
    public static let maximumCells = 10_000

    static func radio(_ fields: JSONObjectReader) throws(JSONFileError) -> RadioParameters {
        var radio = RadioParameters()
        radio.referenceRSSI = try fields.optionalNumber("referenceRSSI", in: -120...0) ?? radio.referenceRSSI
        radio.pathLossExponent = try fields.optionalNumber("pathLossExponent", in: 1...6) ?? radio.pathLossExponent
        radio.sensitivity = try fields.optionalNumber("sensitivity", in: -150...0) ?? radio.sensitivity
        radio.tillHeight = try fields.optionalNumber("tillHeight", in: 0...10) ?? radio.tillHeight
        radio.phoneHeight = try fields.optionalNumber("phoneHeight", in: 0...10) ?? radio.phoneHeight
        radio.advertisingInterval = try fields.optionalNumber("advertisingInterval", in: 0.02...10.24).map { .seconds($0) } ?? radio.advertisingInterval
        radio.advertisingDelayMax = try fields.optionalNumber("advertisingDelayMax", in: 0...0.01).map { .seconds($0) } ?? radio.advertisingDelayMax
        radio.advertisingChannels = try fields.optionalInteger("advertisingChannels", in: 1...3) ?? radio.advertisingChannels
        try fields.finish()
        return radio
    }

    static func strategy(_ fields: JSONObjectReader) throws(JSONFileError) -> StrategySpec {
        if fields.holds("window") {
            throw fields.error("window", "not allowed: a strategy's window is the cell's scanWindow (set 'scanWindow')")
        }
        return try StrategySpec.read(fields, without: [.window])
    }
}
