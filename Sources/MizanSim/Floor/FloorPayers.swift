import MizanGeometry
import MizanRadio
import MizanTime
import MizanProtocol

/// Payers arriving, operators locking their amounts, payers tapping Start.
extension Floor {
    // MARK: payers

    func setUpPayers() {
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
            // Payers present from the start are created when first needed (`phone(_:)`):
            // here the payers' stream only moves past their draws, so what follows draws as before.
            let count = meanGap == .zero ? Swift.max(idle, tills.count) : idle
            let tillCount = meanGap == .zero ? tills.count : 0
            let till: @Sendable (Int) -> Int = { payer in tillCount > 0 ? payer % tillCount : 0 }
            var pending = PendingPayers(cursor: payers, first: payerCount, end: payerCount + count, till: till)
            for index in payerCount..<(payerCount + count) {
                pending.passing(index, stream: payers)
                _ = drawPayer(standing: nil, using: &payers)
            }
            pendingPayers = pending
            if meanGap == .zero {
                // Queues that never empty: the payers present take turns at their till.
                for till in tills { till.queue = PayerQueue(from: payerCount + till.index, to: payerCount + count, by: tills.count) }
            }
            payerCount += count
        }
    }

    /// Payer `index`'s phone, created now if the payer has not acted before.
    func phone(_ index: Int) -> PhoneUnit {
        if let phone = phoneUnits[index] { return phone }
        guard var pending = pendingPayers, pending.covers(index) else {
            preconditionFailure("payer \(index) is not on the floor")
        }
        pendingPayers = nil
        let draw = pending.take(index) { drawPayer(standing: nil, using: &$0) }
        pendingPayers = pending
        return addPhone(index: index, till: pending.till(index), draw: draw)
    }

    /// At time zero: the first locks, and the first arrivals.
    func startPayers() {
        switch plan.payers {
        case let .pairs(_, perTill):
            for till in tills { lock(till, for: till.index * perTill) }
        case let .queues(meanGap, _):
            if meanGap == .zero {
                for till in tills { if let first = till.queue.first { lock(till, for: first) } }
            } else {
                for till in tills { startArrivals(at: till, meanGap: meanGap) }
            }
        }
    }

    func idlePosition() -> Position { idlePosition(using: &payers) }

    /// The way a payer standing at `position` faces: toward their till (radians, 0 along +x).
    func facing(till: Int, from position: Position) -> Double {
        guard plan.tills.indices.contains(till) else { return 0 }
        let at = plan.tills[till].position
        return DirectionGain.bearing(fromX: position.x, y: position.y, toX: at.x, toY: at.y)
    }

    func idlePosition(using generator: inout SeededGenerator) -> Position {
        let (width, depth) = idleArea
        return Position(x: generator.uniform(0...width), y: generator.uniform(Swift.min(2, depth)...depth), z: plan.radio.phoneHeight)
    }

    /// Where idle payers stand (`idlePosition`): the plan's area, else as far along as the tills
    /// reach and 10 m deeper than them. Worked out once: every idle payer asks.
    static func idleArea(of plan: FloorPlan) -> (width: Double, depth: Double) {
        (plan.width ?? Swift.max(plan.tills.map(\.position.x).max() ?? 0, 1),
         plan.depth ?? (Swift.max(plan.tills.map(\.position.y).max() ?? 0, 0) + 10))
    }

    /// Each payer's amount: spread over the plan's range (a prime stride), so
    /// neighbours in a queue bring different amounts and can tell theirs.
    /// `nil` only for a range that is not positive, which reading a plan refuses.
    func amount(forPayer payer: Int) -> Amount? {
        let range = tills[phone(payer).till].plan.amountRange ?? plan.payerBehaviour.amountRange
        let span = range.upperBound - range.lowerBound + 1
        let minor = range.lowerBound + Int64(payer &* 7_919) % span
        return try? Amount(minorUnits: minor, currency: plan.payerBehaviour.currency)
    }

    /// The payers arriving at one till, one after another, each after an
    /// exponential gap: a process on virtual time for as long as the run lasts.
    func startArrivals(at till: TillUnit, meanGap: Duration) {
        let first = arrivals.exponential(mean: meanGap.seconds)
        process { [clock, index = till.index] floor in
            var gap = first
            while true {
                do { try await clock.wait(for: .seconds(gap)) } catch { return }
                gap = floor.value.arrives(at: index, meanGap: meanGap)
            }
        }
    }

    /// A payer arrives and joins `till`'s queue; returns the gap before the next.
    func arrives(at index: Int, meanGap: Duration) -> Double {
        let till = tills[index]
        // A full line: the payer goes away (nothing of theirs is drawn).
        guard till.queue.count < plan.payerBehaviour.queueLimit else {
            payersTurnedAway += 1
            record(.payerTurnedAway(till: index))
            return arrivals.exponential(mean: meanGap.seconds)
        }
        let phone = addPhone(till: till.index, at: idlePosition())
        till.queue.append(phone.index)
        record(.arrives(phone: phone.index, till: till.index))
        if till.lockedFor == nil, till.lockStep == nil { lock(till, for: phone.index) }
        return arrivals.exponential(mean: meanGap.seconds)
    }

    /// The operator locks the payer's amount; the payer steps up and taps Start.
    func lock(_ till: TillUnit, for payer: Int) {
        till.lockStep = nil
        guard !draining else { return }
        till.lockedFor = payer
        let phone = phone(payer)
        if phone.amount == nil { phone.amount = amount(forPayer: payer) }
        if case .queues = plan.payers {
            let stand = Position(x: till.plan.position.x + payers.uniform(plan.payerBehaviour.standX),
                                 y: till.plan.position.y + payers.uniform(plan.payerBehaviour.standY),
                                 z: plan.radio.phoneHeight)
            phone.endpoint.move(.standing(at: stand), facing: facing(till: till.index, from: stand))
        }
        ledger.hostStarted(till: till.index, at: now)
        record(.operatorLocks(till: till.index, phone: payer, by: nil))
        tappedForLock.remove(payer)
        if let amount = phone.amount { till.device.entered { $0.enter(amount) } } else { till.handle(.entry(.newSale)) }
        if let delay = plan.operators.cancelAfter { scheduleOperatorCancel(till, after: delay) }
        switch plan.payers {
        case let .pairs(_, perTill):
            // Every phone of the till taps Start when its amount is locked.
            for k in 0..<perTill {
                self.phone(till.index * perTill + k).amount = phone.amount
                tapStart(self.phone(till.index * perTill + k))
            }
        case .queues:
            tapStart(phone)
        }
    }

    /// The operator locks `payer`'s amount after `delay`, unless a newer lock replaces this one first.
    func scheduleLock(_ till: TillUnit, for payer: Int, after delay: Duration) {
        if let pending = till.lockStep { personTimers.cancel(pending) }
        till.lockStep = personTimers.schedule(.operatorLocks(till: till.index, payer: payer), after: delay)
    }

    func tapStart(_ phone: PhoneUnit) {
        guard !phone.busy, !draining else { return } // mid-transaction, Start is not on screen; or the run is ending
        tappedForLock.insert(phone.index)
        ledger.attemptStarted(phone: phone.index, at: now, platform: phone.endpoint.platformName)
        record(.payerTapsStart(phone: phone.index))
        phone.device.entered { $0.tapStart() }
        if let delay = plan.payerBehaviour.cancelAfter, let attempt = ledger.openAttempt(of: phone.index)?.index {
            process(for: phone) { [device = phone.device] floor in await device.payerCancels(after: delay, attempt: attempt, floor) }
        }
    }

    func scheduleOperatorCancel(_ till: TillUnit, after delay: Duration) {
        guard let started = ledger.lastHostIndex else { return }
        process { [device = till.device] floor in await device.operatorCancels(after: delay, sale: started, floor) }
    }

    // MARK: payers who left for good (`PayerRetirement`)

    /// Payer `phone` left the queue for good: retire it once its phone is idle, and retire those due.
    func payerLeft(_ phone: PhoneUnit) {
        guard retirement.enabled, !retirement.keep.contains(phone.index) else { return }
        retirement.left(phone.index, at: now)
        retireLeftPayers()
    }

    /// Retires the payers who left at least `PayerRetirement.delay` ago and whose phones are idle.
    func retireLeftPayers() {
        while let payer = retirement.nextDue(at: now) {
            guard let phone = phoneUnits[payer] else { continue }
            if isIdleForGood(phone) {
                retire(phone)
            } else {
                retirement.left(payer, at: now) // still busy: look again later
            }
        }
    }

    /// Nothing of the payer's can act again: no process, no unsettled attempt, no radio activity, no timer.
    func isIdleForGood(_ phone: PhoneUnit) -> Bool {
        guard phone.processes == 0, !ledger.hasUnsettledAttempt(phone: phone.index) else { return false }
        let endpoint = phone.endpoint
        guard endpoint.isIdle else { return false }
        return phone.device.entered { !$0.busy && $0.timers.isIdle }
    }

    /// Drops everything the floor and the medium keep for the payer; the index stays taken.
    func retire(_ phone: PhoneUnit) {
        phoneUnits[phone.index] = nil
        medium.removePhone(phone.index)
        tappedForLock.remove(phone.index)
        retirement.countRetired()
    }

    /// Starts a process of the payer's (see `process(_:)`); the phone is not retired while it runs.
    @discardableResult
    func process(for phone: PhoneUnit, _ body: sending @escaping (RunConfined<Floor>) async -> Void) -> Task<Void, Never> {
        phone.processes += 1
        return process { [index = phone.index] floor in
            await body(floor)
            floor.value.phoneUnits[index]?.processes -= 1
        }
    }
}
