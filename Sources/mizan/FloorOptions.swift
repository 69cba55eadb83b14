import MizanSim
import MizanFormats

/// Which floor a command runs: a floor file (or the embedded default) and the
/// overrides `run` and `replay` share, so a replay can name the same floor.
struct FloorOptions {
    var path: String?
    var minutes: Double?
    var tills: Int?
    var payers: Int?

    /// Reads `--minutes`, `--tills` and `--payers`; the caller finds the path.
    static func read(_ args: inout Arguments) throws(UsageError) -> FloorOptions {
        FloorOptions(
            minutes: try args.number("--minutes", in: 0.001...1_000_000),
            tills: try args.integer("--tills", in: 1...FloorFile.maximumTills),
            payers: try args.integer("--payers", in: 1...10_000_000)
        )
    }

    static let help = """
      --minutes M   override the floor's virtual minutes
      --tills T     override the floor's tills: a row of T tills 2 m apart
      --payers P    override who pays: P payers taking turns at the tills (at least one per till)
    """

    func plan(command: String) throws -> FloorPlan { try load(command: command).plan }

    /// The floor with the overrides, and the run's floor as a trace names it
    /// (`TraceIdentity`): the floor file's content as read (not its name) and the overrides.
    func load(command: String) throws -> (plan: FloorPlan, description: String) {
        let json = try path.map { path throws(JSONFileError) in try JSONObjectReader.load(path: path) }
            ?? JSONObjectReader.parse(DefaultFloor.json, file: DefaultFloor.name)
        var plan = try FloorFile.read(json, file: path ?? DefaultFloor.name)
        if let minutes {
            plan.duration = .seconds(minutes * 60)
            // The floor file checked its faults against its own minutes; a shorter run must not drop them silently.
            for fault in plan.faults {
                let at: Duration? = switch fault {
                case let .dropLink(_, at), let .bluetooth(_, _, at), let .walkAway(_, at, _, _, _): at
                case .dropLinkAtStep, .corruptFrame: nil
                }
                if let at, at > plan.duration {
                    throw UsageError("\(command): --minutes \(minutes) ends the run before a fault of the floor file (at \(at / .seconds(1)) s): the fault would never happen")
                }
            }
        }
        if let tills {
            guard !plan.phoneSelection.isPositionBased else {
                throw UsageError("\(command): --tills replaces the floor's tills, but its phones' strategy (\(plan.phoneSelection.label)) is calibrated on the file's tills: change the tills in the floor file instead")
            }
            plan.tills = FloorPlan.row(count: tills)
        }
        if let payers {
            guard payers >= plan.tills.count else {
                throw UsageError("\(command): --payers \(payers) is fewer than the floor's \(plan.tills.count) tills: give at least one payer per till")
            }
            plan.payers = .queues(meanGap: .zero, idle: payers)
        }
        // The floor file's faults on the floor of --tills and --payers: none may name a device it does not have.
        if tills != nil || payers != nil, let refused = FloorFile.faultOffTheFloor(plan.faults, tills: plan.tills.count, arrivals: plan.payers) {
            throw UsageError("\(command): \(overrides) with the floor file's faults[\(refused.fault)]: \(refused.problem)")
        }
        // The floor file's phones and walkers at the tills of --tills (after --payers, which replaces who pays).
        if let tills {
            if let refused = FloorFile.tooManyPhones(plan.payers, queueLimit: plan.payerBehaviour.queueLimit, tills: tills) {
                throw UsageError("\(command): --tills \(tills) with the floor file's \(refused.field): \(refused.problem)")
            }
            if let refused = FloorFile.tooManyWalkers(plan.faults, tills: tills) {
                throw UsageError("\(command): --tills \(tills) with the floor file's walk-away faults: \(refused)")
            }
            if let refused = FloorFile.tooManyAdvertisingEvents(tills: tills, interval: plan.radio.advertisingInterval) {
                throw UsageError("\(command): --tills \(tills) with the floor file's radio.advertisingIntervalMs: \(refused)")
            }
        }
        return (plan, "floor " + JSON(json).compact + "\noverrides" + arguments + "\n")
    }

    /// --tills and --payers as given, for a message.
    private var overrides: String {
        [tills.map { "--tills \($0)" }, payers.map { "--payers \($0)" }].compactMap { $0 }.joined(separator: " ")
    }

    /// The overrides as options, to repeat in a replay command.
    var arguments: String {
        var text = ""
        if let minutes { text += " --minutes \(minutes)" }
        if let tills { text += " --tills \(tills)" }
        if let payers { text += " --payers \(payers)" }
        return text
    }
}
