import MizanGeometry
import MizanProtocol
import MizanSim
import MizanRadio

/// Floor files: a floor described in JSON (docs/floor-files.md). Reading one
/// validates every field; an unknown field, a value of the wrong kind or out
/// of range is an error that names the file, the field and what was expected.
public enum FloorFile: JSONFileFormat {
    /// Validates a parsed floor.
    public static func read(_ json: JSONValue, file: String) throws(JSONFileError) -> FloorPlan {
        let root = try JSONObjectReader(json, file: file)
        let tills = try readTills(root)
        let payers = try root.required(root.optionalObject("payers"), "payers", "an object saying who comes to pay")
        let arrivals = try readArrivals(payers)
        let minutes = try root.optionalNumber("minutes", in: 0.001...1_000_000) ?? 10
        var plan = FloorPlan(tills: tills, payers: arrivals, duration: .seconds(minutes * 60))
        plan.name = try root.optionalString("name") ?? "floor"
        guard plan.name.utf8.count <= maximumNameBytes else {
            throw root.error("name", "\(plan.name.utf8.count) bytes, over the \(maximumNameBytes) a floor's name may have (it heads every summary, picture and report)")
        }
        if let area = try root.optionalObject("area") {
            plan.width = try area.optionalNumber("width", in: 0.1...100_000)
            plan.depth = try area.optionalNumber("depth", in: 0.1...100_000)
            try area.finish()
        }
        plan.payerBehaviour = try readPayerBehaviour(payers)
        // A line's limit only where payers arrive into lines; elsewhere the field is refused as unknown.
        if case let .queues(meanGap, _) = arrivals, meanGap > .zero,
           let limit = try payers.optionalInteger("queueLimit", in: 1...1_000) { plan.payerBehaviour.queueLimit = limit }
        if let refused = tooManyPhones(arrivals, queueLimit: plan.payerBehaviour.queueLimit, tills: tills.count) {
            throw payers.error(refused.field, refused.problem)
        }
        try payers.finish()
        if let operators = try root.optionalObject("operators") {
            plan.operators = try readOperators(operators)
            try operators.finish()
        }
        let phones = try root.optionalObject("phones")
        let radio = try root.optionalObject("radio")
        var selection: FloorFileSelection.PendingSelection?
        if let phones { selection = try readPhones(phones, into: &plan) }
        if let radio { try FloorFileRadio.readRadio(radio, into: &plan) }
        if let phones { try FloorFileBody.readBody(phones, into: &plan) }
        try FloorFileLink.readLink(root: root, phones: phones, radio: radio, into: &plan)
        try phones?.finish()
        try radio?.finish()
        if let radio, let refused = tooManyAdvertisingEvents(tills: tills.count, interval: plan.radio.advertisingInterval) {
            throw radio.error("advertisingIntervalMs", refused)
        }
        if let walls = try root.optionalObjects("walls") { plan.walls = try FloorFileWalls.read(walls, field: root) }
        if let faults = try root.optionalObjects("faults") {
            guard faults.count <= maximumFaults else {
                throw root.error("faults", "\(faults.count) faults, over the \(maximumFaults) a floor may have: each is armed for the whole run (docs/running-a-floor.md, input limits)")
            }
            plan.faults = try faults.map { fault throws(JSONFileError) in try FloorFileFaults.readFault(fault, plan: plan) }
            if let refused = tooManyWalkers(plan.faults, tills: tills.count) { throw root.error("faults", refused) }
            if let refused = faultOffTheFloor(plan.faults, tills: tills.count, arrivals: plan.payers) {
                throw root.error("faults[\(refused.fault)].\(refused.field)", refused.problem)
            }
        }
        try root.finish()
        // Last: a position-based strategy is calibrated on this floor's tills and radio.
        if let selection { plan = try selection.applied(to: plan) }
        return plan
    }

    // MARK: tills

    /// The most tills a floor may have (a row's count, a list's length, `--tills`): what runs.
    /// Every phone standing works out what it holds from every till once, so a floor's cost
    /// grows with the square of its tills; what a virtual second takes at the limit is in
    /// docs/running-a-floor.md (input limits), measured there.
    public static let maximumTills = 2_000

    /// Why a floor of `count` tills is refused.
    public static func tooManyTills(_ count: Int) -> String {
        "\(count) tills, over the \(maximumTills) a floor may have: a floor's cost grows with the square of its tills (what a virtual second of \(maximumTills) takes: docs/running-a-floor.md, input limits)"
    }

    /// The most phones a floor may stand at its tills or in their lines at once: its pairs' phones
    /// (tills x `phonesPerTill`) at most `maximumTills`, as a payer at each till of the largest
    /// floor (each works out what it holds from every till); its arrivals' lines (tills x
    /// `queueLimit`) at most `maximumQueued` (a payer waiting in line takes about 3 KB).
    public static let maximumQueued = 20 * maximumTills

    /// The most UTF-8 bytes a floor's name may have: it heads every summary, picture and report
    /// (a name of 50 MB made a report of 150 MB).
    public static let maximumNameBytes = 1_000

    /// The least a payer's or an operator's `cancelAfterSeconds` may be, s: a person who cancels
    /// at once, their next attempt or the next payer starting at once, would run transaction
    /// after transaction at one virtual instant, never reaching the next; at half a second each
    /// cancelled attempt still moves time on (what it costs: docs/running-a-floor.md, input limits).
    public static let minimumPatience = 0.5

    /// The most faults a floor may have: each is armed for the whole run, and one naming an idle
    /// payer puts the payer's phone on the floor (what 10,000 take: docs/running-a-floor.md, input limits).
    public static let maximumFaults = 10_000

    /// The most phones walking (by `walk-away` faults) times tills a floor may have: a walking
    /// phone works out what it holds from every till at each of its events, never keeping it
    /// (200 phones walking among 2,000 tills: docs/running-a-floor.md, input limits).
    public static let maximumWalkingTills = 400_000

    /// Why a floor of `tills` tills whose `faults` set phones walking away is refused, if it is.
    public static func tooManyWalkers(_ faults: [Fault], tills: Int) -> String? {
        let walkers = Set(faults.compactMap { fault -> Int? in
            if case let .walkAway(phone, _, _, _, _) = fault { phone } else { nil }
        }).count
        guard walkers * tills > maximumWalkingTills else { return nil }
        return "\(walkers) phones walking away among \(tills) tills: \(walkers * tills) phone-tills, over the \(maximumWalkingTills) a floor may have: a walking phone works out what it holds from every till at each of its events (docs/running-a-floor.md, input limits)"
    }

    /// The most advertising events a floor's tills may make in a virtual second: the largest
    /// floor's tills at the default interval (100 ms). Every event is offered to every phone
    /// scanning, and on the first radio each phone keeps every report of its scan window, so a
    /// floor's cost and memory grow with it (what the largest floor takes: docs/running-a-floor.md,
    /// input limits; 2,000 tills every 20 ms on the first radio ran out of memory past 8 GB).
    public static let maximumAdvertisingEventsPerSecond = 10 * maximumTills

    /// Why a floor of `tills` tills advertising every `interval` is refused, if it is.
    public static func tooManyAdvertisingEvents(tills: Int, interval: Duration) -> String? {
        let perSecond = Double(tills) / interval.seconds
        guard perSecond > Double(maximumAdvertisingEventsPerSecond) * (1 + 1e-12) else { return nil }
        return "\(tills) tills advertising every \(Decimals.format(interval.seconds * 1000, digits: 3)) ms: \(Decimals.format(perSecond, digits: 1)) advertising events a virtual second, over the \(maximumAdvertisingEventsPerSecond) a floor may make: every event is offered to every phone scanning (docs/running-a-floor.md, input limits)"
    }

    /// The phones a floor of `tills` tills has all through its run, where its payers fix them:
    /// a pairs floor's, and payers taking turns with none arriving (at least one per till); nil
    /// where payers keep arriving.
    static func fixedPhones(_ arrivals: PayerArrivals, tills: Int) -> Int? {
        switch arrivals {
        case let .pairs(_, perTill): tills * perTill
        case let .queues(meanGap, idle): meanGap == .zero ? Swift.max(idle, tills) : nil
        }
    }

    /// The first of `faults` (its place, field and why) naming a device a floor of `tills` tills
    /// and these payers never has: a till past the last, or a phone past the last where the
    /// payers fix the phones (`fixedPhones`). Such a fault would never happen.
    public static func faultOffTheFloor(_ faults: [Fault], tills: Int, arrivals: PayerArrivals) -> (fault: Int, field: String, problem: String)? {
        let phones = fixedPhones(arrivals, tills: tills)
        for (place, fault) in faults.enumerated() {
            let device: DeviceRef? = switch fault {
            case let .dropLink(phone, _), let .dropLinkAtStep(_, phone, _), let .corruptFrame(_, phone): phone.map { .phone($0) }
            case let .bluetooth(device, _, _): device
            case let .walkAway(phone, _, _, _, _): .phone(phone)
            }
            switch device {
            case let .till(index)? where index >= tills:
                return (place, "till", "till \(index + 1) is not on the floor (tills 1 to \(tills)): the fault would never happen")
            case let .phone(index)? where phones.map({ index >= $0 }) ?? false:
                return (place, "phone", "phone \(index + 1) is not on the floor (its payers have phones 1 to \(phones ?? 0)): the fault would never happen")
            default:
                continue
            }
        }
        return nil
    }

    /// Why a floor of `tills` tills whose payers arrive as `arrivals` (their lines at most
    /// `queueLimit` long) is refused, if it is: the field to name, and the problem.
    public static func tooManyPhones(_ arrivals: PayerArrivals, queueLimit: Int, tills: Int) -> (field: String, problem: String)? {
        switch arrivals {
        case let .pairs(_, perTill) where tills * perTill > maximumTills:
            return ("phonesPerTill", "\(tills) tills with \(perTill) phones each: \(tills * perTill) phones, over the \(maximumTills) a floor may stand at its tills: every phone works out what it holds from every till (what a virtual second of \(maximumTills) takes: docs/running-a-floor.md, input limits)")
        case let .queues(meanGap, _) where meanGap > .zero && tills * queueLimit > maximumQueued:
            return ("queueLimit", "\(tills) tills with lines of up to \(queueLimit): \(tills * queueLimit) payers waiting, over the \(maximumQueued) a floor may hold in its lines: each waiting payer is a phone on the floor (docs/running-a-floor.md, input limits)")
        default:
            return nil
        }
    }

    private static func readTills(_ root: JSONObjectReader) throws(JSONFileError) -> [TillPlan] {
        guard let value = root.value("tills") else { throw root.error("tills", "missing; expected a row {\"row\": {...}} or a list of tills") }
        let file = root.file
        if case let .array(items) = value {
            guard !items.isEmpty else { throw root.error("tills", "expected at least one till") }
            guard items.count <= maximumTills else { throw root.error("tills", tooManyTills(items.count)) }
            var tills: [TillPlan] = []
            var positions: [Position: Int] = [:]
            for (index, item) in items.enumerated() {
                let till = try JSONObjectReader(item, file: file, path: "tills[\(index)]")
                var plan = TillPlan(
                    index: index,
                    label: try till.optionalString("label"),
                    position: Position(x: try till.required(till.optionalNumber("x", in: -100_000...100_000), "x", "a number (metres)"),
                                       y: try till.required(till.optionalNumber("y", in: -100_000...100_000), "y", "a number (metres)"),
                                       z: try till.optionalNumber("z", in: 0...100) ?? 1.0),
                    countdown: .seconds(try till.optionalNumber("countdownSeconds", in: 0.1...3600) ?? 60),
                    rssiOffset: try till.optionalNumber("rssiOffset", in: -60...60) ?? 0
                )
                plan.amountRange = try amountRange(till)
                try validateLabel(plan.label, of: till)
                if let first = positions[plan.position] {
                    throw till.error("x", "at the same position as tills[\(first)] (\(plan.position.x), \(plan.position.y), \(plan.position.z)): two tills cannot stand in one place; a phone could not tell them apart")
                }
                positions[plan.position] = index
                try till.finish()
                tills.append(plan)
            }
            return tills
        }
        let tills = try JSONObjectReader(value, file: file, path: "tills")
        let row = try tills.required(tills.optionalObject("row"), "row", "an object {\"count\": N, \"spacing\": metres}")
        let count: Int
        do {
            count = try row.required(row.optionalInteger("count", in: 1...maximumTills), "count", "a whole number of tills")
        } catch {
            // A whole number past the limit is told why there is one.
            if let asked = try? row.optionalInteger("count", in: 1...Int.max), asked > maximumTills { throw row.error("count", tooManyTills(asked)) }
            throw error
        }
        let spacing = try row.optionalNumber("spacing", in: 0.01...1000) ?? 2
        let height = try row.optionalNumber("height", in: 0...100) ?? 1.0
        try row.finish()
        let countdown = Duration.seconds(try tills.optionalNumber("countdownSeconds", in: 0.1...3600) ?? 60)
        let amounts = try amountRange(tills)
        try tills.finish()
        var line = FloorPlan.row(count: count, spacing: spacing, height: height, countdown: countdown)
        for index in line.indices { line[index].amountRange = amounts }
        return line
    }

    /// `amountMinorUnits: [low, high]`, whole minor units.
    private static func amountRange(_ object: JSONObjectReader) throws(JSONFileError) -> ClosedRange<Int64>? {
        guard let range = try object.optionalRange("amountMinorUnits", in: 1...1e15) else { return nil }
        guard range.lowerBound == range.lowerBound.rounded(), range.upperBound == range.upperBound.rounded() else {
            throw object.error("amountMinorUnits", "expected whole numbers of minor units")
        }
        return Int64(range.lowerBound)...Int64(range.upperBound)
    }

    private static func validateLabel(_ label: String, of till: JSONObjectReader) throws(JSONFileError) {
        do throws(FrameError) { try AmountDetails.validate(tillLabel: label) } catch {
            throw till.error("label", "expected a label of 1 to \(AmountDetails.maximumTillLabelByteCount) UTF-8 bytes")
        }
    }

    // MARK: payers

    private static func readArrivals(_ payers: JSONObjectReader) throws(JSONFileError) -> PayerArrivals {
        let kinds = ["pairs", "poisson", "continuous"]
        let kind = try payers.choice("arrivals", kinds.enumerated().map { ($1, $0) })
        // Each kind's own fields: one of another kind's is named as such, not as unknown.
        let fields = [["distance", "phonesPerTill"], ["meanGapSeconds", "idle", "queueLimit"], ["present"]]
        for (other, keys) in fields.enumerated() where other != kind {
            for key in keys where payers.has(key) && !fields[kind].contains(key) {
                throw payers.error(key, "a field of \"arrivals\": \"\(kinds[other])\", and these payers' arrivals are \"\(kinds[kind])\"")
            }
        }
        switch kind {
        case 0:
            return .pairs(distance: try payers.optionalNumber("distance", in: 0.01...100) ?? 0.5,
                          phonesPerTill: try payers.optionalInteger("phonesPerTill", in: 1...100) ?? 1)
        case 1:
            let gap = try payers.required(payers.optionalNumber("meanGapSeconds", in: 0.01...1_000_000), "meanGapSeconds", "a number of seconds")
            return .queues(meanGap: .seconds(gap), idle: try payers.optionalInteger("idle", in: 0...10_000_000) ?? 0)
        default:
            return .queues(meanGap: .zero, idle: try payers.required(payers.optionalInteger("present", in: 1...10_000_000), "present", "a whole number of payers"))
        }
    }

    private static func readPayerBehaviour(_ payers: JSONObjectReader) throws(JSONFileError) -> PayerBehaviour {
        var behaviour = PayerBehaviour()
        if let range = try payers.optionalRange("reviewSeconds", in: 0...3600) { behaviour.reviewTime = range }
        if let p = try payers.optionalNumber("confirmProbability", in: 0...1) { behaviour.confirmProbability = p }
        if let range = try payers.optionalRange("standX", in: -100...100) { behaviour.standX = range }
        if let range = try payers.optionalRange("standY", in: -100...100) { behaviour.standY = range }
        if let attempts = try payers.optionalInteger("attempts", in: 1...100) { behaviour.attempts = attempts }
        if let seconds = try payers.optionalNumber("restartSeconds", in: 0...3600) { behaviour.restartDelay = .seconds(seconds) }
        if let seconds = try payers.optionalNumber("cancelAfterSeconds", in: minimumPatience...3600) { behaviour.cancelAfter = .seconds(seconds) }
        if let code = try payers.optionalString("currency") {
            do throws(FrameError) { behaviour.currency = try CurrencyCode(code) } catch {
                throw payers.error("currency", "expected an ISO 4217 code of three capital letters, got \"\(code)\"")
            }
        }
        if let range = try amountRange(payers) { behaviour.amountRange = range }
        return behaviour
    }

    private static func readOperators(_ operators: JSONObjectReader) throws(JSONFileError) -> OperatorBehaviour {
        var behaviour = OperatorBehaviour()
        if let seconds = try operators.optionalNumber("lockDelaySeconds", in: 0...3600) { behaviour.lockDelay = .seconds(seconds) }
        if let range = try operators.optionalRange("pickSeconds", in: 0...3600) { behaviour.pickDelay = range }
        if let p = try operators.optionalNumber("successProbability", in: 0...1) { behaviour.successProbability = p }
        if let seconds = try operators.optionalNumber("relockDelaySeconds", in: 0...3600) { behaviour.relockDelay = .seconds(seconds) }
        if let seconds = try operators.optionalNumber("cancelAfterSeconds", in: minimumPatience...3600) { behaviour.cancelAfter = .seconds(seconds) }
        return behaviour
    }

    private static func readPhones(_ phones: JSONObjectReader, into plan: inout FloorPlan) throws(JSONFileError) -> FloorFileSelection.PendingSelection? {
        if let sigma = try phones.optionalNumber("rssiOffsetSigma", in: 0...40) { plan.payerBehaviour.phoneOffsetSigma = sigma }
        if let loss = try phones.optionalNumber("bodyLoss", in: 0...60) { plan.payerBehaviour.bodyLoss = loss }
        if let off = try phones.optionalNumber("bluetoothOffFraction", in: 0...1) { plan.payerBehaviour.bluetoothOffFraction = off }
        if let denied = try phones.optionalNumber("bluetoothNotAllowedFraction", in: 0...1) { plan.payerBehaviour.bluetoothNotAllowedFraction = denied }
        guard plan.payerBehaviour.bluetoothOffFraction + plan.payerBehaviour.bluetoothNotAllowedFraction <= 1 else {
            throw phones.error("bluetoothNotAllowedFraction", "expected the two Bluetooth fractions to add up to at most 1")
        }
        if let selection = try phones.optionalObject("selection") { return try FloorFileSelection.readSelection(selection) }
        return nil
    }
}
