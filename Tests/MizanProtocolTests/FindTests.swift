import MizanSelection
import Testing
@testable import MizanProtocol

@Suite struct FindTests {
    /// Two tills heard equally: "confident or wait" is never confident, so Find
    /// must decide when the deadline passes, counted from the first packet, even
    /// though it keeps only the last window's samples.
    @Test func confidentOrWaitDecidesAtItsDeadlineAcrossPrunedWindows() {
        let strategy = SelectionStrategy.confidentOrWait(base: .highestMean(window: .seconds(1)), margin: 3, deadline: .seconds(3))
        let find = Find(config: Find.Config(chooser: strategy))
        var state = Find.initialState
        _ = find.reduce(&state, .tapStart)
        var decidedAt: Duration?
        for tick in 1...8 {
            for k in 0..<10 {
                let at = Duration.seconds(tick - 1) + .milliseconds(100 * k + 50)
                _ = find.reduce(&state, .advertisementSeen(RSSISample(till: TillID(1), rssi: -60, at: at)))
                _ = find.reduce(&state, .advertisementSeen(RSSISample(till: TillID(2), rssi: -60, at: at)))
            }
            let effects = find.reduce(&state, .scanWindowElapsed(now: .seconds(tick)))
            if effects.contains(.startConnect(TillID(1))) { decidedAt = .seconds(tick); break }
            if case let .scanning(samples, _, _) = state { #expect(samples.count == 20, "only the last window is kept") }
        }
        #expect(decidedAt == .seconds(4)) // first packet at 0.05 s; deadline 3 s passes at the window ending at 4 s
    }

    @Test func aScanKeepsEveryPacketOfItsWindow() {
        let find = Find(config: .standard)
        var state = Find.initialState
        _ = find.reduce(&state, .tapStart)
        for k in 0..<500 {
            _ = find.reduce(&state, .advertisementSeen(RSSISample(till: TillID(UInt32(k % 7)), rssi: -50 - k % 9, at: .milliseconds(k))))
        }
        guard case let .scanning(samples, firstHeard, _) = state else { Issue.record("not scanning"); return }
        #expect(samples.count == 500)
        #expect(firstHeard == .zero)
    }

    /// `PhoneChain.hear` is what a driver applies per packet in place of
    /// `reduce`: in every state the chain passes through, it leaves the same
    /// state as `reduce(.advertisementSeen)`, which yields no command and keeps
    /// the screen.
    @Test func hearingAPacketIsReduceWithoutCommandsOrAScreenChange() {
        let chain = PhoneChain(find: .standard)
        var states: [PhoneChain.State] = [.initial]
        let paths: [[PhoneChain.Event]] = [
            PhoneScript.toConfirmed.map(\.event) + [.disconnected, .find(.dismiss)],
            [.find(.tapStart), .payerCancels],
            [.radioChanged(.off)], [.radioChanged(.notAllowed)],
            [.find(.tapStart), .radioChanged(.off)],
            [.find(.tapStart), .deadlinePassed],
        ]
        for path in paths {
            var state = PhoneChain.State.initial
            for event in path {
                _ = chain.reduce(&state, event)
                states.append(state)
                if case .scanning = state.find {
                    _ = chain.reduce(&state, .advertisementSeen(RSSISample(till: TillID(3), rssi: -70, at: .milliseconds(40))))
                    states.append(state)
                }
            }
        }
        #expect(states.count > 12)
        let samples = [RSSISample(till: TillID(9), rssi: -55, at: .milliseconds(250)),
                       RSSISample(till: TillID(9), rssi: RSSISample.notAvailable, at: .milliseconds(260))]
        for start in states {
            for sample in samples {
                var reduced = start, heard = start
                let commands = chain.reduce(&reduced, .advertisementSeen(sample))
                PhoneChain.hear(sample, &heard)
                #expect(commands.isEmpty)
                #expect(heard == reduced)
                #expect(PhoneChain.screen(heard) == PhoneChain.screen(start))
            }
        }
    }
}
