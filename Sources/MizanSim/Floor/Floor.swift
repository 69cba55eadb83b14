import MizanGeometry
import MizanRadio
import MizanTime
import MizanCrypto
import MizanProtocol
import MizanRuntime
import MizanSelection

/// One run of a shop floor: tills and phones running the real drivers over one
/// simulated medium, operators and payers acting by policy, faults on their
/// schedule, and the ledger checking every transaction as it settles.
/// Everything happens on the calling thread, in virtual time, from one seed.
public final class Floor {
    public let plan: FloorPlan
    public let seed: UInt64
    /// Where idle payers stand (`idleArea(of:)`).
    let idleArea: (width: Double, depth: Double)
    public let ledger = TransactionLedger()
    let loop = SimulationLoop()
    var clock: VirtualClock { loop.clock }
    /// The built-in persons' steps, as timers of plain data.
    private(set) lazy var personTimers = PersonTimers(floor: self, clock: clock)
    let medium: RadioMedium
    /// The phones' strategy: the plan's, or the one calibrated on the walk in this run's room (`FloorPlan.walkedSelection`).
    public private(set) var phoneSelection: SelectionStrategy
    let faults: FaultInjector
    private(set) var tills: [TillUnit] = []
    /// The payers created so far, by index: a payer is created when first needed (FloorPayers.swift),
    /// and retired after leaving for good (PayerRetirement.swift); indices are never reused.
    var phoneUnits: [Int: PhoneUnit] = [:]
    /// Payers who left for good, until their phones are retired.
    var retirement = PayerRetirement()
    /// Payers on the floor, created or not: indices below this exist.
    var payerCount = 0
    /// Payers who found their till's line full (`PayerBehaviour.queueLimit`) and went away.
    var payersTurnedAway = 0
    /// Payers on the floor not created yet, and the draws their creation takes.
    var pendingPayers: PendingPayers?
    var operators: SeededGenerator
    var payers: SeededGenerator
    var arrivals: SeededGenerator
    /// Draws each phone's platform (faithful link layer).
    var platforms: SeededGenerator
    /// Each payer's body and carriage (signal model), split by the payer's number.
    let bodies: SeededGenerator
    let keysRoot: SeededGenerator
    var keyStreams: [SeededKeys] = []
    /// Derives key pairs and session keys ahead on other cores (`jobs` > 1), or nil (SeededKeys.swift).
    let cryptoPool: CryptoPool?
    /// How the devices found their crypto with the pool (nil without one).
    public let cryptoAhead: CryptoAheadTally?
    /// Where the floor's events go (the trace writer, the caller's observer), or nil when no one listens.
    let events: ((FloorEvent) -> Void)?
    let deviceLog: ((DeviceRef, String) -> Void)?
    public internal(set) var successes = 0
    var stopRequested = false
    /// After the plan's duration: no new locks or Starts; what runs, ends.
    var draining = false
    /// Whether the payer tapped Start for their till's current lock.
    var tappedForLock: Set<Int> = []

    /// Whether the floor file's operators and payers act (`plan.payers`,
    /// `plan.operators`, `plan.payerBehaviour`); without them, only the persons
    /// started with `person(_:_:)` act, on phones placed with `placePhone(at:)`.
    public let builtInPersons: Bool
    /// The seed's root stream, from which each scripted person gets its own.
    let root: SeededGenerator

    /// `events` receives every event of the run, typed (a trace writer's `write`, for one).
    /// `jobs`: the cores the run may use, this thread and `jobs - 1` that derive keys ahead; the run is the same with any number.
    /// `air` sees every packet on the air (a capture: `AirObserver`); the run is the same with or without it.
    public init(plan: FloorPlan, seed: UInt64, events: ((FloorEvent) -> Void)? = nil, deviceLog: ((DeviceRef, String) -> Void)? = nil,
                jobs: Int = 1, builtInPersons: Bool = true, air: AirObserver? = nil) throws(FrameError) {
        self.builtInPersons = builtInPersons
        self.plan = plan
        idleArea = Self.idleArea(of: plan)
        cryptoPool = jobs > 1 ? CryptoPool(workers: jobs - 1) : nil
        cryptoAhead = jobs > 1 ? CryptoAheadTally() : nil
        self.seed = seed
        phoneSelection = plan.phoneSelection
        self.events = events
        self.deviceLog = deviceLog
        let root = SeededGenerator(seed: seed)
        self.root = root
        operators = root.split("operators")
        payers = root.split("payers")
        arrivals = root.split("arrivals")
        platforms = root.split("platforms")
        bodies = root.split("bodies")
        keysRoot = root.split("keys")
        medium = RadioMedium(parameters: plan.radio, clock: loop.clock, generator: root.split("radio"), audibility: plan.audibility,
                             linkLayer: plan.linkLayer, walls: plan.walls)
        faults = FaultInjector(medium: medium)
        medium.sniff(with: air)
        if let events = self.events { medium.observe(with: { [unowned self] in events(FloorEvent(at: now, .air($0))) }) }
        ledger.onSettled = { [unowned self] in settled($0) }
        for (index, tillPlan) in plan.tills.enumerated() { try addTill(index, tillPlan) }
        if let walked = plan.walkedSelection, let room = medium.signalModel, let strategy = walked.strategy(plan, room: room) {
            phoneSelection = strategy
        }
        if builtInPersons { setUpPayers() }
        // Faults before the first lock: one at time zero comes first.
        scheduleFaults()
        if builtInPersons { clock.schedule(at: .start) { [unowned self] in startPayers() } }
    }

    var now: Duration { clock.now.sinceStart }

    /// The signal model a run of `plan` with `seed` hears its tills through
    /// (their offsets and shadowing field drawn), nil on the first radio: the
    /// room its payers stand in, for its calibration walk (`CalibrationWalk`).
    public static func room(_ plan: FloorPlan, seed: UInt64) -> SignalModel? {
        guard var room = RadioMedium.room(parameters: plan.radio, generator: SeededGenerator(seed: seed).split("radio")) else { return nil }
        for _ in plan.tills { room.addTill() }
        return room
    }

    /// Hands `kind`, happening now, to the floor's observers; builds nothing when there are none.
    func record(_ kind: @autoclosure () -> FloorEvent.Kind) {
        if let events { events(FloorEvent(at: now, kind())) }
    }

    /// Starts a person's process (waiting, then acting on a device or the
    /// floor) as a task on the run's executor; it gets the floor, confined to
    /// the run's thread.
    @discardableResult
    func process(_ body: sending @escaping (RunConfined<Floor>) async -> Void) -> Task<Void, Never> {
        let floor = confined(self)
        return loop.start { await body(floor) }
    }

    /// `value`, confined to this run's thread, to hand to its actors and processes.
    func confined<Value>(_ value: Value) -> RunConfined<Value> { RunConfined(value, to: loop.executor) }

    // MARK: running

    /// Whether the last `run` ended because its `stopping` said stop (its report is of the run
    /// up to there), not at its end.
    public private(set) var interrupted = false

    /// Runs until the plan's duration (or its success target); `progress` is
    /// called every virtual second with the virtual time reached. With
    /// `drain`, it then starts nothing new and runs on (up to `drainLimit`)
    /// until every transaction under way has ended. `stopping` (on the run's
    /// thread) is asked every thousand timers or so: once it says stop, the run
    /// ends where it is, its report covering the run up to there.
    public func run(drain: Bool = false, drainLimit: Duration = .seconds(600), stopping: (() -> Bool)? = nil,
                    progress: ((Duration) -> Void)? = nil) -> FloorReport {
        var reached = Duration.zero
        interrupted = false
        /// Runs to `target`, or to where `stopping` said stop (then false).
        func runTo(_ target: Duration) -> Bool {
            guard loop.run(until: VirtualInstant(sinceStart: target), stopping: stopping ?? { false }) else {
                reached = clock.now.sinceStart
                interrupted = true
                return false
            }
            reached = target
            return true
        }
        while reached < plan.duration, !stopRequested {
            guard runTo(Swift.min(reached + .seconds(1), plan.duration)) else { break }
            progress?(reached)
        }
        if drain, !interrupted {
            draining = true
            let limit = reached + drainLimit
            while reached < limit, !ledger.isSettled {
                guard runTo(reached + .seconds(1)) else { break }
            }
        }
        // Persons still waiting for a screen stop waiting (their tasks end in
        // the shutdown's last jobs), then sleepers wake cancelled.
        for unit in tills { unit.device.entered { $0.endWaiting() } }
        for unit in phones { unit.device.entered { $0.endWaiting() } }
        loop.shutdown()
        cryptoPool?.shutdown()
        ledger.closeBooks(at: reached)
        return FloorReport(ledger: ledger, plan: plan, seed: seed, simulated: reached, tills: plan.tills.map(\.position),
                           packetsSent: medium.packetsSent, packetsHeard: medium.packetsHeard, payersTurnedAway: payersTurnedAway)
    }

    // MARK: devices

    func addTill(_ index: Int, _ tillPlan: TillPlan) throws(FrameError) {
        let endpoint = medium.addTill(tillPlan.id, at: tillPlan.position, offset: tillPlan.rssiOffset)
        let timers = DeviceTimers<HostTimer>(clock: clock)
        // A till takes a key pair per transaction: keep two derived ahead.
        let keys = SeededKeys(keysRoot.split("till \(index)"), pool: cryptoPool, lookahead: 2, tally: cryptoAhead)
        keyStreams.append(keys)
        let driver = try HostDriver(
            tillID: tillPlan.id, tillLabel: tillPlan.label, countdown: tillPlan.countdown,
            cryptoLatency: plan.radio.hostCryptoLatency,
            radio: medium.peripheralRadio(for: endpoint), clock: timers.deviceClock, keys: keys.source,
            log: deviceLog == nil ? .discard : DeviceLog { [unowned self] line in deviceLog?(.till(index), line) },
            observe: tillObserver(index)
        )
        let till = Till(index: index, executor: loop.executor, driver: confined(driver), timers: confined(timers))
        // Deliveries enter the till synchronously: the medium runs on the run's executor too.
        endpoint.deliver(to: { [till] in till.hearOnRun($0) })
        precondition(tills.count == index, "tills are added in index order")
        tills.append(TillUnit(index: index, plan: tillPlan, endpoint: endpoint, device: till, keys: keys))
    }

    /// What till `index`'s driver tells the floor it observed, for its unit (made after the driver,
    /// found by its index): the floor unretained, since it keeps its tills for the run and they their drivers.
    private func tillObserver(_ index: Int) -> (HostObservation) -> Void {
        let floor = Borrowed(self)
        return { observation in floor.with { $0.observed($0.tills[index], observation) } }
    }

    /// What phone `index`'s driver tells the floor it observed, for its unit: the floor unretained, as
    /// for a till; a retired payer's unit is gone (`PayerRetirement`), and hearing from it stops the run.
    private func phoneObserver(_ index: Int) -> (PhoneObservation) -> Void {
        let floor = Borrowed(self)
        return { observation in
            floor.with { floor in
                guard let unit = floor.phoneUnits[index] else { preconditionFailure("a retired payer's phone observed \(observation)") }
                floor.observed(unit, observation)
            }
        }
    }

    /// The phones created, in index order.
    var phones: [PhoneUnit] { phoneUnits.keys.sorted().compactMap { phoneUnits[$0] } }

    /// A new payer, numbered after every payer on the floor, standing at `position`.
    @discardableResult
    func addPhone(till: Int, at position: Position) -> PhoneUnit {
        let index = payerCount
        payerCount += 1
        return addPhone(index: index, till: till, draw: drawPayer(standing: position, using: &payers))
    }

    /// What creating a payer draws, in the order creating one always drew it:
    /// where they stand (unless given), their phone's offset, their Bluetooth.
    func drawPayer(standing position: Position?, using generator: inout SeededGenerator) -> PayerDraw {
        let behaviour = plan.payerBehaviour
        let position = position ?? idlePosition(using: &generator)
        let offset = behaviour.phoneOffsetSigma > 0 ? generator.normal(mean: 0, sd: behaviour.phoneOffsetSigma) : 0
        let availability = behaviour.bluetoothOffFraction + behaviour.bluetoothNotAllowedFraction > 0 ? generator.unitInterval() : nil
        return PayerDraw(position: position, offset: offset, availability: availability)
    }

    @discardableResult
    package func addPhone(index: Int, till: Int, draw: PayerDraw) -> PhoneUnit {
        let position = draw.position
        var offset = draw.offset
        // On the signal model the payer's body and carriage, from a stream of the payer's own.
        var body: (carriage: Carriage, gain: DirectionGain)?
        if plan.radio.advertising == .signal {
            var stream = bodies.split(UInt64(index))
            body = plan.payerBehaviour.body.draw(using: &stream)
            offset += body?.carriage.offset ?? 0
        }
        let endpoint = medium.addPhone(DeviceRef.centralID(index: index), index: index, motion: .standing(at: position),
                                       offset: offset, bodyLoss: plan.payerBehaviour.bodyLoss)
        if let body { endpoint.carry(body.gain, facing: facing(till: till, from: position)) }
        if case let .faithful(profiles) = plan.linkLayer {
            endpoint.setPlatform(profiles.phoneProfile(draw: platforms.unitInterval()))
        }
        let timers = DeviceTimers<PhoneTimer>(clock: clock)
        // A phone's key pair is derived ahead once it picks a till (FloorReactions.swift).
        // Held by the unit alone (not `keyStreams`), so that it goes when the payer is retired.
        let keys = SeededKeys(keysRoot.split("phone \(index)"), pool: cryptoPool, tally: cryptoAhead)
        let driver = PhoneDriver(
            find: Find.Config(chooser: phoneSelection),
            radio: medium.centralRadio(for: endpoint), clock: timers.deviceClock, keys: keys.source,
            log: deviceLog == nil ? .discard : DeviceLog { [unowned self] line in deviceLog?(.phone(index), line) },
            observe: phoneObserver(index)
        )
        let missedDeadline: (PhoneTimer) -> Void = { [unowned self] timer in
            if timer == .deadline { ledger.attemptMissedDeadline(phone: index) }
        }
        let phone = Phone(index: index, executor: loop.executor, driver: confined(driver), timers: confined(timers),
                          timerFired: confined(missedDeadline))
        let unit = PhoneUnit(index: index, endpoint: endpoint, till: till, device: phone, keys: keys)
        // Every packet heard enters the phone synchronously: the medium runs on the run's executor too.
        endpoint.deliver(to: { [phone] in phone.hearOnRun($0) })
        endpoint.sendReports(to: phone)
        phoneUnits[index] = unit
        let behaviour = plan.payerBehaviour
        if let draw = draw.availability {
            if draw < behaviour.bluetoothOffFraction {
                medium.setAvailability(.phone(index), .off)
            } else if draw < behaviour.bluetoothOffFraction + behaviour.bluetoothNotAllowedFraction {
                medium.setAvailability(.phone(index), .notAllowed)
            }
        }
        return unit
    }

}

extension Floor {
    // MARK: faults

    /// Whether a fault's device is on the floor (a payer who has not arrived is not).
    func exists(_ device: DeviceRef) -> Bool {
        switch device {
        case let .till(index): tills.indices.contains(index)
        case let .phone(index):
            // A payer retired after leaving is not on the floor (a payer a timed fault names is never retired).
            index >= 0 && index < payerCount && (phoneUnits[index] != nil || pendingPayers?.covers(index) == true)
                && { _ = phone(index); return true }()
        }
    }

    func skipped(_ device: DeviceRef) {
        record(.faultSkipped(device))
    }

    /// Hands the plan's faults to the injector, which wraps the medium.
    func scheduleFaults() {
        // Payers a timed fault names stay on the floor to the end (retired, the fault would find no one).
        for fault in plan.faults {
            switch fault {
            case let .dropLink(phone?, _), let .walkAway(phone, _, _, _, _), let .bluetooth(.phone(phone), _, _):
                retirement.keep.insert(phone)
            default: break
            }
        }
        faults.install(plan.faults, exists: { [unowned self] in exists($0) }, skipped: { [unowned self] in skipped($0) })
    }
}

/// Floors written in Swift: devices placed one by one, and persons whose
/// processes the caller writes (see `Person`). Use with
/// `Floor(plan:seed:builtInPersons: false)`, whose plan gives the tills, the
/// radio and the faults, and no payers act on their own.
extension Floor {
    /// The till at `index` in `plan.tills` (counted from 0).
    public func till(_ index: Int) -> Till { tills[index].device }

    /// The phone of payer `index` (counted from 0), placed with `placePhone(at:)`.
    public func phone(at index: Int) -> Phone { phone(index).device }

    /// Places a payer with a phone at `position`; returns the phone. Payers
    /// are numbered in the order they are placed.
    @discardableResult
    public func placePhone(at position: Position) -> Phone {
        addPhone(till: 0, at: position).device
    }

    /// Starts a person: `body` runs as a task on the run's executor when the
    /// run begins, on virtual time, with its own stream of the seed (named by
    /// `name`). It ends when `body` returns or throws: when the run ends, its
    /// task is cancelled, and a sleep or a wait for a screen (`showing`) cut
    /// short by the end throws `CancellationError`.
    public func person(_ name: String, _ body: @escaping @Sendable (Person) async throws -> Void) {
        let person = Person(name: name, floor: confined(self), random: root.split("person \(name)"))
        loop.spawn {
            do { try await body(person) } catch {}
        }
    }
}
