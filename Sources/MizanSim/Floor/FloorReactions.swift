import MizanRadio
import MizanTime
import MizanProtocol
import MizanRuntime

/// What operators and payers do when their devices report: pick, decide, lock again, tap again.
extension Floor {
    // MARK: what the devices report

    func observed(_ till: TillUnit, _ observation: HostObservation) {
        switch observation {
        case let .screen(screen):
            record(.tillScreen(till: till.index, screen))
            guard builtInPersons else { return till.device.entered { $0.showed(screen) } }
            if screen == .pickOutcome || screen == .pickOutcomePayerNotTold { schedulePick(till) }
        case let .serving(central, transaction):
            let phone = DeviceRef(central).index
            record(.serving(till: till.index, phone: phone))
            ledger.hostServing(till: till.index, transaction: transaction, phone: phone)
        case let .finished(ending, transaction):
            record(.tillEnded(till: till.index, ending))
            ledger.hostFinished(till: till.index, ending: ending, transaction: transaction, screen: till.screen, at: now)
            if ending.charged { countSuccess() }
            if builtInPersons { operatorAfterEnding(till, charged: ending.charged) }
        }
    }

    func schedulePick(_ till: TillUnit) {
        let delay = operators.uniform(plan.operators.pickDelay)
        let outcome: Outcome = operators.unitInterval() < plan.operators.successProbability ? .success : .failure
        personTimers.schedule(.operatorPicks(till: till.index, outcome: outcome), after: .seconds(delay))
    }

    /// A built-in person's step is due (`PersonTimers`): done in the device's isolation.
    func perform(_ step: PersonStep) {
        switch step {
        case let .operatorPicks(index, outcome):
            let floor = confined(self)
            tills[index].device.entered { $0.operatorPicksNow(outcome, floor.value) }
        case let .payerDecides(index, willing):
            guard let phone = phoneUnits[index] else { return }
            let floor = confined(self)
            phone.device.entered { $0.payerDecidesNow(willing: willing, floor.value) }
            phone.processes -= 1
        case let .operatorLocks(index, payer):
            lock(tills[index], for: payer)
        case let .payerTapsAgain(index):
            tapStart(phone(index))
        }
    }


    func operatorAfterEnding(_ till: TillUnit, charged: Bool) {
        switch plan.payers {
        case let .pairs(_, perTill):
            scheduleLock(till, for: till.index * perTill, after: plan.operators.lockDelay)
        case let .queues(meanGap, _):
            guard let payer = till.lockedFor else { return }
            till.lockedFor = nil
            let phone = phone(payer)
            if charged {
                phone.failures = 0
                till.queue.remove(payer)
                if meanGap == .zero { till.queue.append(payer) } else { payerLeft(phone) } // back to the end of a queue that never empties; or gone
            } else {
                phone.failures += 1
                if phone.failures >= plan.payerBehaviour.attempts {
                    phone.failures = 0
                    till.queue.remove(payer)
                    record(.payerLeaves(phone: phone.index))
                    if meanGap == .zero { till.queue.append(payer) } else { payerLeft(phone) }
                }
            }
            let delay = till.droppedLock ? plan.operators.relockDelay : plan.operators.lockDelay
            till.droppedLock = false
            if let next = till.queue.first { scheduleLock(till, for: next, after: delay) }
        }
    }

    func observed(_ phone: PhoneUnit, _ observation: PhoneObservation) {
        switch observation {
        case let .screen(screen):
            record(.phoneScreen(phone: phone.index, screen))
            guard builtInPersons else { return phone.device.entered { $0.showed(screen) } }
            if screen == .reviewAmount { scheduleDecision(phone) }
        case let .connecting(tillID):
            let chosen = DeviceRef(tillID).index
            let nearest = nearestTill(to: phone)
            record(.chooses(phone: phone.index, till: chosen, nearest: nearest))
            ledger.attemptChose(phone: phone.index, till: chosen, nearest: nearest, at: medium.position(of: phone.endpoint),
                                time: now, platform: phone.endpoint.platformName)
            if tills.indices.contains(chosen) { phone.keys.prepareSession(with: tills[chosen].keys) }
        case .sentKey:
            ledger.attemptSentKey(phone: phone.index, at: now)
        case .secureLink:
            record(.secureLink(phone: phone.index))
            ledger.attemptSecure(phone: phone.index, at: now)
        case let .finished(ending):
            record(.phoneEnded(phone: phone.index, ending))
            ledger.attemptFinished(phone: phone.index, ending: ending, screen: phone.screen, at: now)
            if builtInPersons { payerAfterEnding(phone) }
        }
    }

    func scheduleDecision(_ phone: PhoneUnit) {
        let delay = payers.uniform(plan.payerBehaviour.reviewTime)
        let willing = payers.unitInterval() < plan.payerBehaviour.confirmProbability
        // The payer is not retired while they read (`PayerRetirement`).
        phone.processes += 1
        personTimers.schedule(.payerDecides(phone: phone.index, willing: willing), after: .seconds(delay))
    }


    func payerAfterEnding(_ phone: PhoneUnit) {
        switch plan.payers {
        case .pairs:
            personTimers.schedule(.payerTapsAgain(phone: phone.index), after: plan.payerBehaviour.restartDelay)
        case .queues:
            let till = tills[phone.till]
            guard till.lockedFor == phone.index else { return }
            let screen = till.screen
            let broadcasting = screen == .broadcasting || screen == .securingLink
            guard broadcasting else { return } // the till's transaction ends on its own; it will lock again
            if tappedForLock.contains(phone.index) {
                // The payer's attempt failed while their amount is still on air: drop the lock.
                record(.operatorCancels(till: till.index, by: nil))
                till.droppedLock = true
                till.handle(.operatorCancels)
            } else {
                tapStart(phone)
            }
        }
    }

    func nearestTill(to phone: PhoneUnit) -> Int? {
        medium.tillsAcross.nearest(to: medium.position(of: phone.endpoint))
    }

    func countSuccess() {
        successes += 1
        if let target = plan.stopAfterSuccesses, successes >= target { stopRequested = true }
    }

    func settled(_ settled: TransactionLedger.Settled) {
        record(.settled(settled.pair, settled.verdict))
    }

}
