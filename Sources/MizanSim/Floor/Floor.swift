import MizanProtocol
import MizanRuntime

/// One run of a shop floor: tills and phones running the real drivers over one
/// simulated medium, operators and payers acting by policy, faults on their
/// schedule, and the ledger checking every transaction as it settles.
/// Everything happens on the calling thread, in virtual time, from one seed.
public final class Floor {
    public let plan: FloorPlan
    public let seed: UInt64
    public let ledger = TransactionLedger()
    let loop = SimulationLoop()
    var clock: VirtualClock { loop.clock }
    let medium: RadioMedium
    private(set) var tills: [TillUnit] = []
    private(set) var phones: [PhoneUnit] = []
    private var operators: SeededGenerator
    private var payers: SeededGenerator
    private var arrivals: SeededGenerator
    private let keysRoot: SeededGenerator
    private var keyStreams: [SeededKeys] = []
    private let trace: TraceWriter?
    private let deviceLog: ((DeviceRef, String) -> Void)?
    public private(set) var successes = 0
    private var stopRequested = false
    /// After the plan's duration: no new locks or Starts; what runs, ends.
    private var draining = false
    /// Whether the payer tapped Start for their till's current lock.
    private var tappedForLock: Set<Int> = []

    public init(plan: FloorPlan, seed: UInt64, trace: TraceWriter? = nil, deviceLog: ((DeviceRef, String) -> Void)? = nil) throws(FrameError) {
        self.plan = plan
        self.seed = seed
        self.trace = trace
        self.deviceLog = deviceLog
        let root = SeededGenerator(seed: seed)
        operators = root.split("operators")
        payers = root.split("payers")
        arrivals = root.split("arrivals")
        keysRoot = root.split("keys")
        medium = RadioMedium(parameters: plan.radio, clock: loop.clock, generator: root.split("radio"), audibility: plan.audibility)
        if let trace { medium.observe = { [unowned self] in Self.write($0, to: trace, at: now) } }
        ledger.onSettled = { [unowned self] in settled($0) }
        for (index, tillPlan) in plan.tills.enumerated() { try addTill(index, tillPlan) }
        setUpPayers()
        // Faults before the first lock: one at time zero comes first.
        scheduleFaults()
        clock.schedule(at: .start) { [unowned self] in startPayers() }
    }

    var now: Duration { clock.now.sinceStart }

    // MARK: running

    /// Runs until the plan's duration (or its success target); `progress` is
    /// called every virtual second with the virtual time reached. With
    /// `drain`, it then starts nothing new and runs on (up to `drainLimit`)
    /// until every transaction under way has ended.
    public func run(drain: Bool = false, drainLimit: Duration = .seconds(600), progress: ((Duration) -> Void)? = nil) -> FloorReport {
        var reached = Duration.zero
        while reached < plan.duration, !stopRequested {
            reached = Swift.min(reached + .seconds(1), plan.duration)
            loop.run(until: VirtualInstant(sinceStart: reached))
            progress?(reached)
        }
        if drain {
            draining = true
            let limit = reached + drainLimit
            while reached < limit, !ledger.isSettled {
                reached += .seconds(1)
                loop.run(until: VirtualInstant(sinceStart: reached))
            }
        }
        loop.shutdown()
        return FloorReport(ledger: ledger, plan: plan, seed: seed, simulated: reached, tills: plan.tills.map(\.position),
                           packetsSent: medium.packetsSent, packetsHeard: medium.packetsHeard)
    }

    // MARK: devices

    private func addTill(_ index: Int, _ tillPlan: TillPlan) throws(FrameError) {
        let endpoint = medium.addTill(tillPlan.id, at: tillPlan.position, offset: tillPlan.rssiOffset)
        let timers = DeviceTimers<HostTimer>(clock: clock)
        let unit = TillUnit(index: index, plan: tillPlan, endpoint: endpoint, timers: timers)
        let keys = SeededKeys(keysRoot.split("till \(index)"))
        keyStreams.append(keys)
        unit.driver = try HostDriver(
            tillID: tillPlan.id, tillLabel: tillPlan.label, countdown: tillPlan.countdown,
            cryptoLatency: plan.radio.hostCryptoLatency,
            radio: medium.peripheralRadio(for: endpoint), clock: timers.deviceClock, keys: keys.source,
            log: DeviceLog { [unowned self] line in deviceLog?(.till(index), line) },
            observe: { [unowned self, unowned unit] in observed(unit, $0) }
        )
        // The driver itself, not the unit: no unowned check on every delivery (the driver holds nothing that holds the endpoint).
        endpoint.deliver = { [driver = unit.driver!] in driver.handle(radio: $0) }
        timers.fire = { [unowned unit] in unit.driver.timerFired($0) }
        tills.append(unit)
    }

    @discardableResult
    private func addPhone(till: Int, at position: Position) -> PhoneUnit {
        let index = phones.count
        let offset = plan.payerBehaviour.phoneOffsetSigma > 0 ? payers.normal(mean: 0, sd: plan.payerBehaviour.phoneOffsetSigma) : 0
        let endpoint = medium.addPhone(CentralID(UInt32(index + 1)), motion: .standing(at: position),
                                       offset: offset, bodyLoss: plan.payerBehaviour.bodyLoss)
        let timers = DeviceTimers<PhoneTimer>(clock: clock)
        let unit = PhoneUnit(index: index, endpoint: endpoint, timers: timers, till: till)
        let keys = SeededKeys(keysRoot.split("phone \(index)"))
        keyStreams.append(keys)
        unit.driver = PhoneDriver(
            find: Find.Config(strategy: plan.phoneSelection),
            radio: medium.centralRadio(for: endpoint), clock: timers.deviceClock, keys: keys.source,
            log: DeviceLog { [unowned self] line in deviceLog?(.phone(index), line) },
            observe: { [unowned self, unowned unit] in observed(unit, $0) }
        )
        // The driver itself, not the unit: no unowned check on every packet (the driver holds nothing that holds the endpoint).
        endpoint.deliver = { [driver = unit.driver!] in driver.handle(radio: $0) }
        timers.fire = { [unowned self, unowned unit] timer in
            if timer == .deadline { ledger.attemptMissedDeadline(phone: unit.index) }
            unit.driver.timerFired(timer)
        }
        phones.append(unit)
        return unit
    }

    // MARK: payers

    private func setUpPayers() {
        switch plan.payers {
        case let .pairs(distance, perTill):
            for till in tills {
                for k in 0..<perTill {
                    let position = Position(x: till.plan.position.x + 0.2 * Double(k), y: till.plan.position.y + distance,
                                            z: plan.radio.phoneHeight)
                    addPhone(till: till.index, at: position)
                }
            }
        case let .queues(meanGap, idle):
            if meanGap == .zero {
                // Queues that never empty: the payers present take turns at their till.
                let count = Swift.max(idle, tills.count)
                for payer in 0..<count {
                    let till = tills[payer % tills.count]
                    let phone = addPhone(till: till.index, at: idlePosition())
                    till.queue.append(phone.index)
                }
            } else {
                for _ in 0..<idle { addPhone(till: 0, at: idlePosition()) }
            }
        }
    }

    /// At time zero: the first locks, and the first arrivals.
    private func startPayers() {
        switch plan.payers {
        case let .pairs(_, perTill):
            for till in tills { lock(till, for: till.index * perTill) }
        case let .queues(meanGap, _):
            if meanGap == .zero {
                for till in tills { lock(till, for: till.queue[0]) }
            } else {
                for till in tills { scheduleArrival(at: till, meanGap: meanGap) }
            }
        }
    }

    private func idlePosition() -> Position {
        let width = plan.width ?? Swift.max(plan.tills.map(\.position.x).max() ?? 0, 1)
        let depth = plan.depth ?? (Swift.max(plan.tills.map(\.position.y).max() ?? 0, 0) + 10)
        return Position(x: payers.uniform(0...width), y: payers.uniform(2...depth), z: plan.radio.phoneHeight)
    }

    /// Each payer's amount: spread over the plan's range (a prime stride), so
    /// neighbours in a queue bring different amounts and can tell theirs.
    /// `nil` only for a range that is not positive, which reading a plan refuses.
    private func amount(forPayer payer: Int) -> Amount? {
        let range = plan.payerBehaviour.amountRange
        let span = range.upperBound - range.lowerBound + 1
        let minor = range.lowerBound + Int64(payer &* 7_919) % span
        return try? Amount(minorUnits: minor, currency: plan.payerBehaviour.currency)
    }

    private func scheduleArrival(at till: TillUnit, meanGap: Duration) {
        let gap = arrivals.exponential(mean: meanGap.seconds)
        clock.schedule(after: .seconds(gap)) { [unowned self, unowned till] in
            let phone = addPhone(till: till.index, at: idlePosition())
            till.queue.append(phone.index)
            trace?.write(at: now, device: phone.name, event: "arrives", [("till", .int(till.index + 1))])
            if till.lockedFor == nil, till.lockTimer == nil { lock(till, for: phone.index) }
            scheduleArrival(at: till, meanGap: meanGap)
        }
    }

    /// The operator locks the payer's amount; the payer steps up and taps Start.
    private func lock(_ till: TillUnit, for payer: Int) {
        till.lockTimer = nil
        guard !draining else { return }
        till.lockedFor = payer
        let phone = phones[payer]
        if phone.amount == nil { phone.amount = amount(forPayer: payer) }
        if case .queues = plan.payers {
            let stand = Position(x: till.plan.position.x + payers.uniform(plan.payerBehaviour.standX),
                                 y: till.plan.position.y + payers.uniform(plan.payerBehaviour.standY),
                                 z: plan.radio.phoneHeight)
            phone.endpoint.motion = .standing(at: stand)
        }
        ledger.hostStarted(till: till.index, at: now)
        trace?.write(at: now, device: till.name, event: "operator locks", [("phone", .int(payer + 1))])
        till.driver.handle(.operatorStartsNewSale)
        tappedForLock.remove(payer)
        if let amount = phone.amount { till.driver.handle(.operatorLocks(amount)) }
        if let delay = plan.operators.cancelAfter { scheduleOperatorCancel(till, after: delay) }
        switch plan.payers {
        case let .pairs(_, perTill):
            // Every phone of the till taps Start when its amount is locked.
            for k in 0..<perTill {
                phones[till.index * perTill + k].amount = phone.amount
                tapStart(phones[till.index * perTill + k])
            }
        case .queues:
            tapStart(phone)
        }
    }

    private func scheduleLock(_ till: TillUnit, for payer: Int, after delay: Duration) {
        if let timer = till.lockTimer { clock.cancel(timer) }
        till.lockTimer = clock.schedule(after: delay) { [unowned self, unowned till] in lock(till, for: payer) }
    }

    private func tapStart(_ phone: PhoneUnit) {
        guard !phone.busy, !draining else { return } // mid-transaction, Start is not on screen; or the run is ending
        tappedForLock.insert(phone.index)
        ledger.attemptStarted(phone: phone.index, at: now)
        trace?.write(at: now, device: phone.name, event: "payer taps Start")
        phone.driver.handle(.tapStart)
        if let delay = plan.payerBehaviour.cancelAfter {
            let attempt = ledger.openAttempt(of: phone.index)?.index
            clock.schedule(after: delay) { [unowned self, unowned phone] in
                guard let attempt, ledger.openAttempt(of: phone.index)?.index == attempt else { return }
                switch phone.driver.screen {
                case .searching, .connecting, .reviewAmount:
                    trace?.write(at: now, device: phone.name, event: "payer cancels")
                    phone.driver.handle(.payerCancels)
                default: break
                }
            }
        }
    }

    private func scheduleOperatorCancel(_ till: TillUnit, after delay: Duration) {
        let started = ledger.hosts.count - 1
        clock.schedule(after: delay) { [unowned self, unowned till] in
            guard ledger.hosts.indices.contains(started), ledger.hosts[started].ending == nil, ledger.hosts[started].till == till.index else { return }
            switch till.driver.screen {
            case .broadcasting, .securingLink, .waitingForPayer, .pickOutcome:
                trace?.write(at: now, device: till.name, event: "operator cancels")
                till.driver.handle(.operatorCancels)
            default: break
            }
        }
    }

    // MARK: what the devices report

    private func observed(_ till: TillUnit, _ observation: HostObservation) {
        switch observation {
        case let .screen(screen):
            trace?.write(at: now, device: till.name, event: "screen", [("screen", .string(screen.rawValue))])
            if screen == .pickOutcome || screen == .pickOutcomePayerNotTold { schedulePick(till) }
        case let .serving(central, transaction):
            let phone = Int(central.rawValue) - 1
            trace?.write(at: now, device: till.name, event: "serving", [("phone", .int(phone + 1))])
            ledger.hostServing(till: till.index, transaction: transaction, phone: phone)
        case let .finished(ending, transaction):
            trace?.write(at: now, device: till.name, event: "ended", [("ending", .string(ending.screen.rawValue))])
            ledger.hostFinished(till: till.index, ending: ending, transaction: transaction, screen: till.driver.screen, at: now)
            if ending.charged { countSuccess() }
            operatorAfterEnding(till, charged: ending.charged)
        }
    }

    private func schedulePick(_ till: TillUnit) {
        let delay = operators.uniform(plan.operators.pickDelay)
        let outcome: Outcome = operators.unitInterval() < plan.operators.successProbability ? .success : .failure
        clock.schedule(after: .seconds(delay)) { [unowned self, unowned till] in
            let screen = till.driver.screen
            guard screen == .pickOutcome || screen == .pickOutcomePayerNotTold else { return }
            trace?.write(at: now, device: till.name, event: "operator picks", [("outcome", .string(outcome == .success ? "success" : "failure"))])
            till.driver.handle(.operatorPicks(outcome))
        }
    }

    private func operatorAfterEnding(_ till: TillUnit, charged: Bool) {
        switch plan.payers {
        case let .pairs(_, perTill):
            scheduleLock(till, for: till.index * perTill, after: plan.operators.lockDelay)
        case let .queues(meanGap, _):
            guard let payer = till.lockedFor else { return }
            till.lockedFor = nil
            let phone = phones[payer]
            if charged {
                phone.failures = 0
                till.queue.removeAll { $0 == payer }
                if meanGap == .zero { till.queue.append(payer) } // back to the end of a queue that never empties
            } else {
                phone.failures += 1
                if phone.failures >= plan.payerBehaviour.attempts {
                    phone.failures = 0
                    till.queue.removeAll { $0 == payer }
                    trace?.write(at: now, device: phone.name, event: "payer leaves")
                    if meanGap == .zero { till.queue.append(payer) }
                }
            }
            if let next = till.queue.first { scheduleLock(till, for: next, after: plan.operators.lockDelay) }
        }
    }

    private func observed(_ phone: PhoneUnit, _ observation: PhoneObservation) {
        switch observation {
        case let .screen(screen):
            trace?.write(at: now, device: phone.name, event: "screen", [("screen", .string(screen.rawValue))])
            if screen == .reviewAmount { scheduleDecision(phone) }
        case let .connecting(tillID):
            let chosen = Int(tillID.rawValue) - 1
            let nearest = nearestTill(to: phone)
            trace?.write(at: now, device: phone.name, event: "chooses", [("till", .int(chosen + 1)), ("nearest", .int((nearest ?? -2) + 1))])
            ledger.attemptChose(phone: phone.index, till: chosen, nearest: nearest, at: medium.position(of: phone.endpoint))
        case .secureLink:
            trace?.write(at: now, device: phone.name, event: "secure link")
            ledger.attemptSecure(phone: phone.index, at: now)
        case let .finished(ending):
            trace?.write(at: now, device: phone.name, event: "ended", [("ending", .string(ending.screen.rawValue))])
            ledger.attemptFinished(phone: phone.index, ending: ending, screen: phone.driver.screen, at: now)
            payerAfterEnding(phone)
        }
    }

    private func scheduleDecision(_ phone: PhoneUnit) {
        let delay = payers.uniform(plan.payerBehaviour.reviewTime)
        let willing = payers.unitInterval() < plan.payerBehaviour.confirmProbability
        clock.schedule(after: .seconds(delay)) { [unowned self, unowned phone] in
            guard case let .reviewing(details) = phone.driver.state.review else { return }
            let theirs = details.amount == phone.amount
            let confirm = theirs && willing
            trace?.write(at: now, device: phone.name, event: confirm ? "payer confirms" : "payer declines")
            phone.driver.handle(confirm ? .payerConfirms : .payerDeclines)
        }
    }

    private func payerAfterEnding(_ phone: PhoneUnit) {
        switch plan.payers {
        case .pairs:
            clock.schedule(after: plan.payerBehaviour.restartDelay) { [unowned self, unowned phone] in tapStart(phone) }
        case .queues:
            let till = tills[phone.till]
            guard till.lockedFor == phone.index else { return }
            let broadcasting = till.driver.screen == .broadcasting || till.driver.screen == .securingLink
            guard broadcasting else { return } // the till's transaction ends on its own; it will lock again
            if tappedForLock.contains(phone.index) {
                // The payer's attempt failed while their amount is still on air: drop the lock.
                trace?.write(at: now, device: till.name, event: "operator cancels")
                till.driver.handle(.operatorCancels)
            } else {
                tapStart(phone)
            }
        }
    }

    private func nearestTill(to phone: PhoneUnit) -> Int? {
        var best: (index: Int, distance: Double)?
        for till in tills {
            let distance = medium.distance(phone.endpoint, till.endpoint)
            if let current = best, current.distance <= distance { continue }
            best = (till.index, distance)
        }
        return best?.index
    }

    private func countSuccess() {
        successes += 1
        if let target = plan.stopAfterSuccesses, successes >= target { stopRequested = true }
    }

    private func settled(_ record: TransactionLedger.Settled) {
        guard let trace else { return }
        var fields: [TraceWriter.Field] = [
            ("host", .string(record.pair.host?.screen.rawValue ?? "-")),
            ("phone", .string(record.pair.phone?.screen.rawValue ?? "-")),
        ]
        switch record.verdict {
        case let .agreed(ending): fields.append(("ending", .int(ending.rawValue)))
        case .violated: fields.append(("violation", .bool(true)))
        }
        trace.write(at: now, device: "floor", event: "settled", fields)
    }

    // MARK: faults

    /// Whether a fault's device is on the floor (a payer who has not arrived is not).
    private func exists(_ device: DeviceRef) -> Bool {
        switch device {
        case let .till(index): tills.indices.contains(index)
        case let .phone(index): phones.indices.contains(index)
        }
    }

    private func skipped(_ device: DeviceRef) {
        trace?.write(at: now, device: "floor", event: "fault skipped", [("reason", .string("\(device) is not on the floor"))])
    }

    private func scheduleFaults() {
        for fault in plan.faults {
            switch fault {
            case let .dropLink(phone, time):
                clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned self] in
                    if let phone, !exists(.phone(phone)) { return skipped(.phone(phone)) }
                    medium.dropLinks(phone: phone)
                }
            case let .dropLinkAtStep(point, phone, after):
                medium.arm(point, phone: phone, after: after)
            case let .corruptFrame(type, phone):
                medium.armCorruption(of: type, phone: phone)
            case let .bluetooth(device, availability, time):
                clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned self] in
                    if exists(device) { medium.setAvailability(device, availability) } else { skipped(device) }
                }
            case let .walkAway(phone, time, speed, dx, dy):
                let length = Swift.max((dx * dx + dy * dy).squareRoot(), 1e-9)
                clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned self] in
                    guard exists(.phone(phone)) else { return skipped(.phone(phone)) }
                    medium.walk(phone: phone, at: now, velocity: (speed * dx / length, speed * dy / length))
                }
            }
        }
    }

    private static func write(_ event: MediumEvent, to trace: TraceWriter, at time: Duration) {
        switch event {
        case let .advertisingStarted(till): trace.write(at: time, device: "till-\(till + 1)", event: "advertising starts")
        case let .advertisingStopped(till): trace.write(at: time, device: "till-\(till + 1)", event: "advertising stops")
        case let .connected(phone, till): trace.write(at: time, device: "phone-\(phone + 1)", event: "connected", [("till", .int(till + 1))])
        case let .connectFailed(phone, till):
            trace.write(at: time, device: "phone-\(phone + 1)", event: "connect failed", [("till", .int((till ?? -2) + 1))])
        case let .sent(phone, till, toTill, type, bytes):
            trace.write(at: time, device: toTill ? "phone-\(phone + 1)" : "till-\(till + 1)", event: "sends",
                        [("frame", .string(type?.name ?? "unknown")), ("bytes", .int(bytes)), ("to", .string(toTill ? "till-\(till + 1)" : "phone-\(phone + 1)"))])
        case let .delivered(phone, till, toTill, type):
            trace.write(at: time, device: toTill ? "till-\(till + 1)" : "phone-\(phone + 1)", event: "receives",
                        [("frame", .string(type?.name ?? "unknown"))])
        case let .linkLost(phone, till, reason):
            trace.write(at: time, device: "phone-\(phone + 1)", event: "link lost", [("till", .int(till + 1)), ("reason", .string(reason.rawValue))])
        case let .unsubscribed(phone, till):
            trace.write(at: time, device: "till-\(till + 1)", event: "unsubscribed", [("phone", .int(phone + 1))])
        case let .serviceRetired(till): trace.write(at: time, device: "till-\(till + 1)", event: "service retired")
        case let .power(device, availability):
            let name = switch device { case let .till(i): "till-\(i + 1)"; case let .phone(i): "phone-\(i + 1)" }
            trace.write(at: time, device: name, event: "bluetooth", [("state", .string("\(availability)"))])
        }
    }
}

extension Duration {
    /// Seconds as a `Double`.
    public var seconds: Double {
        let (whole, atto) = components
        return Double(whole) + Double(atto) * 1e-18
    }
}
