import MizanRadio
import MizanTime
import MizanProtocol

// The floor file's people. The steps everyone takes (operators pick, payers
// decide) are timers of plain data (`PersonTimers`), done in the device's
// isolation when due (`Floor.perform`); the patience of operators and payers
// (`cancelAfter`, rarer) are processes on virtual time: each is started as a
// task on the run's executor (`Floor.process`), sleeps on the run's clock,
// and then acts on the device in its isolation. Either way, looking at the
// screen and acting on it happen together, and what they do goes to the
// floor's events (`Floor.record`) and ledger.

// Each process sleeps, then acts in one synchronous step (out of line): the
// step's values (the event it records, the screen it reads) stay out of the
// process's async frame, so the task's first allocator slab holds it.

extension Till {
    /// The operator's patience: after `delay`, if sale `sale` is still under
    /// way on the till and not yet paid, the operator cancels it.
    func operatorCancels(after delay: Duration, sale started: Int, _ floor: RunConfined<Floor>) async {
        do { try await floor.value.clock.wait(for: delay) } catch { return }
        operatorCancelsNow(sale: started, floor.value)
    }

    @inline(never)
    private func operatorCancelsNow(sale started: Int, _ floor: Floor) {
        guard let host = floor.ledger.host(at: started), host.ending == nil, host.till == index else { return }
        switch screen {
        case .broadcasting, .securingLink, .waitingForPayer, .pickOutcome:
            floor.record(.operatorCancels(till: index, by: nil))
            cancel()
        default: break
        }
    }

    /// The operator, who has looked at the till for their pick delay, picks `outcome` if the till still asks.
    func operatorPicksNow(_ outcome: Outcome, _ floor: Floor) {
        let shown = screen
        guard shown == .pickOutcome || shown == .pickOutcomePayerNotTold else { return }
        floor.record(.operatorPicks(till: index, outcome, by: nil))
        pick(outcome)
    }
}

extension Phone {
    /// The payer's patience: after `delay`, if the same attempt is still
    /// searching, connecting or showing the amount, the payer cancels it.
    func payerCancels(after delay: Duration, attempt: Int, _ floor: RunConfined<Floor>) async {
        do { try await floor.value.clock.wait(for: delay) } catch { return }
        payerCancelsNow(attempt: attempt, floor.value)
    }

    @inline(never)
    private func payerCancelsNow(attempt: Int, _ floor: Floor) {
        guard floor.ledger.openAttempt(of: index)?.index == attempt else { return }
        switch screen {
        case .searching, .connecting, .reviewAmount:
            floor.record(.payerCancels(phone: index, by: nil))
            cancel()
        default: break
        }
    }

    /// The payer, who has read the amount for their review time, confirms it if
    /// it is theirs and they are willing, and declines it otherwise.
    func payerDecidesNow(willing: Bool, _ floor: Floor) {
        guard case let .reviewing(details) = state.review else { return }
        let theirs = details.amount == floor.phone(index).amount
        let confirms = theirs && willing
        floor.record(.payerDecides(phone: index, confirms: confirms, by: nil))
        if confirms { confirm() } else { decline() }
    }
}
